import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { buildMergePatch } from '../../k8s/patch';
import type { JsonObject } from '../../k8s/patch';
import { metadataEntryProblems, removeMetadataEntryChange, setMetadataEntryChange } from './metadata-change';

const PATH = '/api/v1/namespaces/default/configmaps/c1';

function configMap(labels?: Record<string, string>, annotations?: Record<string, string>): KubeObject {
  return {
    kind: 'ConfigMap',
    apiVersion: 'v1',
    metadata: { name: 'c1', namespace: 'default', resourceVersion: '7', labels, annotations },
    data: { a: 'one' },
  };
}

const patchOf = (original: KubeObject, modified: KubeObject) => buildMergePatch(original as JsonObject, modified as JsonObject);

describe('setMetadataEntryChange', () => {
  it('adds a label with a merge patch of that key only, leaving the live object alone', () => {
    const live = configMap({ app: 'web' });
    const change = setMetadataEntryChange(live, PATH, 'labels', 'tier', 'front');
    expect(change).toMatchObject({ apiPath: PATH, original: live, patchKind: 'merge', title: 'Add label tier=front to ConfigMap c1' });
    expect(change.modified.metadata.labels).toEqual({ app: 'web', tier: 'front' });
    expect(live.metadata.labels).toEqual({ app: 'web' });
    expect(patchOf(change.original, change.modified)).toEqual({ metadata: { labels: { tier: 'front' } } });
  });

  it('adds the first label of an object without labels', () => {
    const change = setMetadataEntryChange(configMap(), PATH, 'labels', 'app', '');
    expect(change.title).toBe('Add label app= to ConfigMap c1');
    expect(patchOf(change.original, change.modified)).toEqual({ metadata: { labels: { app: '' } } });
  });

  it('changes the value of an existing annotation', () => {
    const change = setMetadataEntryChange(configMap(undefined, { note: 'old', other: 'x' }), PATH, 'annotations', 'note', 'new');
    expect(change.title).toBe('Change annotation note to new on ConfigMap c1');
    expect(patchOf(change.original, change.modified)).toEqual({ metadata: { annotations: { note: 'new' } } });
  });

  it('keeps titles to one short line', () => {
    const change = setMetadataEntryChange(configMap(undefined, { note: 'old' }), PATH, 'annotations', 'note', 'x'.repeat(500));
    expect(change.title).toBe(`Change annotation note to ${'x'.repeat(40)}… on ConfigMap c1`);
    expect(change.modified.metadata.annotations?.note).toHaveLength(500);
  });
});

describe('removeMetadataEntryChange', () => {
  it('deletes one label with null in the merge patch', () => {
    const live = configMap({ app: 'web', tier: 'front' });
    const change = removeMetadataEntryChange(live, PATH, 'labels', 'tier');
    expect(change).toMatchObject({ title: 'Remove label tier from ConfigMap c1', patchKind: 'merge' });
    expect(patchOf(change.original, change.modified)).toEqual({ metadata: { labels: { tier: null } } });
    expect(live.metadata.labels).toEqual({ app: 'web', tier: 'front' });
  });

  it('removing the last annotation deletes only that key, not the whole map', () => {
    const change = removeMetadataEntryChange(configMap(undefined, { note: 'x' }), PATH, 'annotations', 'note');
    expect(change.modified.metadata.annotations).toEqual({});
    expect(patchOf(change.original, change.modified)).toEqual({ metadata: { annotations: { note: null } } });
  });
});

describe('metadataEntryProblems', () => {
  it('checks label keys and values', () => {
    expect(metadataEntryProblems(configMap(), 'labels', 'app', 'web')).toEqual({ key: [], value: [] });
    const bad = metadataEntryProblems(configMap(), 'labels', 'bad key', 'a b');
    expect(bad.key).toEqual([expect.stringContaining('name part must consist')]);
    expect(bad.value).toEqual([expect.stringContaining('must be empty or consist')]);
  });

  it('allows any annotation value and an uppercase prefix, as the apiserver does', () => {
    expect(metadataEntryProblems(configMap(), 'annotations', 'Example.com/Note', 'any text: {"json": true}\n')).toEqual({ key: [], value: [] });
    expect(metadataEntryProblems(configMap(), 'labels', 'Example.com/Note', '').key).toHaveLength(1);
    expect(metadataEntryProblems(configMap(), 'annotations', 'a/b/c', '').key).toHaveLength(1);
  });

  it('refuses annotations over 256 KiB in all', () => {
    const live = configMap(undefined, { big: 'x'.repeat(200 * 1024) });
    expect(metadataEntryProblems(live, 'annotations', 'more', 'y'.repeat(56 * 1024)).value).toEqual([
      `annotations would take ${256 * 1024 + 3 + 4} bytes: they must have at most 262144 bytes`,
    ]);
    // Replacing the big value is counted once, not twice.
    expect(metadataEntryProblems(live, 'annotations', 'big', 'y'.repeat(256 * 1024 - 3)).value).toEqual([]);
  });
});
