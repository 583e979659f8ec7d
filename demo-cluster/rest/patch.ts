// PATCH bodies: JSON patch (RFC 6902), JSON merge patch (RFC 7386) and strategic merge patch
// (merge keys, $patch / $retainKeys / $deleteFromPrimitiveList / $setElementOrder directives). Strategic
// merge reads each list's patch strategy and merge key from the type's served OpenAPI (openapi/schema.ts),
// the x-kubernetes-patch-* twins of the Go struct tags the apiserver reads.
import { ApiError, badRequest, failure } from '../http/errors.js';
import type { Schema } from '../openapi/schema.js';
import type { JsonObject } from '../resources/types.js';
import { field, hasField, setField } from '../resources/own-fields.js';
import { isPlainObject, jsonEqual } from '../resources/types.js';

/** The 422 the apiserver answers when a JSON patch does not apply (NewGenericServerResponse). */
function patchRejected(): ApiError {
  return new ApiError(failure(422, 'Invalid', 'the server rejected our request due to an error in our request', {}));
}

function unescape(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

function parsePointer(path: string): string[] {
  if (path === '') return [];
  if (!path.startsWith('/')) throw patchRejected();
  return path.slice(1).split('/').map(unescape);
}

type Container = JsonObject | unknown[];

/** The item or own field a pointer token names; undefined when there is none (a prototype member is none). */
function child(cur: unknown, token: string): unknown {
  if (Array.isArray(cur)) return /^\d+$/.test(token) ? cur[Number(token)] : undefined;
  return isPlainObject(cur) ? field(cur, token) : undefined;
}

function resolveParent(doc: unknown, tokens: string[]): { parent: Container; key: string } {
  let cur: unknown = doc;
  for (const t of tokens.slice(0, -1)) {
    cur = child(cur, t);
    if (cur === undefined) throw patchRejected();
  }
  if (!Array.isArray(cur) && !isPlainObject(cur)) throw patchRejected();
  return { parent: cur, key: tokens[tokens.length - 1] ?? '' };
}

function getAt(doc: unknown, tokens: string[]): unknown {
  let cur = doc;
  for (const t of tokens) cur = child(cur, t);
  return cur;
}

function arrayIndex(arr: unknown[], key: string, forInsert: boolean): number {
  if (forInsert && key === '-') return arr.length;
  if (!/^\d+$/.test(key)) throw patchRejected();
  const i = Number(key);
  if (i > arr.length || (!forInsert && i === arr.length)) throw patchRejected();
  return i;
}

function add(doc: unknown, tokens: string[], value: unknown): unknown {
  if (tokens.length === 0) return value;
  const { parent, key } = resolveParent(doc, tokens);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, true), 0, value);
  else setField(parent, key, value);
  return doc;
}

function remove(doc: unknown, tokens: string[]): unknown {
  const { parent, key } = resolveParent(doc, tokens);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, false), 1);
  else {
    if (!hasField(parent, key)) throw patchRejected();
    delete parent[key];
  }
  return doc;
}

/** Applies an RFC 6902 patch; a failed "test" or a missing path is a 422, a malformed patch a 400. */
export function applyJsonPatch(target: unknown, patch: unknown): unknown {
  if (!Array.isArray(patch)) throw badRequest('json: cannot unmarshal object into Go value of type jsonpatch.Patch');
  let doc = structuredClone(target);
  for (const raw of patch) {
    if (!isPlainObject(raw) || typeof raw.op !== 'string' || typeof raw.path !== 'string') throw badRequest('invalid JSON patch operation');
    const tokens = parsePointer(raw.path);
    switch (raw.op) {
      case 'add':
        doc = add(doc, tokens, structuredClone(raw.value));
        break;
      case 'remove':
        doc = remove(doc, tokens);
        break;
      case 'replace':
        if (getAt(doc, tokens) === undefined) throw patchRejected();
        doc = tokens.length === 0 ? structuredClone(raw.value) : add(remove(doc, tokens), tokens, structuredClone(raw.value));
        break;
      case 'move':
      case 'copy': {
        if (typeof raw.from !== 'string') throw badRequest(`missing from in ${raw.op}`);
        const from = parsePointer(raw.from);
        const value = getAt(doc, from);
        if (value === undefined) throw patchRejected();
        if (raw.op === 'move') doc = remove(doc, from);
        doc = add(doc, tokens, structuredClone(value));
        break;
      }
      case 'test':
        if (!jsonEqual(getAt(doc, tokens), raw.value)) throw patchRejected();
        break;
      default:
        throw badRequest(`Unexpected kind: ${raw.op}`);
    }
  }
  return doc;
}

/** RFC 7386 merge patch: objects merge, null deletes, everything else replaces. */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return structuredClone(patch);
  const out: JsonObject = isPlainObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else setField(out, k, applyMergePatch(field(out, k), v));
  }
  return out;
}

// Element order, ported from apimachinery strategicpatch (mergeSlice, normalizeElementOrder): items
// named by the patch keep the patch's (or $setElementOrder's) order, server-only items keep the live
// order, and the two are interleaved by the live order where both are known.

function keyValue(item: unknown, mergeKey: string | undefined): unknown {
  if (mergeKey === undefined) return item;
  return isPlainObject(item) ? field(item, mergeKey) : undefined;
}

function indexIn(list: unknown[], item: unknown, mergeKey: string | undefined): number {
  const v = keyValue(item, mergeKey);
  return list.findIndex((x) => keyValue(x, mergeKey) === v);
}

/** Go's sort.SliceStable for short slices (insertion sort), which the comparator below relies on. */
function goStableSort<T>(items: T[], less: (a: T, b: T) => boolean): T[] {
  const s = [...items];
  for (let i = 1; i < s.length; i++) {
    for (let j = i; j > 0 && less(s[j] as T, s[j - 1] as T); j--) [s[j], s[j - 1]] = [s[j - 1] as T, s[j] as T];
  }
  return s;
}

/** normalizeSliceOrder: sorts by `order` (items it lacks compare as "less"); $patch:delete items go last. */
function normalizeSliceOrder(toSort: unknown[], order: unknown[], mergeKey: string | undefined): unknown[] {
  const isDelete = (x: unknown): boolean => mergeKey !== undefined && isPlainObject(x) && field(x, '$patch') === 'delete';
  const keep = toSort.filter((x) => !isDelete(x));
  const sorted = goStableSort(keep, (a, b) => {
    const ia = indexIn(order, a, mergeKey);
    if (ia >= 0) {
      const ib = indexIn(order, b, mergeKey);
      if (ib >= 0) return ia < ib;
    }
    return true;
  });
  return [...sorted, ...toSort.filter(isDelete)];
}

/** mergeSortedSlice: inserts server-only items (left) into patch items (right) by the live order. */
function mergeSortedSlice(left: unknown[], right: unknown[], serverOrder: unknown[], mergeKey: string | undefined): unknown[] {
  const out: unknown[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i >= left.length) out.push(right[j++]);
    else if (j >= right.length) out.push(left[i++]);
    else {
      const li = indexIn(serverOrder, left[i], mergeKey);
      const ri = indexIn(serverOrder, right[j], mergeKey);
      if (li >= 0 && ri >= 0 && li < ri) out.push(left[i++]);
      else out.push(right[j++]);
    }
  }
  return out;
}

function normalizeElementOrder(patchItems: unknown[], serverOnly: unknown[], patchOrder: unknown[], serverOrder: unknown[], mergeKey: string | undefined): unknown[] {
  return mergeSortedSlice(normalizeSliceOrder(serverOnly, serverOrder, mergeKey), normalizeSliceOrder(patchItems, patchOrder, mergeKey), serverOrder, mergeKey);
}

/** Splits `items` into those `by` names (by merge key, or value for primitives) and the rest. */
function partition(items: unknown[], by: unknown[], mergeKey: string | undefined): [unknown[], unknown[]] {
  const inBy: unknown[] = [];
  const rest: unknown[] = [];
  for (const x of items) (indexIn(by, x, mergeKey) >= 0 ? inBy : rest).push(x);
  return [inBy, rest];
}

/** deduplicateScalars from strategicpatch (moves the last item into a duplicate's place). */
function dedupeScalars(items: unknown[]): unknown[] {
  const s = [...items];
  let length = s.length - 1;
  for (let i = 0; i < length; i++) {
    for (let j = i + 1; j <= length; j++) {
      if (s[i] === s[j]) {
        s[j] = s[length];
        s.length = length;
        length--;
        j--;
      }
    }
  }
  return s;
}

/**
 * The merge key of a list (patch strategy "merge" with x-kubernetes-patch-merge-key), if every item
 * carries it ($patch directives aside); a list whose items lack it is replaced as a whole.
 */
function mergeKeyOf(schema: Schema | undefined, items: unknown[]): string | undefined {
  const key = schema?.list().patchMergeKey;
  if (key === undefined) return undefined;
  const plain = items.filter((p) => !(isPlainObject(p) && typeof field(p, '$patch') === 'string'));
  return plain.every((i) => isPlainObject(i) && hasField(i, key)) ? key : undefined;
}

function mergeList(schema: Schema | undefined, current: unknown, patch: unknown[]): unknown[] {
  const items = Array.isArray(current) ? current : [];
  const mergeKey = mergeKeyOf(schema, [...patch, ...items]);
  const itemSchema = schema?.items();
  if (mergeKey !== undefined && patch.every(isPlainObject)) {
    let original = items.map((i) => structuredClone(i));
    let patchItems: JsonObject[] = [];
    let replace = false;
    for (const p of patch as JsonObject[]) {
      const directive = field(p, '$patch');
      if (directive === 'delete') original = original.filter((o) => keyValue(o, mergeKey) !== keyValue(p, mergeKey));
      else if (directive === 'replace') replace = true;
      else patchItems.push(p);
    }
    if (replace) {
      original = patchItems.map((p) => strategicMerge({}, p, itemSchema));
      patchItems = [];
    }
    const merged = [...original];
    for (const p of patchItems) {
      const idx = merged.findIndex((o) => keyValue(o, mergeKey) === keyValue(p, mergeKey));
      if (idx >= 0) merged[idx] = strategicMerge(merged[idx], p, itemSchema);
      else merged.push(strategicMerge({}, p, itemSchema));
    }
    const [fromPatch, serverOnly] = partition(merged, patchItems, mergeKey);
    return normalizeElementOrder(fromPatch, serverOnly, patchItems, original, mergeKey);
  }
  // Patch strategy "merge" without a key (finalizers): primitive items merge as a set.
  if (schema?.list().patchMerge && mergeKey === undefined && patch.every((p) => !isPlainObject(p))) {
    const merged = dedupeScalars([...items, ...patch]);
    const [fromPatch, serverOnly] = partition(merged, patch, undefined);
    return normalizeElementOrder(fromPatch, serverOnly, patch, items, undefined);
  }
  return structuredClone(patch);
}

/** $setElementOrder/<field>: merges the field's patch list, then orders it by the directive (mergePatchIntoOriginal). */
function applySetElementOrder(out: JsonObject, patch: JsonObject, schema: Schema | undefined): Set<string> {
  const handled = new Set<string>();
  for (const [k, order] of Object.entries(patch)) {
    if (!k.startsWith('$setElementOrder/') || !Array.isArray(order)) continue;
    const name = k.slice('$setElementOrder/'.length);
    const live = field(out, name);
    const patched = field(patch, name);
    const original = Array.isArray(live) ? live : undefined;
    const patchList = Array.isArray(patched) ? patched : undefined;
    if (original === undefined && patchList === undefined) continue;
    const fieldSchema = schema?.property(name);
    const merged = patchList !== undefined ? mergeList(fieldSchema, original ?? [], patchList) : (original ?? []);
    const mergeKey = order.some(isPlainObject) ? mergeKeyOf(fieldSchema, [...order, ...merged]) : undefined;
    handled.add(name);
    if (order.some(isPlainObject) && mergeKey === undefined) {
      setField(out, name, merged);
      continue;
    }
    const [inOrder, serverOnly] = partition(merged, order, mergeKey);
    setField(out, name, normalizeElementOrder(inOrder, serverOnly, order, original ?? [], mergeKey));
  }
  return handled;
}

/** $retainKeys: the field names it lists (no other item names a field); not a list is strategicpatch's ErrBadPatchFormatForRetainKeys. */
function retainKeysOf(patch: JsonObject): string[] | undefined {
  const keys = field(patch, '$retainKeys');
  if (keys === undefined) return undefined;
  if (!Array.isArray(keys)) throw badRequest('invalid patch format of retainKeys');
  return keys.filter((k): k is string => typeof k === 'string');
}

/** Strategic merge patch (the subset of directives kubectl emits) of a value following `schema`. */
export function strategicMerge(target: unknown, patch: unknown, schema: Schema | undefined): unknown {
  if (!isPlainObject(patch)) return structuredClone(patch);
  const directive = field(patch, '$patch');
  if (directive === 'replace') {
    const { $patch: _p, ...rest } = patch;
    return structuredClone(rest);
  }
  if (directive === 'delete') return undefined;
  let out: JsonObject = isPlainObject(target) ? { ...target } : {};
  const retainKeys = retainKeysOf(patch);
  const ordered = applySetElementOrder(out, patch, schema);
  for (const [k, v] of Object.entries(patch)) {
    if (k === '$retainKeys' || k === '$patch' || k.startsWith('$setElementOrder/') || ordered.has(k)) continue;
    if (k.startsWith('$deleteFromPrimitiveList/')) {
      const name = k.slice('$deleteFromPrimitiveList/'.length);
      const live = field(out, name);
      const list = Array.isArray(live) ? live : [];
      setField(out, name, list.filter((item) => !(Array.isArray(v) && v.some((d) => jsonEqual(d, item)))));
      continue;
    }
    if (v === null) {
      delete out[k];
      continue;
    }
    if (Array.isArray(v)) setField(out, k, mergeList(schema?.property(k), field(out, k), v));
    else if (isPlainObject(v)) {
      const merged = strategicMerge(field(out, k), v, schema?.property(k));
      if (merged === undefined) delete out[k];
      else setField(out, k, merged);
    } else setField(out, k, v);
  }
  if (retainKeys) out = Object.fromEntries(Object.entries(out).filter(([k]) => retainKeys.includes(k)));
  return out;
}

/** A JSON, merge or strategic merge patch, by its Content-Type, of a value following `schema`. */
export function applyPatch(contentType: string, target: unknown, patch: unknown, schema: Schema | undefined): unknown {
  if (contentType === 'application/json-patch+json') return applyJsonPatch(target, patch);
  if (contentType === 'application/merge-patch+json') return applyMergePatch(target, patch);
  return strategicMerge(target, patch, schema);
}
