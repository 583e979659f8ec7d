import { describe, expect, it } from 'vitest';
import {
  clearCreateDraft,
  clearDraft,
  createDraftStorageKey,
  draftStorageKey,
  holdsSecret,
  loadCreateDraft,
  loadDraft,
  saveCreateDraft,
  saveDraft,
  type CreateDraftKey,
  type DraftKey,
} from './draft-storage';
import { MemoryStore } from '../../testing/memory-store';

const key: DraftKey = { context: 'demo', gvr: '/v1/configmaps', namespace: 'default', name: 'c1' };
const draft = { text: 'data: {}\n', base: { metadata: { name: 'c1', resourceVersion: '7' } }, updatedAt: 1 };

describe('draft storage', () => {
  it('stores, loads and clears one draft per context+gvr+namespace+name', () => {
    const store = new MemoryStore();
    expect(loadDraft(store, key)).toBeNull();
    expect(saveDraft(store, key, draft)).toBe(true);
    expect(loadDraft(store, key)).toEqual(draft);
    expect(loadDraft(store, { ...key, context: 'prod' })).toBeNull();
    expect(loadDraft(store, { ...key, namespace: null })).toBeNull();
    expect(loadDraft(store, { ...key, name: 'c2' })).toBeNull();
    clearDraft(store, key);
    expect(loadDraft(store, key)).toBeNull();
  });

  it('keys do not collide when parts contain separators', () => {
    expect(draftStorageKey({ ...key, context: 'a:b', gvr: 'c' })).not.toBe(draftStorageKey({ ...key, context: 'a', gvr: 'b:c' }));
  });

  it('ignores corrupt entries and survives a storage that throws', () => {
    const store = new MemoryStore();
    store.setItem(draftStorageKey(key), '{not json');
    expect(loadDraft(store, key)).toBeNull();
    store.setItem(draftStorageKey(key), JSON.stringify({ text: 1 }));
    expect(loadDraft(store, key)).toBeNull();
    const full = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => { throw new Error('denied'); } };
    expect(saveDraft(full, key, draft)).toBe(false);
    expect(() => clearDraft(full, key)).not.toThrow();
  });

  it('keeps create drafts per context+gvr+namespace, apart from edit drafts', () => {
    const store = new MemoryStore();
    const createKey: CreateDraftKey = { context: 'demo', gvr: '/v1/configmaps', namespace: 'default' };
    const created = { text: 'kind: ConfigMap\n', templateId: 'configmap', updatedAt: 2 };
    expect(saveCreateDraft(store, createKey, created)).toBe(true);
    expect(loadCreateDraft(store, createKey)).toEqual(created);
    expect(loadCreateDraft(store, { ...createKey, namespace: 'kube-system' })).toBeNull();
    expect(loadCreateDraft(store, { ...createKey, namespace: null })).toBeNull();
    expect(loadDraft(store, { ...createKey, name: '' })).toBeNull();
    expect(createDraftStorageKey(createKey)).not.toBe(draftStorageKey({ ...createKey, name: '' }));
    store.setItem(createDraftStorageKey(createKey), JSON.stringify({ text: 'x' }));
    expect(loadCreateDraft(store, createKey)).toBeNull();
    saveCreateDraft(store, createKey, created);
    clearCreateDraft(store, createKey);
    expect(loadCreateDraft(store, createKey)).toBeNull();
  });

  it('tells a Secret draft by its resource, its object or a kind named in its text, in any API version', () => {
    expect(holdsSecret('/v1/secrets', '')).toBe(true);
    expect(holdsSecret('/v1/configmaps', '', { kind: 'Secret' })).toBe(true);
    for (const text of ['kind: Secret\n', 'apiVersion: example.com/v2\nkind: "Secret" # pasted\n', "  kind: 'Secret'", '{"apiVersion":"v1","kind":"Secret","data":{}}', 'kind: !!str Secret']) {
      expect(holdsSecret('/v1/configmaps', text), text).toBe(true);
    }
    for (const text of ['kind: ConfigMap\n', 'kind: SecretProviderClass\n', 'data:\n  secretKind: x\n', 'kind: Secrets\n']) {
      expect(holdsSecret('/v1/configmaps', text, { kind: 'ConfigMap' }), text).toBe(false);
    }
  });

  it('keeps Secret drafts in memory per store, never in it, and clears them with the rest', () => {
    const store = new MemoryStore();
    const secretKey: DraftKey = { ...key, gvr: '/v1/secrets', name: 's1' };
    const secretDraft = { text: 'kind: Secret\ndata:\n  tls.key: a2V5\n', base: { kind: 'Secret', metadata: { name: 's1', resourceVersion: '1' } }, updatedAt: 1 };
    expect(saveDraft(store, secretKey, secretDraft)).toBe(true);
    expect(store.items.size).toBe(0);
    expect(loadDraft(store, secretKey)).toEqual(secretDraft);
    expect(loadDraft(new MemoryStore(), secretKey)).toBeNull();
    clearDraft(store, secretKey);
    expect(loadDraft(store, secretKey)).toBeNull();

    // A draft that stops naming a Secret goes back to storage, and its memory copy is dropped.
    const createKey: CreateDraftKey = { context: 'demo', gvr: '/v1/configmaps', namespace: 'default' };
    saveCreateDraft(store, createKey, { text: 'kind: Secret\n', templateId: 'configmap', updatedAt: 1 });
    expect(store.items.size).toBe(0);
    saveCreateDraft(store, createKey, { text: 'kind: ConfigMap\n', templateId: 'configmap', updatedAt: 2 });
    expect(loadCreateDraft(store, createKey)?.text).toBe('kind: ConfigMap\n');
    expect(store.items.size).toBe(1);
  });
});
