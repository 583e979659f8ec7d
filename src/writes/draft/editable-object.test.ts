import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { editableObject, editableYaml, hiddenFields, identityError, restoreReadOnly } from './editable-object';
import { parseEditedYaml } from './yaml-position';

const cm: KubeObject = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: {
    name: 'c1',
    namespace: 'default',
    uid: 'u1',
    resourceVersion: '42',
    creationTimestamp: '2026-11-21T00:00:00Z',
    generation: 3,
    labels: { a: 'yes' },
    managedFields: [{ manager: 'kubectl' }],
  },
  data: { k: 'v', on: 'on' },
  status: { phase: 'x' },
};

describe('editable object', () => {
  it('leads with apiVersion, kind and metadata whatever order the server sent', () => {
    const { apiVersion: _a, ...rest } = cm;
    const sentKindFirst = { ...rest, apiVersion: 'v1' } as KubeObject;
    expect(Object.keys(editableObject(sentKindFirst))).toEqual(['apiVersion', 'kind', 'metadata', 'data']);
    expect(editableYaml(sentKindFirst).split('\n').slice(0, 3)).toEqual(['apiVersion: v1', 'kind: ConfigMap', 'metadata:']);
  });

  it('hides status and the server-owned metadata, keeping the rest in order', () => {
    const text = editableYaml(cm);
    for (const hidden of ['uid:', 'resourceVersion', 'creationTimestamp', 'generation', 'managedFields', 'status:']) expect(text).not.toContain(hidden);
    expect(text).toContain('name: c1');
    expect(text).toContain('a: "yes"');
    expect(hiddenFields(cm)).toEqual(['status', 'metadata.managedFields', 'metadata.uid', 'metadata.resourceVersion', 'metadata.creationTimestamp', 'metadata.generation']);
    expect(hiddenFields({ metadata: { name: 'x' } })).toEqual([]);
  });

  it('round-trips through YAML 1.1 and puts the base read-only fields back (not managedFields)', () => {
    const parsed = parseEditedYaml(editableYaml(cm));
    if (!parsed.ok) throw new Error('parse failed');
    expect(parsed.object).toEqual(editableObject(cm));
    const edited = { ...parsed.object, data: { k: 'v2' }, status: { phase: 'typed' } };
    edited.metadata = { ...edited.metadata, resourceVersion: '1', uid: 'forged' };
    const body = restoreReadOnly(edited, { ...cm, metadata: { ...cm.metadata, resourceVersion: '50' } });
    expect(body.metadata).toMatchObject({ resourceVersion: '50', uid: 'u1', generation: 3, creationTimestamp: '2026-11-21T00:00:00Z' });
    expect(body.metadata.managedFields).toBeUndefined();
    expect(body.status).toEqual({ phase: 'x' });
    expect(body.data).toEqual({ k: 'v2' });
  });

  it('refuses a changed kind, apiVersion, name or namespace', () => {
    expect(identityError(editableObject(cm), cm)).toBeNull();
    expect(identityError({ ...cm, metadata: { ...cm.metadata, name: 'c2' } }, cm)).toMatch(/metadata.name is "c2", but this object's is "c1"/);
    expect(identityError({ ...cm, kind: 'Secret' }, cm)).toMatch(/kind is "Secret"/);
    expect(identityError({ ...cm, apiVersion: 'v2' }, cm)).toMatch(/apiVersion/);
    expect(identityError({ ...cm, metadata: { ...cm.metadata, namespace: undefined } }, cm)).toMatch(/metadata.namespace is ""/);
  });
});
