// Server-side apply (application/apply-patch+yaml): per-manager field ownership, conflicts
// (409 with FieldManagerConflict causes, worded like the apiserver) and force.
import { ApiError, failure } from '../http/errors.js';
import { FieldSet, jsonEqual, listKeys } from './managed-fields.js';
import type { ManagedFieldsEntry } from '../resources/types.js';
import type { JsonObject, KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';

const UNTRACKED = new Set(['name', 'namespace', 'uid', 'resourceVersion', 'generation', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'managedFields', 'selfLink']);

interface Leaf {
  /** FieldsV1 keys from the root. */
  keys: string[];
  /** Human path: .spec.containers[name="nginx"].image */
  path: string;
  value: unknown;
}

function itemKey(item: JsonObject, keys: string[]): { fields: string; human: string } {
  const sorted = [...keys].sort();
  return {
    fields: `k:{${sorted.map((k) => `${JSON.stringify(k)}:${JSON.stringify(item[k])}`).join(',')}}`,
    human: `[${sorted.map((k) => `${k}=${JSON.stringify(item[k])}`).join(',')}]`,
  };
}

/** Leaf fields of an applied configuration (what the applier will own). */
function leaves(value: unknown, keys: string[], path: string, field: string, out: Leaf[], inMetadata: boolean): void {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) {
      if (keys.length === 0 && (k === 'apiVersion' || k === 'kind')) continue;
      if (inMetadata && UNTRACKED.has(k)) continue;
      leaves(v, [...keys, `f:${k}`], `${path}.${k}`, k, out, keys.length === 0 && k === 'metadata');
    }
    return;
  }
  if (Array.isArray(value) && value.length > 0) {
    const lk = listKeys(field, value);
    if (lk && value.every(isPlainObject)) {
      for (const item of value as JsonObject[]) {
        const { fields, human } = itemKey(item, lk);
        out.push({ keys: [...keys, fields], path: `${path}${human}`, value: undefined });
        leaves(item, [...keys, fields], `${path}${human}`, '', out, false);
      }
      return;
    }
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
function valueAt(obj: unknown, keys: string[]): unknown {
  let cur = obj;
  for (const k of keys) {
    if (k.startsWith('f:') && isPlainObject(cur)) cur = cur[k.slice(2)];
    else if (k.startsWith('k:') && Array.isArray(cur)) {
      const want = JSON.parse(k.slice(2)) as JsonObject;
      cur = cur.find((i) => isPlainObject(i) && Object.entries(want).every(([wk, wv]) => jsonEqual(i[wk], wv)));
    } else return undefined;
    if (cur === undefined) return undefined;
  }
  return cur;
}

/** Merges an applied configuration into the live object: maps merge, keyed lists merge by key, other lists replace. */
function applyMerge(live: unknown, applied: unknown, field: string): unknown {
  if (isPlainObject(applied)) {
    const out: JsonObject = isPlainObject(live) ? { ...live } : {};
    for (const [k, v] of Object.entries(applied)) out[k] = applyMerge(out[k], v, k);
    return out;
  }
  if (Array.isArray(applied) && applied.every(isPlainObject)) {
    const lk = listKeys(field, applied);
    if (lk && Array.isArray(live)) {
      const out = [...live];
      for (const item of applied as JsonObject[]) {
        const key = itemKey(item, lk).fields;
        const idx = out.findIndex((o) => isPlainObject(o) && itemKey(o, lk).fields === key);
        if (idx >= 0) out[idx] = applyMerge(out[idx], item, '');
        else out.push(item);
      }
      return out;
    }
  }
  return structuredClone(applied);
}

/** Removes a field path from an object (fields a manager stopped applying). */
function removeAt(obj: unknown, keys: string[]): void {
  const parent = valueAt(obj, keys.slice(0, -1));
  const last = keys[keys.length - 1] ?? '';
  if (last.startsWith('f:') && isPlainObject(parent)) delete parent[last.slice(2)];
  else if (last.startsWith('k:') && Array.isArray(parent)) {
    const item = valueAt(obj, keys);
    const idx = parent.indexOf(item);
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
 * the merged object and its managedFields. Throws 409 on conflicts unless force.
 */
export function serverSideApply(live: KubeObject | undefined, applied: KubeObject, manager: string, apiVersion: string, force: boolean, time: string): ApplyResult {
  const appliedLeaves: Leaf[] = [];
  leaves(applied, [], '', '', appliedLeaves, false);
  const appliedSet = toSet(appliedLeaves);
  const entries = live?.metadata.managedFields ?? [];
  const mine = entries.find((e) => e.manager === manager && e.operation === 'Apply');
  const others = entries.filter((e) => e !== mine);

  const conflicts: Array<{ entry: ManagedFieldsEntry; path: string }> = [];
  const taken = new FieldSet();
  if (live) {
    for (const leaf of appliedLeaves) {
      if (leaf.value === undefined) continue;
      if (jsonEqual(valueAt(live, leaf.keys), leaf.value)) continue;
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
  const merged = applyMerge(base, applied, '') as KubeObject;
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
      removeAt(merged, keys);
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
