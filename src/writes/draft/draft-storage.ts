// Unsaved text in localStorage, per object being edited and per collection being created into: it survives a
// reload until saved (created) or discarded. A Secret's draft (its data is a credential, a tls.key) is kept in this
// page's memory only, never in the browser's storage: it survives moving around the app, not a reload.
import type { KubeObject } from '../../k8s/kube-object';

export interface DraftKey {
  context: string;
  /** `group/version/resource`. */
  gvr: string;
  namespace: string | null;
  name: string;
}

export interface Draft {
  /** The edited YAML, exactly as typed. */
  text: string;
  /** The object as it was when editing started (or after the last merge): its resourceVersion goes with the PUT. */
  base: KubeObject;
  /** ms since epoch of the last change. */
  updatedAt: number;
}

export type DraftStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PREFIX = 'kubeglass:draft:v1:';

/** The storage key of one object's draft. */
export function draftStorageKey(key: DraftKey): string {
  return PREFIX + JSON.stringify([key.context, key.gvr, key.namespace ?? '', key.name]);
}

function isDraft(value: unknown): value is Draft {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Partial<Draft>;
  return typeof d.text === 'string' && typeof d.updatedAt === 'number' && typeof d.base === 'object' && d.base !== null && typeof d.base.metadata === 'object';
}

function read<T>(store: DraftStore, storageKey: string, valid: (value: unknown) => value is T): T | null {
  try {
    const raw = store.getItem(storageKey);
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    return valid(value) ? value : null;
  } catch {
    return null;
  }
}

function write(store: DraftStore, storageKey: string, value: unknown): boolean {
  try {
    store.setItem(storageKey, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** `kind: Secret` anywhere in YAML or JSON text, quoted or not: a false alarm keeps a draft in memory, a miss would store a key. */
const SECRET_KIND = /(?:^|[\s{,])["']?kind["']?[ \t]*:[ \t]*(?:!!str[ \t]+)?["']?Secret["']?[ \t]*(?:[,}#\r\n]|$)/m;

/** True when a draft holds a Secret: of the core group's secrets, of an object of kind Secret, or its text names that kind. */
export function holdsSecret(gvr: string, text: string, base?: Pick<KubeObject, 'kind'> | null): boolean {
  return gvr === '/v1/secrets' || base?.kind === 'Secret' || SECRET_KIND.test(text);
}

/** Secret drafts by storage key, for each store they would otherwise go to (a test's store has its own). */
const inMemory = new WeakMap<DraftStore, Map<string, string>>();

function memoryOf(store: DraftStore): Map<string, string> {
  let memory = inMemory.get(store);
  if (!memory) inMemory.set(store, (memory = new Map()));
  return memory;
}

function remove(store: DraftStore, storageKey: string): void {
  try {
    store.removeItem(storageKey);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
}

/** One kind of draft in storage, by its key. */
interface DraftSlot<K, D> {
  /** The stored draft, or null (none, unreadable, or storage unavailable). */
  load: (store: DraftStore, key: K) => D | null;
  /** Stores the draft (a Secret's in memory); false when storage refused (quota, private mode): the text stays in the page. */
  save: (store: DraftStore, key: K, draft: D) => boolean;
  clear: (store: DraftStore, key: K) => void;
}

function draftSlot<K, D>(storageKey: (key: K) => string, valid: (value: unknown) => value is D, secret: (key: K, draft: D) => boolean): DraftSlot<K, D> {
  return {
    load: (store, key) => {
      const at = storageKey(key);
      const memory = memoryOf(store);
      const stored = read(store, at, valid);
      if (stored !== null && secret(key, stored)) {
        // Stored before Secret drafts stayed in memory (or by an older version in another tab): moved there.
        remove(store, at);
        if (!memory.has(at)) memory.set(at, JSON.stringify(stored));
      }
      const held = memory.get(at);
      return held === undefined ? stored : (JSON.parse(held) as D);
    },
    save: (store, key, draft) => {
      const at = storageKey(key);
      if (!secret(key, draft)) {
        memoryOf(store).delete(at);
        return write(store, at, draft);
      }
      // An earlier version of this draft (before the text named a Secret) goes too.
      remove(store, at);
      memoryOf(store).set(at, JSON.stringify(draft));
      return true;
    },
    clear: (store, key) => {
      memoryOf(store).delete(storageKey(key));
      remove(store, storageKey(key));
    },
  };
}

export const { load: loadDraft, save: saveDraft, clear: clearDraft } = draftSlot(draftStorageKey, isDraft, (key, d) => holdsSecret(key.gvr, d.text, d.base));

/** Where a new object is being created: one draft per collection (the namespace of the URL; null when it has none). */
export interface CreateDraftKey {
  context: string;
  /** `group/version/resource`. */
  gvr: string;
  namespace: string | null;
}

export interface CreateDraft {
  /** The YAML, exactly as typed. */
  text: string;
  /** Id of the template the text started from (the picker shows it). */
  templateId: string;
  /** ms since epoch of the last change. */
  updatedAt: number;
}

const CREATE_PREFIX = 'kubeglass:create-draft:v1:';

/** The storage key of one collection's create draft. */
export function createDraftStorageKey(key: CreateDraftKey): string {
  return CREATE_PREFIX + JSON.stringify([key.context, key.gvr, key.namespace ?? '']);
}

function isCreateDraft(value: unknown): value is CreateDraft {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Partial<CreateDraft>;
  return typeof d.text === 'string' && typeof d.templateId === 'string' && typeof d.updatedAt === 'number';
}

export const { load: loadCreateDraft, save: saveCreateDraft, clear: clearCreateDraft } = draftSlot(createDraftStorageKey, isCreateDraft, (key, d) => holdsSecret(key.gvr, d.text));
