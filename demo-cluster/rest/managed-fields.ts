// metadata.managedFields for non-apply writes (operation "Update"), modelled on structured-merge-diff:
// a manager owns the fields its request added or changed; a field a node gains "." when the node itself
// was created (absent in the old object and in the Go zero value of the type). Lists and atomic maps
// are owned as the type's served OpenAPI says (openapi/schema.ts).
import type { Schema } from '../openapi/schema.js';
import { SYSTEM_META_FIELDS } from '../resources/meta.js';
import type { JsonObject, KubeObject, ManagedFieldsEntry } from '../resources/types.js';
import { field, setField } from '../resources/own-fields.js';
import { isPlainObject, jsonEqual } from '../resources/types.js';
import { itemKey, matchesElement, setMember } from './field-path.js';

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
      if (!c.empty) setField(out, k, c.toJSON());
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

/** Metadata fields that are never tracked: identity and what the system sets. */
export const UNTRACKED_METADATA = new Set(['name', 'namespace', ...SYSTEM_META_FIELDS, 'managedFields', 'selfLink']);

/** What the fields of a type's objects are, besides the objects: its Go zero value and its served schema. */
export interface FieldsShape {
  /** Fields present in the Go zero value: a node they hold is not "created" by a write (no "." marker). */
  zero: JsonObject;
  schema: Schema | undefined;
}

function walk(name: string, next: unknown, prev: unknown, zero: unknown, schema: Schema | undefined, node: FieldSet, root: boolean): void {
  if (isPlainObject(next) && Object.keys(next).length > 0 && !schema?.atomicMap) {
    if (!root && prev === undefined && zero === undefined) node.member = true;
    for (const [k, v] of Object.entries(next)) {
      if (root && (k === 'apiVersion' || k === 'kind')) continue;
      if (name === 'metadata' && UNTRACKED_METADATA.has(k)) continue;
      const p = isPlainObject(prev) ? field(prev, k) : undefined;
      const z = isPlainObject(zero) ? field(zero, k) : undefined;
      const child = new FieldSet();
      walk(k, v, p, z, schema?.property(k), child, false);
      if (!child.empty) node.children.set(`f:${k}`, child);
    }
    return;
  }
  if (Array.isArray(next) && next.length > 0 && schema && walkItems(next, prev, zero, schema, node)) return;
  if (!jsonEqual(next, prev)) node.member = true;
}

/**
 * Map lists and sets are owned item by item (k:{...} / v:...); returns false for an atomic list, owned
 * whole. An item a map list cannot key also makes it atomic here (the apiserver drops managedFields then).
 */
function walkItems(next: unknown[], prev: unknown, zero: unknown, schema: Schema, node: FieldSet): boolean {
  const rules = schema.list();
  const itemSchema = schema.items();
  const elementOf = (item: unknown): string | undefined => {
    if (rules.listType === 'set') return isPlainObject(item) || Array.isArray(item) ? undefined : setMember(item).fields;
    const key = rules.listType === 'map' && isPlainObject(item) ? itemKey(item, rules.listMapKeys, itemSchema) : undefined;
    return key && !('missing' in key) ? key.fields : undefined;
  };
  const elements = next.map(elementOf);
  if (rules.listType === 'atomic' || elements.includes(undefined)) return false;
  if (prev === undefined && zero === undefined) node.member = true;
  const prevItems = Array.isArray(prev) ? prev : [];
  const prevElements = prevItems.map(elementOf);
  next.forEach((item, i) => {
    const element = elements[i] ?? '';
    const at = prevElements.indexOf(element);
    const old = at >= 0 ? prevItems[at] : undefined;
    const child = new FieldSet();
    if (rules.listType === 'map') walk('', item, old, undefined, itemSchema, child, false);
    if (at < 0) child.member = true;
    if (!child.empty) node.children.set(element, child);
  });
  return true;
}

/** The fields a write from prev (undefined on create) to next added or changed. */
export function changedFields(next: KubeObject, prev: KubeObject | undefined, shape: FieldsShape): FieldSet {
  const set = new FieldSet();
  walk('', next, prev, { metadata: {}, ...shape.zero }, shape.schema, set, true);
  return set;
}

/** Drops paths that no longer resolve in obj (fields another write removed). */
function prune(set: FieldSet, value: unknown, schema: Schema | undefined): void {
  for (const [k, c] of [...set.children]) {
    let sub: unknown;
    let subSchema: Schema | undefined;
    if (k.startsWith('f:') && isPlainObject(value)) {
      sub = field(value, k.slice(2));
      subSchema = schema?.property(k.slice(2));
    } else if (Array.isArray(value)) {
      subSchema = schema?.items();
      sub = value.find((item) => matchesElement(item, k, subSchema));
    }
    if (sub === undefined) set.children.delete(k);
    else {
      prune(c, sub, subSchema);
      if (c.empty) set.children.delete(k);
    }
  }
}

/** Records an Update by `manager`: it gains the changed fields, others lose them. */
export function recordUpdate(
  next: KubeObject,
  prev: KubeObject | undefined,
  shape: FieldsShape,
  manager: string,
  apiVersion: string,
  time: string,
  subresource?: string,
): ManagedFieldsEntry[] {
  const changed = changedFields(next, prev, shape);
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
    prune(set, next, shape.schema);
    if (!set.empty) result.push({ ...entry, fieldsV1: set.toJSON() });
  }
  if (!changed.empty) {
    mine ??= new FieldSet();
    mine.union(changed);
    mineTime = time;
  }
  if (mine) {
    prune(mine, next, shape.schema);
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
