// PATCH bodies: JSON patch (RFC 6902), JSON merge patch (RFC 7386) and strategic merge patch
// (merge keys, $patch / $retainKeys / $deleteFromPrimitiveList / $setElementOrder directives).
import { ApiError, badRequest, failure } from './errors.js';
import { jsonEqual, listKeys } from './managed-fields.js';
import type { JsonObject } from './types.js';
import { isPlainObject } from './types.js';

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

function resolveParent(doc: unknown, tokens: string[]): { parent: Container; key: string } {
  let cur: unknown = doc;
  for (const t of tokens.slice(0, -1)) {
    if (Array.isArray(cur)) cur = cur[Number(t)];
    else if (isPlainObject(cur)) cur = cur[t];
    else throw patchRejected();
    if (cur === undefined) throw patchRejected();
  }
  if (!Array.isArray(cur) && !isPlainObject(cur)) throw patchRejected();
  return { parent: cur, key: tokens[tokens.length - 1] ?? '' };
}

function getAt(doc: unknown, tokens: string[]): unknown {
  let cur = doc;
  for (const t of tokens) {
    if (Array.isArray(cur)) cur = cur[Number(t)];
    else if (isPlainObject(cur)) cur = Object.prototype.hasOwnProperty.call(cur, t) ? cur[t] : undefined;
    else return undefined;
  }
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
  else parent[key] = value;
  return doc;
}

function remove(doc: unknown, tokens: string[]): unknown {
  const { parent, key } = resolveParent(doc, tokens);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, false), 1);
  else {
    if (!Object.prototype.hasOwnProperty.call(parent, key)) throw patchRejected();
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
    else out[k] = applyMergePatch(out[k], v);
  }
  return out;
}

/** Lists whose primitive items merge (patchStrategy "merge") rather than replace. */
const MERGED_PRIMITIVE_LISTS = new Set(['finalizers']);

function mergeList(field: string, current: unknown, patch: unknown[]): unknown[] {
  const items = Array.isArray(current) ? current : [];
  const keys = listKeys(field, [...patch.filter((p) => !(isPlainObject(p) && p.$patch === 'delete' && Object.keys(p).length === 1)), ...items]);
  if (keys && patch.every(isPlainObject)) {
    const out = items.map((i) => structuredClone(i));
    const keyOf = (o: JsonObject): string => JSON.stringify(keys.map((k) => o[k] ?? null));
    for (const p of patch as JsonObject[]) {
      const idx = out.findIndex((o) => isPlainObject(o) && keyOf(o) === keyOf(p));
      if (p.$patch === 'delete') {
        if (idx >= 0) out.splice(idx, 1);
      } else if (p.$patch === 'replace') {
        const { $patch: _p, ...rest } = p;
        if (idx >= 0) out[idx] = rest;
        else out.push(rest);
      } else if (idx >= 0) out[idx] = strategicMerge(out[idx], p);
      else out.push(strategicMerge({}, p));
    }
    return out;
  }
  if (MERGED_PRIMITIVE_LISTS.has(field) && patch.every((p) => !isPlainObject(p))) {
    return [...items, ...patch.filter((p) => !items.some((i) => jsonEqual(i, p)))];
  }
  return structuredClone(patch);
}

/** Strategic merge patch (the subset of directives kubectl emits). */
export function strategicMerge(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return structuredClone(patch);
  if (patch.$patch === 'replace') {
    const { $patch: _p, ...rest } = patch;
    return structuredClone(rest);
  }
  if (patch.$patch === 'delete') return undefined;
  let out: JsonObject = isPlainObject(target) ? { ...target } : {};
  const retainKeys = Array.isArray(patch.$retainKeys) ? patch.$retainKeys.map(String) : undefined;
  for (const [k, v] of Object.entries(patch)) {
    if (k === '$retainKeys' || k === '$patch' || k.startsWith('$setElementOrder/')) continue;
    if (k.startsWith('$deleteFromPrimitiveList/')) {
      const field = k.slice('$deleteFromPrimitiveList/'.length);
      const list = Array.isArray(out[field]) ? (out[field] as unknown[]) : [];
      out[field] = list.filter((item) => !(Array.isArray(v) && v.some((d) => jsonEqual(d, item))));
      continue;
    }
    if (v === null) {
      delete out[k];
      continue;
    }
    if (Array.isArray(v)) out[k] = mergeList(k, out[k], v);
    else if (isPlainObject(v)) {
      const merged = strategicMerge(out[k], v);
      if (merged === undefined) delete out[k];
      else out[k] = merged;
    } else out[k] = v;
  }
  if (retainKeys) out = Object.fromEntries(Object.entries(out).filter(([k]) => retainKeys.includes(k)));
  return out;
}
