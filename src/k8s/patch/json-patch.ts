// RFC 6902 JSON patch, with an optional leading `test` of metadata.resourceVersion so a stale edit fails
// with 422 instead of overwriting a newer object (the apiserver applies the ops with evanphx/json-patch).
import { isJsonObject, jsonEqual, ownValue, type JsonObject, type JsonValue } from './json.js';

export type JsonPatchOperation =
  | { op: 'add' | 'replace' | 'test'; path: string; value: JsonValue }
  | { op: 'remove'; path: string };

export interface JsonPatchOptions {
  /** Start with `{"op":"test","path":"/metadata/resourceVersion","value":<original's rv>}` (default true). */
  testResourceVersion?: boolean;
}

/** RFC 6901 escaping of one reference token: `~` -> `~0`, `/` -> `~1`. */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A JSON pointer from reference tokens. */
export function toJsonPointer(tokens: readonly (string | number)[]): string {
  return tokens.map((t) => `/${escapePointerToken(String(t))}`).join('');
}

/** The ops turning `original` into `modified`: objects by key, arrays by index (shrinking from the end). */
export function buildJsonPatch(original: JsonObject, modified: JsonObject, options: JsonPatchOptions = {}): JsonPatchOperation[] {
  const ops: JsonPatchOperation[] = [];
  if (options.testResourceVersion ?? true) {
    const meta = original.metadata;
    const rv = isJsonObject(meta) ? meta.resourceVersion : undefined;
    if (typeof rv !== 'string' || rv === '') throw new Error('the original object has no metadata.resourceVersion to test');
    ops.push({ op: 'test', path: '/metadata/resourceVersion', value: rv });
  }
  diff(original, modified, [], ops);
  return ops;
}

function diff(a: JsonValue, b: JsonValue, path: (string | number)[], ops: JsonPatchOperation[]): void {
  if (jsonEqual(a, b)) return;
  if (isJsonObject(a) && isJsonObject(b)) {
    for (const key of Object.keys(a)) {
      if (!Object.hasOwn(b, key)) ops.push({ op: 'remove', path: toJsonPointer([...path, key]) });
    }
    for (const [key, value] of Object.entries(b)) {
      const before = ownValue(a, key);
      if (before === undefined) ops.push({ op: 'add', path: toJsonPointer([...path, key]), value });
      else diff(before, value, [...path, key], ops);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const common = Math.min(a.length, b.length);
    for (let i = 0; i < common; i++) diff(a[i] as JsonValue, b[i] as JsonValue, [...path, i], ops);
    // Remove from the end so earlier indexes stay valid while the server applies the ops in order.
    for (let i = a.length - 1; i >= b.length; i--) ops.push({ op: 'remove', path: toJsonPointer([...path, i]) });
    for (let i = a.length; i < b.length; i++) ops.push({ op: 'add', path: toJsonPointer([...path, '-']), value: b[i] as JsonValue });
    return;
  }
  ops.push({ op: 'replace', path: toJsonPointer(path), value: b });
}
