// Server-side apply (application/apply-patch+yaml): per-manager field ownership, conflicts
// (409 with FieldManagerConflict causes, worded like the apiserver) and force. Lists and maps merge as
// the type's served OpenAPI says (openapi/schema.ts): map lists by their keys, sets by value, atomic
// lists and maps (LabelSelector) whole.
import { ApiError, failure } from '../http/errors.js';
import type { Schema } from '../openapi/schema.js';
import type { JsonObject, KubeObject, ManagedFieldsEntry } from '../resources/types.js';
import { field, setField } from '../resources/own-fields.js';
import { isPlainObject, jsonEqual } from '../resources/types.js';
import { itemKey, matchesElement, setMember } from './field-path.js';
import type { ItemKey } from './field-path.js';
import { FieldSet, UNTRACKED_METADATA } from './managed-fields.js';

/** An applied configuration the schema cannot type (structured-merge-diff's "failed to create typed patch object"). */
export class InvalidAppliedObject extends Error {}

interface Leaf {
  /** FieldsV1 keys from the root. */
  keys: string[];
  /** Human path: .spec.containers[name="nginx"].image */
  path: string;
  value: unknown;
}

/**
 * The path elements of a map list's or a set's items; undefined for an atomic list. An applied list that
 * structured-merge-diff cannot type (an item without a key field and no default, an object in a set) is
 * refused when `strict`; otherwise such a list is treated as atomic.
 */
function elementsOf(list: unknown[], schema: Schema | undefined, path: string, strict: boolean): ItemKey[] | undefined {
  const rules = schema?.list();
  if (rules?.listType === 'set') {
    const bad = list.findIndex((i) => isPlainObject(i) || Array.isArray(i));
    if (bad < 0) return list.map(setMember);
    if (strict) throw new InvalidAppliedObject(`${path}: element ${bad}: associative list without keys has an element that's a map type`);
    return undefined;
  }
  if (rules?.listType !== 'map' || !list.every(isPlainObject)) return undefined;
  const out: ItemKey[] = [];
  for (const [i, item] of list.entries()) {
    const key = itemKey(item, rules.listMapKeys, schema?.items());
    if (!('missing' in key)) {
      out.push(key);
      continue;
    }
    if (!strict) return undefined;
    throw new InvalidAppliedObject(`${path}: element ${i}: associative list with keys has an element that omits key field ${JSON.stringify(key.missing)} (and doesn't have default value)`);
  }
  return out;
}

/** Leaf fields of an applied configuration (what the applier will own). */
function leaves(value: unknown, keys: string[], path: string, schema: Schema | undefined, out: Leaf[], inMetadata: boolean): void {
  if (isPlainObject(value) && Object.keys(value).length > 0 && !schema?.atomicMap) {
    for (const [k, v] of Object.entries(value)) {
      if (keys.length === 0 && (k === 'apiVersion' || k === 'kind')) continue;
      if (inMetadata && UNTRACKED_METADATA.has(k)) continue;
      leaves(v, [...keys, `f:${k}`], `${path}.${k}`, schema?.property(k), out, keys.length === 0 && k === 'metadata');
    }
    return;
  }
  const elements = Array.isArray(value) && value.length > 0 ? elementsOf(value, schema, path, true) : undefined;
  if (Array.isArray(value) && elements) {
    const set = schema?.list().listType === 'set';
    value.forEach((item, i) => {
      const element = elements[i] ?? { fields: '', human: '' };
      const itemKeys = [...keys, element.fields];
      // A set member is a leaf; a map-list item is owned itself (".") and by its fields.
      out.push({ keys: itemKeys, path: `${path}${element.human}`, value: set ? item : undefined });
      if (!set) leaves(item, itemKeys, `${path}${element.human}`, schema?.items(), out, false);
    });
    return;
  }
  out.push({ keys, path, value });
}

function toSet(ls: Leaf[]): FieldSet {
  const set = new FieldSet();
  for (const l of ls) {
    let node = set;
    for (const k of l.keys) node = node.child(k);
    node.member = true;
  }
  return set;
}

function setHas(set: FieldSet, keys: string[]): boolean {
  let node: FieldSet | undefined = set;
  for (const k of keys) {
    node = node.children.get(k);
    if (!node) return false;
  }
  return node.member;
}

/** Value at a FieldsV1 key path in an object. */
function valueAt(obj: unknown, keys: string[], schema: Schema | undefined): unknown {
  let cur = obj;
  let s = schema;
  for (const k of keys) {
    if (k.startsWith('f:') && isPlainObject(cur)) {
      cur = field(cur, k.slice(2));
      s = s?.property(k.slice(2));
    } else if (Array.isArray(cur)) {
      const itemSchema = s?.items();
      cur = cur.find((i) => matchesElement(i, k, itemSchema));
      s = itemSchema;
    } else return undefined;
    if (cur === undefined) return undefined;
  }
  return cur;
}

/** Merges an applied configuration into the live object: maps merge, map lists and sets by item, the rest replaces. */
function applyMerge(live: unknown, applied: unknown, schema: Schema | undefined): unknown {
  if (isPlainObject(applied) && !schema?.atomicMap) {
    const out: JsonObject = isPlainObject(live) ? { ...live } : {};
    for (const [k, v] of Object.entries(applied)) setField(out, k, applyMerge(field(out, k), v, schema?.property(k)));
    return out;
  }
  const appliedElements = Array.isArray(applied) ? elementsOf(applied, schema, '', false) : undefined;
  const liveElements = Array.isArray(live) ? elementsOf(live, schema, '', false) : undefined;
  if (Array.isArray(applied) && Array.isArray(live) && appliedElements && liveElements) {
    const out = [...live];
    const present = liveElements.map((e) => e.fields);
    applied.forEach((item, i) => {
      const element = appliedElements[i]?.fields ?? '';
      const idx = present.indexOf(element);
      if (idx < 0) {
        out.push(structuredClone(item));
        present.push(element);
      } else if (schema?.list().listType === 'map') out[idx] = applyMerge(out[idx], item, schema.items());
    });
    return out;
  }
  return structuredClone(applied);
}

/** Removes a field path from an object (fields a manager stopped applying). */
function removeAt(obj: unknown, keys: string[], schema: Schema | undefined): void {
  const parent = valueAt(obj, keys.slice(0, -1), schema);
  const last = keys[keys.length - 1] ?? '';
  if (last.startsWith('f:') && isPlainObject(parent)) delete parent[last.slice(2)];
  else if (Array.isArray(parent)) {
    const idx = parent.indexOf(valueAt(obj, keys, schema));
    if (idx >= 0) parent.splice(idx, 1);
  }
}

function printManager(e: ManagedFieldsEntry): string {
  return e.operation === 'Update' ? `"${e.manager}" using ${e.apiVersion}` : `"${e.manager}"`;
}

/** 409 for apply conflicts (apiserver fieldmanager NewConflictError). */
function conflictError(conflicts: Array<{ entry: ManagedFieldsEntry; path: string }>): ApiError {
  const causes = conflicts.map((c) => ({ reason: 'FieldManagerConflict', message: `conflict with ${printManager(c.entry)}`, field: c.path }));
  let message: string;
  const first = conflicts[0];
  if (conflicts.length === 1 && first) message = `Apply failed with 1 conflict: conflict with ${printManager(first.entry)}: ${first.path}`;
  else {
    const byManager = new Map<string, string[]>();
    for (const c of conflicts) byManager.set(printManager(c.entry), [...(byManager.get(printManager(c.entry)) ?? []), c.path]);
    const lines: string[] = [];
    for (const m of [...byManager.keys()].sort()) {
      lines.push(`conflicts with ${m}:`);
      for (const p of byManager.get(m) ?? []) lines.push(`- ${p}`);
    }
    message = `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`;
  }
  return new ApiError(failure(409, 'Conflict', message, { causes }));
}

export interface ApplyResult {
  object: KubeObject;
  managedFields: ManagedFieldsEntry[];
}

/**
 * Computes the result of applying `applied` as `manager` over `live` (undefined = create):
 * the merged object and its managedFields. Throws 409 on conflicts unless force, InvalidAppliedObject
 * when the schema cannot type the applied configuration.
 */
export function serverSideApply(
  live: KubeObject | undefined,
  applied: KubeObject,
  schema: Schema | undefined,
  manager: string,
  apiVersion: string,
  force: boolean,
  time: string,
): ApplyResult {
  const appliedLeaves: Leaf[] = [];
  leaves(applied, [], '', schema, appliedLeaves, false);
  const appliedSet = toSet(appliedLeaves);
  const entries = live?.metadata.managedFields ?? [];
  const mine = entries.find((e) => e.manager === manager && e.operation === 'Apply');
  const others = entries.filter((e) => e !== mine);

  const conflicts: Array<{ entry: ManagedFieldsEntry; path: string }> = [];
  const taken = new FieldSet();
  if (live) {
    for (const leaf of appliedLeaves) {
      if (leaf.value === undefined) continue;
      if (jsonEqual(valueAt(live, leaf.keys, schema), leaf.value)) continue;
      for (const e of others) {
        if (setHas(FieldSet.fromJSON(e.fieldsV1), leaf.keys)) {
          conflicts.push({ entry: e, path: leaf.path });
          let node = taken;
          for (const k of leaf.keys) node = node.child(k);
          node.member = true;
        }
      }
    }
    if (conflicts.length > 0 && !force) throw conflictError(conflicts);
  }

  const base: KubeObject = live ? structuredClone(live) : { metadata: {} };
  const merged = applyMerge(base, applied, schema) as KubeObject;
  // Fields this manager applied before but no longer does, and nobody else owns, are removed.
  if (mine) {
    const prevLeaves: string[][] = [];
    const walk = (set: FieldSet, keys: string[]): void => {
      if (set.member && set.children.size === 0) prevLeaves.push(keys);
      for (const [k, c] of set.children) walk(c, [...keys, k]);
    };
    walk(FieldSet.fromJSON(mine.fieldsV1), []);
    for (const keys of prevLeaves) {
      if (setHas(appliedSet, keys)) continue;
      if (others.some((e) => setHas(FieldSet.fromJSON(e.fieldsV1), keys))) continue;
      removeAt(merged, keys, schema);
    }
  }

  const managedFields: ManagedFieldsEntry[] = [];
  for (const e of entries) {
    if (e === mine) continue;
    const set = FieldSet.fromJSON(e.fieldsV1);
    set.subtract(taken);
    if (!set.empty) managedFields.push({ ...e, fieldsV1: set.toJSON() });
  }
  managedFields.push({ manager, operation: 'Apply', apiVersion, time, fieldsType: 'FieldsV1', fieldsV1: appliedSet.toJSON() });
  return { object: merged, managedFields };
}
