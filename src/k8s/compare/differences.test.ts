import { describe, expect, it } from 'vitest';
import { comparable } from './comparable';
import { differences } from './differences';

const deployment = (namespace: string, image: string, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace, uid: `uid-${namespace}`, resourceVersion: '7', generation: 2, creationTimestamp: '2026-12-01T00:00:00Z', annotations: { 'deployment.kubernetes.io/revision': '3' }, managedFields: [{ manager: 'kubectl' }] },
  spec: { replicas: 2, template: { spec: { containers: [{ name: 'web', image, ...extra }, { name: 'sidecar', image: 'envoy:1' }] } } },
  status: { readyReplicas: 2 },
});

describe('comparable and differences', () => {
  it('names the changed image by its container, and nothing the server set', () => {
    const a = comparable(deployment('staging', 'nginx:1.25'), false);
    const b = comparable(deployment('prod', 'nginx:1.27'), false);
    expect(differences(a, b)).toEqual([{ path: 'spec.template.spec.containers[web].image', left: 'nginx:1.25', right: 'nginx:1.27' }]);
    expect(a.status).toBeUndefined();
    expect(a.metadata).toEqual({ name: 'web' });
  });

  it('shows status and server-set fields when every field is asked for', () => {
    const paths = differences(comparable(deployment('staging', 'nginx:1.25'), true), comparable(deployment('prod', 'nginx:1.25'), true)).map((d) => d.path);
    expect(paths).toEqual(['metadata.namespace', 'metadata.uid']);
  });

  it('matches named items by name, so an inserted one is one difference', () => {
    const a = { containers: [{ name: 'a', image: '1' }, { name: 'b', image: '2' }] };
    const b = { containers: [{ name: 'x', image: '0' }, { name: 'a', image: '1' }, { name: 'b', image: '2' }] };
    expect(differences(a, b)).toEqual([{ path: 'containers[x]', left: undefined, right: { name: 'x', image: '0' } }]);
  });

  it('compares unnamed lists by position, and whole when their lengths differ', () => {
    expect(differences({ args: ['a', 'b'] }, { args: ['a', 'c'] })).toEqual([{ path: 'args[1]', left: 'b', right: 'c' }]);
    expect(differences({ args: ['a'] }, { args: ['a', 'c'] })).toEqual([{ path: 'args', left: ['a'], right: ['a', 'c'] }]);
  });

  it('keeps keys such as __proto__ as fields', () => {
    const a = JSON.parse('{"data":{"__proto__":"x"}}') as unknown;
    const b = JSON.parse('{"data":{"__proto__":"y"}}') as unknown;
    expect(differences(a, b)).toEqual([{ path: 'data.__proto__', left: 'x', right: 'y' }]);
  });
});
