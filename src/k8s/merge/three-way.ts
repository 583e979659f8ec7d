// Three-way merge for saving over a newer object: base = what the user opened, yours = the edit,
// theirs = the latest from the server. A path changed on one side takes that side; the same path changed to
// different values on both sides is a conflict. Lists with a merge key (OpenAPI `x-kubernetes-patch-merge-key`
// or `x-kubernetes-list-map-keys`) merge item by item, so two people adding different env vars both keep theirs.
import type { SchemaLookup } from '../openapi/types.js';
import { isJsonObject, jsonEqual, ownValue, setOwn, type JsonObject, type JsonValue } from '../patch/json.js';
import { isReadOnlyPath } from '../patch/read-only.js';

export interface MergeConflict {
  /** Display path in the style of FieldManagerConflict fields: `.spec.template.spec.containers[name="web"].image`. */
  path: string;
  /** Where the value sits in yours (object keys and array indexes), for highlighting in the editor; null when you removed it. */
  yoursPath: (string | number)[] | null;
  /** undefined: absent on that side. */
  base: JsonValue | undefined;
  yours: JsonValue | undefined;
  theirs: JsonValue | undefined;
}

export interface ThreeWayMergeResult {
  /** The merged object; at conflicting paths it holds theirs (the server's) until the user chooses. */
  merged: JsonObject;
  conflicts: MergeConflict[];
  /** Paths where your change was applied on top of theirs. */
  autoMerged: string[];
}

export interface ThreeWayMergeOptions {
  /** Choices for conflicts, by `MergeConflict.path`: the chosen side is taken and the conflict not reported. */
  resolutions?: Record<string, 'yours' | 'theirs'>;
}

interface Ctx {
  lookup: SchemaLookup | undefined;
  resolutions: Record<string, 'yours' | 'theirs'>;
  conflicts: MergeConflict[];
  autoMerged: string[];
}

/** Merges your edit of `base` into `theirs`; status and system metadata (resourceVersion...) always come from theirs. */
export function threeWayMerge(
  base: JsonObject,
  yours: JsonObject,
  theirs: JsonObject,
  schemaLookup?: SchemaLookup,
  options: ThreeWayMergeOptions = {},
): ThreeWayMergeResult {
  const ctx: Ctx = { lookup: schemaLookup, resolutions: options.resolutions ?? {}, conflicts: [], autoMerged: [] };
  const merged = mergeObjects(base, yours, theirs, [], '', [], ctx);
  return { merged, conflicts: ctx.conflicts, autoMerged: ctx.autoMerged };
}

const SIMPLE_KEY = /^[A-Za-z_$][\w$-]*$/;

function childDisplay(display: string, key: string): string {
  return SIMPLE_KEY.test(key) ? `${display}.${key}` : `${display}[${JSON.stringify(key)}]`;
}

function mergeValue(
  b: JsonValue | undefined,
  y: JsonValue | undefined,
  t: JsonValue | undefined,
  schemaPath: string[],
  display: string,
  yoursPath: (string | number)[] | null,
  ctx: Ctx,
): JsonValue | undefined {
  if (jsonEqual(y, t)) return t; // no change, or both made the same change
  if (jsonEqual(y, b)) return t; // only theirs changed
  // Objects and keyed lists recurse even when only yours changed, so autoMerged names the leaves you changed.
  if (isJsonObject(y) && isJsonObject(t) && (b === undefined || isJsonObject(b))) {
    return mergeObjects(b ?? {}, y, t, schemaPath, display, yoursPath, ctx);
  }
  if (Array.isArray(y) && Array.isArray(t) && (b === undefined || Array.isArray(b))) {
    const list = mergeList(b ?? [], y, t, schemaPath, display, yoursPath, ctx);
    // Theirs unchanged: yours as is (its order too); the merge above only recorded which items you changed.
    if (list !== null) return jsonEqual(t, b) ? y : list;
  }
  if (jsonEqual(t, b)) {
    ctx.autoMerged.push(display || '.');
    return y; // only yours changed
  }
  const choice = ownValue(ctx.resolutions, display || '.');
  if (choice) return choice === 'yours' ? y : t;
  ctx.conflicts.push({ path: display || '.', yoursPath: y === undefined ? null : yoursPath, base: b, yours: y, theirs: t });
  return t;
}

function mergeObjects(
  b: JsonObject,
  y: JsonObject,
  t: JsonObject,
  schemaPath: string[],
  display: string,
  yoursPath: (string | number)[] | null,
  ctx: Ctx,
): JsonObject {
  const out: JsonObject = {};
  // Theirs' key order first, then keys only you added.
  const keys = [...Object.keys(t), ...Object.keys(y).filter((k) => !Object.hasOwn(t, k))];
  for (const key of keys) {
    const childSchemaPath = [...schemaPath, key];
    let value: JsonValue | undefined;
    if (isReadOnlyPath(childSchemaPath)) {
      // Server-owned (status, resourceVersion, managedFields...): the latest wins, never a conflict.
      value = ownValue(t, key);
    } else {
      const childYoursPath = yoursPath && Object.hasOwn(y, key) ? [...yoursPath, key] : null;
      value = mergeValue(ownValue(b, key), ownValue(y, key), ownValue(t, key), childSchemaPath, childDisplay(display, key), childYoursPath, ctx);
    }
    if (value !== undefined) setOwn(out, key, value);
  }
  return out;
}

/** The keys that identify an item of this list, or null when it is atomic. */
function listKeys(schemaPath: string[], ctx: Ctx): string[] | null {
  const schema = ctx.lookup?.(schemaPath);
  if (!schema) return null;
  if (schema.listType === 'atomic') return null;
  if (schema.listType === 'map' && schema.listMapKeys && schema.listMapKeys.length > 0) return schema.listMapKeys;
  if (schema.patchStrategy.includes('merge') && schema.patchMergeKey) return [schema.patchMergeKey];
  return null;
}

function isSetList(schemaPath: string[], ctx: Ctx): boolean {
  const schema = ctx.lookup?.(schemaPath);
  if (!schema) return false;
  return schema.listType === 'set' || (schema.patchStrategy.includes('merge') && !schema.patchMergeKey && schema.listType !== 'atomic');
}

/** Merged list, or null to treat the list as one atomic value (no keys in the schema, or items lacking them). */
function mergeList(
  b: JsonValue[],
  y: JsonValue[],
  t: JsonValue[],
  schemaPath: string[],
  display: string,
  yoursPath: (string | number)[] | null,
  ctx: Ctx,
): JsonValue[] | null {
  const keys = listKeys(schemaPath, ctx);
  if (keys === null) return isSetList(schemaPath, ctx) ? mergeSet(b, y, t) : null;
  const identity = (item: JsonValue): string | null => {
    if (!isJsonObject(item)) return null;
    const parts = keys.map((k) => ownValue(item, k));
    // A missing key is allowed in list-map-keys only with a default (e.g. ports' protocol); treat as atomic instead.
    if (keys.length === 1 && parts[0] === undefined) return null;
    return JSON.stringify(parts);
  };
  const index = (list: JsonValue[]): Map<string, JsonValue> | null => {
    const m = new Map<string, JsonValue>();
    for (const item of list) {
      const id = identity(item);
      if (id === null || m.has(id)) return null;
      m.set(id, item);
    }
    return m;
  };
  const bi = index(b);
  const yi = index(y);
  const ti = index(t);
  if (!bi || !yi || !ti) return null;

  // Order: theirs, with items only you added placed after the item that precedes them in yours.
  const order = [...ti.keys()];
  let previous: string | null = null;
  for (const id of yi.keys()) {
    if (!ti.has(id) && !order.includes(id)) {
      const at = previous === null ? 0 : order.indexOf(previous) + 1;
      order.splice(at, 0, id);
    }
    previous = id;
  }
  const yoursIds = [...yi.keys()];
  const out: JsonValue[] = [];
  for (const id of order) {
    const sample = (ti.get(id) ?? yi.get(id)) as JsonObject;
    const label = keys.map((k) => `${k}=${JSON.stringify(ownValue(sample, k) ?? null)}`).join(',');
    const pos = yoursIds.indexOf(id);
    const itemYoursPath = yoursPath && pos >= 0 ? [...yoursPath, pos] : null;
    const value = mergeValue(bi.get(id), yi.get(id), ti.get(id), schemaPath, `${display}[${label}]`, itemYoursPath, ctx);
    if (value !== undefined) out.push(value);
  }
  return out;
}

// A set of scalars (e.g. metadata.finalizers, patch strategy merge): theirs, plus your additions, minus your removals.
function mergeSet(b: JsonValue[], y: JsonValue[], t: JsonValue[]): JsonValue[] {
  const has = (list: JsonValue[], v: JsonValue): boolean => list.some((x) => jsonEqual(x, v));
  const removed = b.filter((v) => !has(y, v));
  const out = t.filter((v) => !has(removed, v));
  for (const v of y) if (!has(b, v) && !has(out, v)) out.push(v);
  return out;
}
