// Unsaved edits per object in localStorage: they survive a reload until saved or discarded.
import type { KubeObject } from '../../data/object-query';

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

type DraftStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

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

/** The stored draft, or null (none, unreadable, or storage unavailable). */
export function loadDraft(store: DraftStore, key: DraftKey): Draft | null {
  try {
    const raw = store.getItem(draftStorageKey(key));
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    return isDraft(value) ? value : null;
  } catch {
    return null;
  }
}

/** Stores the draft; false when storage refused (quota, private mode): the text stays in the page. */
export function saveDraft(store: DraftStore, key: DraftKey, draft: Draft): boolean {
  try {
    store.setItem(draftStorageKey(key), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(store: DraftStore, key: DraftKey): void {
  try {
    store.removeItem(draftStorageKey(key));
  } catch {
    // Storage unavailable: nothing was stored either.
  }
}
