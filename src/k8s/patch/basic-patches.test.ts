import { describe, expect, it } from 'vitest';
import { buildApplyPatch } from './apply-patch';
import { buildJsonPatch, escapePointerToken, toJsonPointer } from './json-patch';
import { cloneJson, type JsonObject } from './json';
import { buildMergePatch } from './merge-patch';
import { applyJsonPatch, applyMergePatch } from './patch-test-support';
import { isReadOnlyPath, stripReadOnly } from './read-only';

function deployment(): JsonObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: 'web',
      namespace: 'fx',
      uid: 'u1',
      resourceVersion: '333',
      generation: 2,
      creationTimestamp: '2026-11-21T22:22:10Z',
      selfLink: '/apis/apps/v1/namespaces/fx/deployments/web',
      managedFields: [{ manager: 'kubectl', operation: 'Update' }],
      labels: { app: 'web', 'app.kubernetes.io/name': 'web' },
      annotations: { 'a~b/c': 'x' },
    },
    spec: {
      replicas: 2,
      template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }] } },
    },
    status: { replicas: 2 },
  };
}

/** A set of (original, modified) edits that every builder must round-trip. */
function edits(): [string, JsonObject, JsonObject][] {
  const out: [string, JsonObject, JsonObject][] = [];
  const add = (name: string, change: (d: JsonObject & { metadata: JsonObject; spec: JsonObject }) => void): void => {
    const modified = deployment() as JsonObject & { metadata: JsonObject; spec: JsonObject };
    change(modified);
    out.push([name, deployment(), modified]);
  };
  add('scalar change', (d) => (d.spec.replicas = 5));
  add('label removed', (d) => delete (d.metadata.labels as JsonObject).app);
  add('escaped keys', (d) => {
    (d.metadata.annotations as JsonObject)['a~b/c'] = 'y';
    (d.metadata.labels as JsonObject)['x/y~z'] = '1';
  });
  add('list item added', (d) => {
    const containers = (d.spec.template as { spec: { containers: JsonObject[] } }).spec.containers;
    containers.push({ name: 'sidecar', image: 'busybox' });
  });
  add('list shrunk and nested change', (d) => {
    const spec = (d.spec.template as { spec: { containers: JsonObject[] } }).spec;
    spec.containers = [{ name: 'nginx', image: 'nginx:1.28' }];
  });
  add('new subtree', (d) => (d.spec.strategy = { type: 'Recreate' }));
  add('whole field removed', (d) => delete d.metadata.annotations);
  return out;
}

describe('buildMergePatch (RFC 7386)', () => {
  it('sends only changes, null for removals, lists whole', () => {
    const modified = deployment();
    (modified.spec as JsonObject).replicas = 3;
    delete (modified.metadata as { labels: JsonObject }).labels.app;
    (modified.spec as { template: { spec: { containers: JsonObject[] } } }).template.spec.containers[0]!.image = 'nginx:1.28';
    expect(buildMergePatch(deployment(), modified)).toEqual({
      metadata: { labels: { app: null } },
      spec: { replicas: 3, template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1.28', ports: [{ containerPort: 80 }] }] } } },
    });
  });

  it('is {} without changes', () => {
    expect(buildMergePatch(deployment(), deployment())).toEqual({});
  });

  it.each(edits())('round-trips: %s', (_name, original, modified) => {
    expect(applyMergePatch(original, buildMergePatch(original, modified))).toEqual(modified);
  });
});

describe('buildJsonPatch (RFC 6902)', () => {
  it('escapes ~ and / in pointer tokens (RFC 6901)', () => {
    expect(escapePointerToken('a~b/c')).toBe('a~0b~1c');
    expect(escapePointerToken('~1')).toBe('~01');
    expect(toJsonPointer(['metadata', 'labels', 'app.kubernetes.io/name', 0])).toBe('/metadata/labels/app.kubernetes.io~1name/0');
  });

  it('leads with a test of the original resourceVersion', () => {
    const modified = deployment();
    (modified.spec as JsonObject).replicas = 3;
    (modified.metadata as JsonObject).resourceVersion = '999';
    expect(buildJsonPatch(deployment(), modified, { testResourceVersion: true })).toEqual([
      { op: 'test', path: '/metadata/resourceVersion', value: '333' },
      { op: 'replace', path: '/metadata/resourceVersion', value: '999' },
      { op: 'replace', path: '/spec/replicas', value: 3 },
    ]);
    expect(buildJsonPatch(deployment(), deployment(), { testResourceVersion: false })).toEqual([]);
  });

  it('refuses to test a resourceVersion the original lacks', () => {
    const original = deployment();
    delete (original.metadata as JsonObject).resourceVersion;
    expect(() => buildJsonPatch(original, original)).toThrow(/resourceVersion/);
  });

  it('removes array items from the end', () => {
    const original: JsonObject = { metadata: { resourceVersion: '1' }, a: [1, 2, 3, 4] };
    const ops = buildJsonPatch(original, { metadata: { resourceVersion: '1' }, a: [1, 9] });
    expect(ops.slice(1)).toEqual([
      { op: 'replace', path: '/a/1', value: 9 },
      { op: 'remove', path: '/a/3' },
      { op: 'remove', path: '/a/2' },
    ]);
  });

  it.each(edits())('round-trips: %s', (_name, original, modified) => {
    const ops = buildJsonPatch(original, modified);
    expect(applyJsonPatch(original, ops)).toEqual(modified);
  });

  it('fails its test op against a newer object', () => {
    const modified = deployment();
    (modified.spec as JsonObject).replicas = 3;
    const newer = deployment();
    (newer.metadata as JsonObject).resourceVersion = '400';
    expect(() => applyJsonPatch(newer, buildJsonPatch(deployment(), modified))).toThrow(/test failed/);
  });
});

describe('stripReadOnly and buildApplyPatch', () => {
  it('strips status and system metadata, keeping labels and annotations', () => {
    const original = deployment();
    const stripped = stripReadOnly(original);
    expect(stripped.status).toBeUndefined();
    expect(Object.keys(stripped.metadata as JsonObject).sort()).toEqual(['annotations', 'labels', 'name', 'namespace']);
    expect(original.status).toBeDefined();
    expect(isReadOnlyPath(['status', 'replicas'])).toBe(true);
    expect(isReadOnlyPath(['metadata', 'resourceVersion'])).toBe(true);
    expect(isReadOnlyPath(['metadata', 'labels'])).toBe(false);
    expect(isReadOnlyPath(['spec', 'template', 'metadata', 'uid'])).toBe(false);
  });

  it('makes an apply configuration with identity first and no server-owned fields', () => {
    const applied = buildApplyPatch(deployment());
    expect(Object.keys(applied)).toEqual(['apiVersion', 'kind', 'metadata', 'spec']);
    expect(applied.metadata).toEqual({ name: 'web', namespace: 'fx', labels: { app: 'web', 'app.kubernetes.io/name': 'web' }, annotations: { 'a~b/c': 'x' } });
    const noName = cloneJson(deployment());
    delete (noName.metadata as JsonObject).name;
    expect(() => buildApplyPatch(noName)).toThrow(/metadata.name/);
  });
});
