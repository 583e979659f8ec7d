// Test-only: small reference appliers (RFC 7386, RFC 6902) to check that built patches turn original into modified.
import type { JsonPatchOperation } from './json-patch.js';
import { cloneJson, isJsonObject, jsonEqual, ownValue, setOwn, type JsonObject, type JsonValue } from './json.js';

/** RFC 7386 MergePatch(target, patch). */
export function applyMergePatch(target: JsonValue | undefined, patch: JsonValue): JsonValue {
  if (!isJsonObject(patch)) return patch;
  const out: JsonObject = isJsonObject(target) ? cloneJson(target) : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else setOwn(out, k, applyMergePatch(ownValue(out, k), v));
  }
  return out;
}

function unescape(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** RFC 6902 apply; throws on a failed test or a bad path. */
export function applyJsonPatch(doc: JsonObject, ops: JsonPatchOperation[]): JsonObject {
  const root = cloneJson(doc);
  for (const op of ops) {
    const tokens = op.path.split('/').slice(1).map(unescape);
    const last = tokens.pop();
    if (last === undefined) throw new Error('empty path');
    let parent: JsonValue = root;
    for (const t of tokens) {
      const next: JsonValue | undefined = Array.isArray(parent) ? parent[Number(t)] : isJsonObject(parent) ? ownValue(parent, t) : undefined;
      if (next === undefined) throw new Error(`no ${op.path}`);
      parent = next;
    }
    if (Array.isArray(parent)) {
      const i = last === '-' ? parent.length : Number(last);
      if (op.op === 'add') parent.splice(i, 0, op.value);
      else if (op.op === 'remove') parent.splice(i, 1);
      else if (op.op === 'replace') parent[i] = op.value;
      else if (!jsonEqual(parent[i], op.value)) throw new Error(`test failed at ${op.path}`);
    } else if (isJsonObject(parent)) {
      if (op.op === 'add' || op.op === 'replace') setOwn(parent, last, op.value);
      else if (op.op === 'remove') {
        if (!Object.hasOwn(parent, last)) throw new Error(`no ${op.path}`);
        delete parent[last];
      } else if (!jsonEqual(ownValue(parent, last), op.value)) throw new Error(`test failed at ${op.path}`);
    } else throw new Error(`no parent for ${op.path}`);
  }
  return root;
}
