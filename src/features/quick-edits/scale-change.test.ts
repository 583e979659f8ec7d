import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import type { ApiResource } from '../../k8s/discovery/types';
import { buildMergePatch, type JsonObject } from '../../k8s/patch';
import { hasScaleSubresource, parseReplicas, scaleChange, scalePath, type Scale } from './scale-change';

const PATH = '/apis/apps/v1/namespaces/default/deployments/web';
const deployment: KubeObject = { kind: 'Deployment', apiVersion: 'apps/v1', metadata: { name: 'web', namespace: 'default', resourceVersion: '9' } };
const scale: Scale = {
  kind: 'Scale',
  apiVersion: 'autoscaling/v1',
  metadata: { name: 'web', namespace: 'default', resourceVersion: '9' },
  spec: { replicas: 2 },
  status: { replicas: 2, selector: 'app=web' },
};

function resource(subresources: ApiResource['subresources']): ApiResource {
  return {
    group: 'apps', version: 'v1', resource: 'deployments', kind: 'Deployment', singularName: 'deployment', namespaced: true,
    verbs: ['get', 'patch'], shortNames: [], categories: [], subresources, preferredVersion: true, groupVersion: 'apps/v1',
  };
}

describe('scaleChange', () => {
  it('patches spec.replicas on the /scale subresource with a merge patch', () => {
    const change = scaleChange(scale, PATH, deployment, 3);
    expect(change).toMatchObject({ apiPath: `${PATH}/scale`, original: scale, patchKind: 'merge', title: 'Scale Deployment web to 3 replicas' });
    expect(buildMergePatch(change.original as JsonObject, change.modified as JsonObject)).toEqual({ spec: { replicas: 3 } });
    expect(scale.spec?.replicas).toBe(2);
  });

  it('says replica for one, and can scale to zero', () => {
    expect(scaleChange(scale, PATH, deployment, 1).title).toBe('Scale Deployment web to 1 replica');
    expect(scaleChange(scale, PATH, deployment, 0).modified.spec).toEqual({ replicas: 0 });
  });

  it('works on a Scale without spec.replicas (omitted when 0)', () => {
    const change = scaleChange({ ...scale, spec: {} }, PATH, deployment, 2);
    expect(buildMergePatch(change.original as JsonObject, change.modified as JsonObject)).toEqual({ spec: { replicas: 2 } });
  });
});

describe('parseReplicas', () => {
  it.each([['3', 3], [' 0 ', 0], ['2147483647', 2147483647]])('reads %j', (text, replicas) => {
    expect(parseReplicas(text)).toEqual({ replicas, problem: null });
  });

  it.each([
    ['', 'Enter a number of replicas'],
    ['-1', 'Replicas must be a whole number of 0 or more'],
    ['1.5', 'Replicas must be a whole number of 0 or more'],
    ['three', 'Replicas must be a whole number of 0 or more'],
    ['2147483648', 'Replicas must be at most 2147483647'],
  ])('refuses %j', (text, problem) => {
    expect(parseReplicas(text)).toEqual({ replicas: null, problem });
  });
});

describe('hasScaleSubresource', () => {
  it('needs a scale subresource that can be read and patched', () => {
    const scaleSub = { name: 'scale', kind: 'Scale', group: 'autoscaling', version: 'v1', verbs: ['get', 'patch', 'update'] };
    expect(hasScaleSubresource(resource([scaleSub]))).toBe(true);
    expect(hasScaleSubresource(resource([{ ...scaleSub, verbs: ['get'] }]))).toBe(false);
    expect(hasScaleSubresource(resource([{ ...scaleSub, name: 'status' }]))).toBe(false);
    expect(hasScaleSubresource(undefined)).toBe(false);
  });

  it('builds the subresource path', () => {
    expect(scalePath(PATH)).toBe(`${PATH}/scale`);
  });
});
