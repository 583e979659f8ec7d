import { describe, expect, it } from 'vitest';
import { withoutManagedFields, type KubeObject } from '../../k8s/kube-object';
import { serverSetPaths } from './server-set-paths';

const asked: KubeObject = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', resourceVersion: '5', managedFields: [] },
  spec: { replicas: 2, template: { spec: { containers: [{ name: 'web', image: 'nginx' }] } } },
};

describe('serverSetPaths', () => {
  it('lists defaulted and mutated fields, not bookkeeping or status', () => {
    const answered: KubeObject = {
      ...asked,
      metadata: { name: 'web', resourceVersion: '6', generation: 3, managedFields: [{ manager: 'kubeglass' }], annotations: { injected: 'yes' } },
      spec: { replicas: 2, template: { spec: { containers: [{ name: 'web', image: 'nginx', imagePullPolicy: 'Always', terminationMessagePath: '/dev/termination-log' }] } } },
      status: { replicas: 1 },
    };
    expect(serverSetPaths(asked, answered)).toEqual([
      'metadata.annotations',
      'spec.template.spec.containers[0].imagePullPolicy',
      'spec.template.spec.containers[0].terminationMessagePath',
    ]);
    expect(serverSetPaths(asked, asked)).toEqual([]);
  });

  it('matches list items by merge key: a reordered answer lists only the defaulted fields, at their place in the answer', () => {
    const mine: KubeObject = { ...asked, spec: { template: { spec: { containers: [{ name: 'sidecar', image: 'busybox' }, { name: 'web', image: 'nginx' }] } } } };
    const answered: KubeObject = {
      ...asked,
      spec: { template: { spec: { containers: [{ name: 'web', image: 'nginx' }, { name: 'sidecar', image: 'busybox', imagePullPolicy: 'Always' }, { name: 'injected', image: 'envoy' }] } } },
    };
    expect(serverSetPaths(mine, answered)).toEqual(['spec.template.spec.containers[1].imagePullPolicy', 'spec.template.spec.containers[2]']);
    const lookup = Object.assign((path: readonly string[]) => (path.join('.') === 'spec.ports' ? { patchStrategy: ['merge'], patchMergeKey: 'port' } : undefined), { builtIn: true });
    const service = (ports: unknown[]): KubeObject => ({ metadata: { name: 's' }, spec: { ports } });
    expect(serverSetPaths(service([{ port: 80 }, { port: 443 }]), service([{ port: 443, protocol: 'TCP' }, { port: 80, protocol: 'TCP' }]), lookup)).toEqual([
      'spec.ports[0].protocol',
      'spec.ports[1].protocol',
    ]);
    expect(serverSetPaths(service([{ port: 80 }]), service([]), lookup)).toEqual(['spec.ports[0]']);
  });

  it('hides managedFields for the diff', () => {
    expect(withoutManagedFields(asked).metadata).toEqual({ name: 'web', resourceVersion: '5' });
  });
});
