import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { readJsonFixture } from '../../testing/fixtures';
import { ownersOfChangedFields, parseManagedFields } from './managed-fields';

const deployment = () => readJsonFixture<KubeObject>('objects/deployment-merge-patch-dryrun.json');

type Spec = { replicas: number; template: { spec: { containers: Array<Record<string, unknown>> } } };
const specOf = (o: KubeObject) => o.spec as Spec;

describe('parseManagedFields', () => {
  it('reads each manager of the recorded Deployment with readable field paths', () => {
    const managers = parseManagedFields(deployment());
    expect(managers.map((m) => [m.manager, m.operation, m.apiVersion, m.time, m.subresource])).toEqual([
      ['kubectl-client-side-apply', 'Update', 'apps/v1', '2026-11-21T22:22:10Z', ''],
      ['curl', 'Update', 'apps/v1', '2026-11-21T22:22:17Z', ''],
    ]);
    const kubectl = managers[0]!.fields;
    expect(kubectl).toContain('metadata.annotations[kubectl.kubernetes.io/last-applied-configuration]');
    expect(kubectl).toContain('metadata.labels');
    expect(kubectl).toContain('metadata.labels.app');
    expect(kubectl).toContain('spec.template.spec.containers[name=nginx]');
    expect(kubectl).toContain('spec.template.spec.containers[name=nginx].image');
    expect(kubectl).toContain('spec.template.spec.containers[name=nginx].ports[containerPort=80,protocol=TCP].containerPort');
    expect(kubectl).toContain('spec.template.spec.containers[name=nginx].resources');
    expect(kubectl).not.toContain('spec.replicas');
    expect(managers[1]!.fields).toEqual(['spec.replicas']);
  });

  it('reads set (v:) and index (i:) keys, and objects without managedFields', () => {
    const object: KubeObject = {
      metadata: {
        name: 'x',
        managedFields: [{ manager: 'm', operation: 'Apply', fieldsV1: { 'f:metadata': { 'f:finalizers': { 'v:"a/b"': {} } }, 'f:spec': { 'f:args': { 'i:0': {} } } }, subresource: 'status' }],
      },
    };
    expect(parseManagedFields(object)).toEqual([
      { manager: 'm', operation: 'Apply', apiVersion: '', time: '', subresource: 'status', fields: ['metadata.finalizers[value=a/b]', 'spec.args[0]'] },
    ]);
    expect(parseManagedFields({ metadata: { name: 'y' } })).toEqual([]);
  });
});

describe('ownersOfChangedFields', () => {
  it('names the manager of each changed field it owns, by list key, not by index', () => {
    const original = deployment();
    const modified = structuredClone(original);
    specOf(modified).replicas = 5;
    const containers = specOf(modified).template.spec.containers;
    containers.unshift({ name: 'sidecar', image: 'busybox' });
    containers[1]!.image = 'nginx:1.28';
    containers[1]!.env = [{ name: 'A', value: '1' }];
    expect(ownersOfChangedFields(original, modified)).toEqual([
      { path: 'spec.template.spec.containers[name=nginx].image', manager: 'kubectl-client-side-apply', operation: 'Update', subresource: '' },
      { path: 'spec.replicas', manager: 'curl', operation: 'Update', subresource: '' },
    ]);
  });

  it('reports a removed item, skips excluded managers, and ignores new keys in an owned map', () => {
    const original = deployment();
    const modified = structuredClone(original);
    specOf(modified).template.spec.containers = [];
    (modified.metadata.labels as Record<string, string>).tier = 'web';
    const owners = ownersOfChangedFields(original, modified, { exclude: (o) => o.manager === 'curl' });
    expect(owners.map((o) => o.path)).toContain('spec.template.spec.containers[name=nginx]');
    expect(owners.map((o) => o.path)).toContain('spec.template.spec.containers[name=nginx].image');
    expect(owners.every((o) => o.manager === 'kubectl-client-side-apply')).toBe(true);
    expect(owners.map((o) => o.path).filter((p) => p.startsWith('metadata'))).toEqual([]);
    expect(ownersOfChangedFields(original, structuredClone(original))).toEqual([]);
  });
});
