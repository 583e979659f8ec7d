// metadata.managedFields for non-apply writes (operation "Update"), modelled on structured-merge-diff:
// a manager owns the fields its request added or changed; a field a node gains "." when the node itself
// was created (absent in the old object and in the Go zero value of the type).
import type { JsonObject, KubeObject, ManagedFieldsEntry } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';

/** A set of field paths in FieldsV1 form. */
export class FieldSet {
  member = false;
  readonly children = new Map<string, FieldSet>();

  child(key: string): FieldSet {
    let c = this.children.get(key);
    if (!c) {
      c = new FieldSet();
      this.children.set(key, c);
    }
    return c;
  }

  get empty(): boolean {
    return !this.member && this.children.size === 0;
  }

  /** FieldsV1 JSON: members with children carry ".". */
  toJSON(): JsonObject {
    const out: JsonObject = {};
    if (this.member && this.children.size > 0) out['.'] = {};
    for (const [k, c] of [...this.children.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (!c.empty) out[k] = c.toJSON();
    }
    return out;
  }

  static fromJSON(json: unknown): FieldSet {
    const s = new FieldSet();
    if (!isPlainObject(json)) return s;
    for (const [k, v] of Object.entries(json)) {
      if (k === '.') s.member = true;
      else {
        const c = FieldSet.fromJSON(v);
        if (!isPlainObject(v) || Object.keys(v).length === 0) c.member = true;
        s.children.set(k, c);
      }
    }
    return s;
  }

  /** Adds every path of other into this set. */
  union(other: FieldSet): void {
    if (other.member) this.member = true;
    for (const [k, c] of other.children) this.child(k).union(c);
  }

  /** Removes every member path of other from this set. */
  subtract(other: FieldSet): void {
    if (other.member && other.children.size === 0) this.member = false;
    for (const [k, c] of other.children) {
      const mine = this.children.get(k);
      if (!mine) continue;
      if (c.member && c.children.size === 0) {
        this.children.delete(k);
        continue;
      }
      if (c.member) mine.member = false;
      mine.subtract(c);
      if (mine.empty) this.children.delete(k);
    }
  }
}

/** Fields that are never tracked (system-owned metadata). */
const UNTRACKED_METADATA = new Set([
  'name',
  'namespace',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'managedFields',
  'selfLink',
]);

/** Merge keys of associative lists (x-kubernetes-patch-merge-key / list-map-keys). */
const LIST_MAP_KEYS: Record<string, string[]> = {
  containers: ['name'],
  initContainers: ['name'],
  ephemeralContainers: ['name'],
  env: ['name'],
  volumes: ['name'],
  volumeMounts: ['mountPath'],
  imagePullSecrets: ['name'],
  conditions: ['type'],
  containerStatuses: ['name'],
  initContainerStatuses: ['name'],
  ownerReferences: ['uid'],
  hostAliases: ['ip'],
  topologySpreadConstraints: ['topologyKey'],
};

/** The merge keys of an associative list field, or undefined for atomic/set lists. */
export function listKeys(field: string, items: unknown[]): string[] | undefined {
  if (field === 'ports') {
    const first = items[0];
    if (isPlainObject(first) && 'containerPort' in first) return ['containerPort', 'protocol'];
    if (isPlainObject(first) && 'port' in first) return ['port', 'protocol'];
  }
  const keys = LIST_MAP_KEYS[field];
  if (keys && items.every((i) => isPlainObject(i) && keys.every((k) => k in i))) return keys;
  return undefined;
}

function itemKey(item: JsonObject, keys: string[]): string {
  const parts = [...keys].sort().map((k) => `${JSON.stringify(k)}:${JSON.stringify(item[k])}`);
  return `k:{${parts.join(',')}}`;
}

/** Deep equality of JSON values. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

/** Label selectors are atomic structs: owned as one leaf. */
function isAtomic(value: JsonObject): boolean {
  return 'matchLabels' in value || 'matchExpressions' in value;
}

function walk(field: string, next: unknown, prev: unknown, zero: unknown, node: FieldSet, root: boolean): void {
  if (isPlainObject(next) && Object.keys(next).length > 0 && !isAtomic(next)) {
    if (!root && prev === undefined && zero === undefined) node.member = true;
    for (const [k, v] of Object.entries(next)) {
      if (root && (k === 'apiVersion' || k === 'kind')) continue;
      if (field === 'metadata' && UNTRACKED_METADATA.has(k)) continue;
      const p = isPlainObject(prev) ? prev[k] : undefined;
      const z = isPlainObject(zero) ? zero[k] : undefined;
      const child = new FieldSet();
      walk(k, v, p, z, child, false);
      if (!child.empty) node.children.set(`f:${k}`, child);
    }
    return;
  }
  if (Array.isArray(next) && next.length > 0) {
    const keys = listKeys(field, next);
    if (keys) {
      if (prev === undefined && zero === undefined) node.member = true;
      const prevItems = Array.isArray(prev) ? prev.filter(isPlainObject) : [];
      for (const item of next) {
        if (!isPlainObject(item)) continue;
        const k = itemKey(item, keys);
        const old = prevItems.find((p) => itemKey(p, keys) === k);
        const child = new FieldSet();
        walk('', item, old, undefined, child, false);
        if (old === undefined) child.member = true;
        if (!child.empty) node.children.set(k, child);
      }
      return;
    }
  }
  if (!jsonEqual(next, prev)) node.member = true;
}

/** The fields a write from prev (undefined on create) to next added or changed. */
export function changedFields(next: KubeObject, prev: KubeObject | undefined, zero: JsonObject): FieldSet {
  const set = new FieldSet();
  walk('', next, prev, { metadata: {}, ...zero }, set, true);
  return set;
}

/** Drops paths that no longer resolve in obj (fields another write removed). */
function prune(set: FieldSet, value: unknown): void {
  for (const [k, c] of [...set.children]) {
    let sub: unknown;
    if (k.startsWith('f:') && isPlainObject(value)) sub = value[k.slice(2)];
    else if (k.startsWith('k:') && Array.isArray(value)) {
      const wanted = Object.entries(JSON.parse(k.slice(2)) as JsonObject);
      sub = value.find((item) => isPlainObject(item) && wanted.every(([pk, pv]) => jsonEqual(item[pk], pv)));
    } else if (k.startsWith('v:') && Array.isArray(value)) sub = value.find((item) => JSON.stringify(item) === k.slice(2));
    if (sub === undefined) set.children.delete(k);
    else {
      prune(c, sub);
      if (c.empty) set.children.delete(k);
    }
  }
}

/** Records an Update by `manager`: it gains the changed fields, others lose them. */
export function recordUpdate(
  next: KubeObject,
  prev: KubeObject | undefined,
  zero: JsonObject,
  manager: string,
  apiVersion: string,
  time: string,
  subresource?: string,
): ManagedFieldsEntry[] {
  const changed = changedFields(next, prev, zero);
  const existing = prev?.metadata.managedFields ?? next.metadata.managedFields ?? [];
  const result: ManagedFieldsEntry[] = [];
  let mine: FieldSet | undefined;
  let mineTime = time;
  for (const entry of existing) {
    const set = FieldSet.fromJSON(entry.fieldsV1);
    const isMine =
      entry.manager === manager && entry.operation === 'Update' && entry.apiVersion === apiVersion && entry.subresource === subresource;
    if (isMine) {
      mine = set;
      mineTime = entry.time;
      continue;
    }
    set.subtract(changed);
    prune(set, next);
    if (!set.empty) result.push({ ...entry, fieldsV1: set.toJSON() });
  }
  if (!changed.empty) {
    mine ??= new FieldSet();
    mine.union(changed);
    mineTime = time;
  }
  if (mine) {
    prune(mine, next);
    if (!mine.empty) {
      const entry: ManagedFieldsEntry = { manager, operation: 'Update', apiVersion, time: mineTime, fieldsType: 'FieldsV1', fieldsV1: mine.toJSON() };
      if (subresource) entry.subresource = subresource;
      result.push(entry);
    }
  }
  return result;
}

/**
 * Orders managedFields as the apiserver encodes them (sortEncodedManagedFields): operation (Apply
 * before Update), then time in whole seconds, manager, apiVersion, subresource.
 */
export function sortManagedFields(entries: ManagedFieldsEntry[]): ManagedFieldsEntry[] {
  const seconds = (t: string | undefined): number => (t ? Math.floor(Date.parse(t) / 1000) : 0);
  const cmp = (a: string | undefined, b: string | undefined): number => ((a ?? '') < (b ?? '') ? -1 : (a ?? '') > (b ?? '') ? 1 : 0);
  return [...entries].sort(
    (p, q) =>
      cmp(p.operation, q.operation) ||
      seconds(p.time) - seconds(q.time) ||
      cmp(p.manager, q.manager) ||
      cmp(p.apiVersion, q.apiVersion) ||
      cmp(p.subresource, q.subresource),
  );
}

/** Default field manager: ?fieldManager, else the User-Agent up to its first "/" (upstream prefixFromUserAgent). */
export function managerFor(fieldManager: string | null, userAgent: string | undefined): string {
  if (fieldManager) return fieldManager;
  const ua = userAgent ?? '';
  const slash = ua.indexOf('/');
  return (slash >= 0 ? ua.slice(0, slash) : ua).slice(0, 128);
}
