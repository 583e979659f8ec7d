import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { checkEdit } from './edit-save';

const base: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c1', namespace: 'default', resourceVersion: '10' }, data: { a: 'one' } };
const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c1\n  namespace: default\ndata:\n  a: two\n';

describe('checkEdit', () => {
  it('passes the parsed text of an update of the base', () => {
    expect(checkEdit(text, base)).toEqual({ ok: true, edited: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c1', namespace: 'default' }, data: { a: 'two' } } });
  });

  it('refuses YAML that does not parse, with its position', () => {
    const checked = checkEdit(text.replace('a: two', 'a: two b: c'), base);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.refusal.kind === 'yaml' && checked.refusal.problems[0]?.line).toBe(7);
  });

  it('refuses a renamed or moved object: saving updates this one only', () => {
    const checked = checkEdit(text.replace('namespace: default', 'namespace: prod'), base);
    expect(!checked.ok && checked.refusal).toEqual({ kind: 'identity', message: expect.stringContaining('metadata.namespace is "prod"') as string });
  });
});
