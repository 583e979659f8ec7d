import { describe, expect, it } from 'vitest';
import { validatePodUpdate } from './pod-update.js';
import type { KubeObject } from './types.js';

const pod = (spec: Record<string, unknown>): KubeObject => ({ metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'nginx:1', resources: {} }], restartPolicy: 'Always', ...spec } });

describe('validatePodUpdate', () => {
  it('lets images, a first or lower activeDeadlineSeconds, added tolerations and a first nodeName change', () => {
    const old = pod({ tolerations: [{ key: 'a', operator: 'Exists' }] });
    expect(validatePodUpdate(pod({ containers: [{ name: 'c', image: 'nginx:2', resources: {} }], tolerations: [{ key: 'a', operator: 'Exists' }] }), old)).toEqual([]);
    expect(validatePodUpdate(pod({ activeDeadlineSeconds: 30, tolerations: [{ key: 'a', operator: 'Exists' }, { key: 'b', operator: 'Exists' }] }), old)).toEqual([]);
    expect(validatePodUpdate(pod({ nodeName: 'n1', tolerations: [{ key: 'a', operator: 'Exists' }] }), old)).toEqual([]);
  });

  it('refuses resources, removed tolerations, a moved node, a raised deadline and added containers', () => {
    const forbidden = [{ type: 'FieldValueForbidden', field: 'spec', detail: expect.stringMatching(/^pod updates may not change fields other than `spec.containers\[\*\].image`,/) }];
    expect(validatePodUpdate(pod({ containers: [{ name: 'c', image: 'nginx:1', resources: { requests: { cpu: '1' } } }] }), pod({}))).toEqual(forbidden);
    expect(validatePodUpdate(pod({}), pod({ tolerations: [{ key: 'a', operator: 'Exists' }] }))).toEqual(forbidden);
    expect(validatePodUpdate(pod({ nodeName: 'n2' }), pod({ nodeName: 'n1' }))).toEqual(forbidden);
    expect(validatePodUpdate(pod({ activeDeadlineSeconds: 60 }), pod({ activeDeadlineSeconds: 30 }))).toEqual([
      { type: 'FieldValueInvalid', field: 'spec.activeDeadlineSeconds', value: 60, detail: 'must be less than or equal to previous value' },
    ]);
    expect(validatePodUpdate(pod({ containers: [{ name: 'c', image: 'x' }, { name: 'd', image: 'y' }] }), pod({}))).toEqual([
      { type: 'FieldValueForbidden', field: 'spec.containers', detail: 'pod updates may not add or remove containers' },
    ]);
  });
});
