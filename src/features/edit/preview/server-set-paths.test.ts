import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../data/object-query';
import { serverSetPaths, withoutManagedFields } from './server-set-paths';

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

  it('hides managedFields for the diff', () => {
    expect(withoutManagedFields(asked).metadata).toEqual({ name: 'web', resourceVersion: '5' });
  });
});
