import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { editYaml, type YamlEdit } from '../../../k8s/yaml-edit';
import { applyEdit } from './apply-edit';

const TEXT = `metadata:
  name: web
  labels:
spec:
  replicas: 1
  containers:
  - name: a
    env: [{name: X, value: "1"}]
  - name: b
`;

describe('applyEdit', () => {
  const edits: YamlEdit[] = [
    { op: 'set', path: ['spec', 'replicas'], value: 3 },
    { op: 'set', path: ['metadata', 'labels', 'tier'], value: 'front' },
    { op: 'set', path: ['spec', 'containers', 1, 'resources', 'limits', 'cpu'], value: '500m' },
    { op: 'set', path: ['spec', 'containers', 2], value: { name: 'c' } },
    { op: 'set', path: ['spec', 'containers', 0, 'env', 1], value: { name: 'Y', value: '2' } },
    { op: 'delete', path: ['spec', 'containers', 0, 'env', 0] },
    { op: 'delete', path: ['spec', 'nothing'] },
    { op: 'delete', path: ['metadata', 'name'] },
    { op: 'move', path: ['spec', 'containers'], from: 1, to: 0 },
  ];
  for (const edit of edits) {
    it(`matches what editYaml writes: ${edit.op} ${edit.path.join('.')}`, () => {
      const before = parse(TEXT, { version: '1.1' }) as unknown;
      expect(applyEdit(before, edit)).toEqual(parse(editYaml(TEXT, edit), { version: '1.1' }));
    });
  }

  it('copies only the path it changes', () => {
    const before = parse(TEXT) as { metadata: unknown; spec: { containers: unknown[] } };
    const after = applyEdit(before, { op: 'set', path: ['spec', 'replicas'], value: 2 }) as typeof before;
    expect(after.metadata).toBe(before.metadata);
    expect(after.spec.containers).toBe(before.spec.containers);
  });
});
