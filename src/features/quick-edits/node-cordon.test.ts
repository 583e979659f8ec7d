import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { buildMergePatch, type JsonObject } from '../../k8s/patch';
import { expectStopChange } from '../../testing/stop-change';
import { cordonChange, isCordoned, isNode } from './node-cordon';

const PATH = '/api/v1/nodes/node-a';

function node(spec?: Record<string, unknown>): KubeObject {
  return { kind: 'Node', apiVersion: 'v1', metadata: { name: 'node-a', resourceVersion: '5' }, spec, status: { capacity: { cpu: '2' } } };
}

describe('cordonChange', () => {
  it('cordons with a merge patch setting spec.unschedulable', () => {
    const live = node({ podCIDR: '10.0.0.0/24' });
    expectStopChange(live, cordonChange(live, PATH, true), { apiPath: PATH, title: 'Cordon Node node-a', patch: { spec: { unschedulable: true } }, isStopped: isCordoned, stop: true });
  });

  it('cordons a node without a spec', () => {
    expect(buildMergePatch(node() as JsonObject, cordonChange(node(), PATH, true).modified as JsonObject)).toEqual({ spec: { unschedulable: true } });
  });

  it('uncordons by removing the field, as kubectl uncordon does', () => {
    const live = node({ podCIDR: '10.0.0.0/24', unschedulable: true });
    const change = cordonChange(live, PATH, false);
    expectStopChange(live, change, { apiPath: PATH, title: 'Uncordon Node node-a', patch: { spec: { unschedulable: null } }, isStopped: isCordoned, stop: false });
    expect(change.modified.spec).toEqual({ podCIDR: '10.0.0.0/24' });
  });
});

describe('isNode', () => {
  it('matches core Nodes only', () => {
    expect(isNode(node())).toBe(true);
    expect(isNode({ kind: 'Node', apiVersion: 'example.com/v1', metadata: {} })).toBe(false);
    expect(isNode({ kind: 'Pod', apiVersion: 'v1', metadata: {} })).toBe(false);
  });
});
