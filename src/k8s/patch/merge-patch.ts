// RFC 7386 JSON merge patch: objects merge recursively, null deletes, arrays (and scalars) replace whole.
import { isJsonObject, jsonEqual, ownValue, setOwn, type JsonObject, type JsonValue } from './json.js';

/** The merge patch turning `original` into `modified` ({} when equal). */
export function buildMergePatch(original: JsonObject, modified: JsonObject): JsonObject {
  const patch: JsonObject = {};
  for (const key of Object.keys(original)) {
    if (!Object.hasOwn(modified, key)) setOwn(patch, key, null);
  }
  for (const [key, value] of Object.entries(modified)) {
    const before = ownValue(original, key);
    if (jsonEqual(before, value)) continue;
    setOwn(patch, key, isJsonObject(before) && isJsonObject(value) ? buildMergePatch(before, value) : mergePatchValue(value));
  }
  return patch;
}

// A null inside a new value cannot be expressed by RFC 7386 (null means delete); send the object without it.
function mergePatchValue(value: JsonValue): JsonValue {
  if (!isJsonObject(value)) return value;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) if (v !== null) setOwn(out, k, mergePatchValue(v));
  return out;
}
