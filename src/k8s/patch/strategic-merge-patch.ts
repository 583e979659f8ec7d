// Strategic merge patch like kubectl edit's CreateTwoWayMergePatch (k8s.io/apimachinery/pkg/util/strategicpatch,
// diffMaps/diffLists with SetElementOrder): lists with `x-kubernetes-patch-strategy: merge` are diffed by
// merge key (removed items as `{key, $patch: delete}`, order as `$setElementOrder/<field>`), primitive merge
// lists with `$deleteFromPrimitiveList/<field>`, retainKeys structs get `$retainKeys`; other lists replace whole.
import type { FieldSchema, SchemaLookup } from '../openapi/types.js';
import { isJsonObject, jsonEqual, ownValue, setOwn, type JsonObject, type JsonValue } from './json.js';

/** Strategic merge patch is only served for built-in kinds: custom resources answer 415 UnsupportedMediaType. */
export class StrategicMergeUnsupportedError extends Error {
  override readonly name = 'StrategicMergeUnsupportedError';
  /** The HTTP code the apiserver would answer. */
  readonly code = 415;
  constructor(kind: string) {
    super(`strategic merge patch is not supported for custom resources (${kind || 'unknown kind'}): the apiserver answers 415; use a merge, JSON or apply patch`);
  }
}

/** The strategic merge patch turning `original` into `modified`, with merge keys and directives from `schemaLookup`. */
export function buildStrategicMergePatch(original: JsonObject, modified: JsonObject, schemaLookup: SchemaLookup): JsonObject {
  if (!schemaLookup.builtIn) throw new StrategicMergeUnsupportedError(typeof modified.kind === 'string' ? modified.kind : '');
  return diffMaps(original, modified, [], schemaLookup, false);
}

function hasStrategy(schema: FieldSchema | undefined, strategy: string): boolean {
  return schema?.patchStrategy.includes(strategy) ?? false;
}

function diffMaps(original: JsonObject, modified: JsonObject, path: string[], lookup: SchemaLookup, retainKeys: boolean): JsonObject {
  const patch: JsonObject = {};
  for (const [key, modValue] of Object.entries(modified)) {
    const origValue = ownValue(original, key);
    if (origValue === undefined) {
      setOwn(patch, key, modValue);
      continue;
    }
    if (jsonEqual(origValue, modValue)) continue;
    const fieldPath = [...path, key];
    const schema = lookup(fieldPath);
    if (isJsonObject(origValue) && isJsonObject(modValue)) {
      // patchStrategy "replace" on a struct is not used by built-in types; everything else recurses.
      const sub = diffMaps(origValue, modValue, fieldPath, lookup, hasStrategy(schema, 'retainKeys'));
      if (Object.keys(sub).length > 0) setOwn(patch, key, sub);
    } else if (Array.isArray(origValue) && Array.isArray(modValue) && hasStrategy(schema, 'merge')) {
      diffMergeList(key, origValue, modValue, fieldPath, schema, lookup, patch);
    } else {
      setOwn(patch, key, modValue);
    }
  }
  // updatePatchIfMissing: a field the edit removed is deleted with null.
  for (const key of Object.keys(original)) if (!Object.hasOwn(modified, key)) setOwn(patch, key, null);
  // diffMaps: $retainKeys lists the fields to keep when the struct changed (e.g. Deployment spec.strategy,
  // so switching to Recreate clears rollingUpdate on the server).
  if (retainKeys && Object.keys(patch).length > 0) {
    const keep = Object.entries(modified).filter(([, v]) => v !== null).map(([k]) => k).sort();
    if (keep.length > 0) patch.$retainKeys = keep;
  }
  return patch;
}

function diffMergeList(
  key: string,
  original: JsonValue[],
  modified: JsonValue[],
  path: string[],
  schema: FieldSchema | undefined,
  lookup: SchemaLookup,
  patch: JsonObject,
): void {
  const mergeKey = schema?.patchMergeKey;
  const objects = [...original, ...modified].some(isJsonObject);
  if (!objects) {
    diffScalarList(key, original, modified, patch);
    return;
  }
  if (!mergeKey) {
    // A merge list of objects without a merge key cannot be diffed by item: send the whole list.
    setOwn(patch, key, modified);
    return;
  }
  const keyOf = (item: JsonValue): JsonValue => {
    const value = isJsonObject(item) ? ownValue(item, mergeKey) : undefined;
    if (value === undefined) throw new Error(`an item of ${path.join('.')} has no merge key "${mergeKey}"`);
    return value;
  };
  const findIn = (list: JsonValue[], k: JsonValue): JsonObject | undefined => list.find((x): x is JsonObject => jsonEqual(keyOf(x), k));

  const patchList: JsonValue[] = [];
  // In modified's order (normalizeSliceOrder).
  for (const item of modified) {
    const k = keyOf(item);
    const before = findIn(original, k);
    if (!before) {
      patchList.push(item);
      continue;
    }
    // handleSliceDiff: a `merge,retainKeys` list (volumes) puts $retainKeys into each changed item.
    const sub = diffMaps(before, item as JsonObject, path, lookup, hasStrategy(schema, 'retainKeys'));
    if (Object.keys(sub).length > 0) patchList.push({ [mergeKey]: k, ...sub });
  }
  // Deletions go last, as kubectl appends them.
  for (const item of original) {
    const k = keyOf(item);
    if (!findIn(modified, k)) patchList.push({ [mergeKey]: k, $patch: 'delete' });
  }
  const orderSame = jsonEqual(
    original.map(keyOf).filter((k) => modified.some((m) => jsonEqual(keyOf(m), k))),
    modified.map(keyOf).filter((k) => original.some((o) => jsonEqual(keyOf(o), k))),
  );
  if (patchList.length > 0) setOwn(patch, key, patchList);
  if (patchList.length > 0 || !orderSame) patch[`$setElementOrder/${key}`] = modified.map((m) => ({ [mergeKey]: keyOf(m) }));
}

// diffListsOfScalars: additions in the list itself, removals in $deleteFromPrimitiveList (e.g. metadata.finalizers).
function diffScalarList(key: string, original: JsonValue[], modified: JsonValue[], patch: JsonObject): void {
  const added = modified.filter((m) => !original.some((o) => jsonEqual(o, m)));
  const deleted = original.filter((o) => !modified.some((m) => jsonEqual(o, m)));
  if (added.length > 0) setOwn(patch, key, added);
  if (deleted.length > 0) patch[`$deleteFromPrimitiveList/${key}`] = deleted;
  if (deleted.length > 0 || !jsonEqual(original, modified)) patch[`$setElementOrder/${key}`] = modified;
}
