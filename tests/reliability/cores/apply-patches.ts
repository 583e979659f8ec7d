// Reference appliers for the fuzz properties: RFC 6902 (add, remove, replace, test) and RFC 7386, written
// from the RFCs with own-property writes, so a "__proto__" key is data as it is in JSON.parse's output.
import type { JsonObject, JsonValue } from '../../../src/k8s/patch/json';
import type { JsonPatchOperation } from '../../../src/k8s/patch/json-patch';

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

export function setOwn(target: JsonObject, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function unescape(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function applyJsonPatch(document: JsonObject, ops: readonly JsonPatchOperation[]): JsonValue {
  const root: { doc: JsonValue } = { doc: structuredClone(document) };
  for (const op of ops) {
    const tokens = op.path.split('/').slice(1).map(unescape);
    if (tokens.length === 0) throw new Error(`whole-document ${op.op} is not expected here`);
    let parent: JsonValue = root.doc;
    for (const token of tokens.slice(0, -1)) {
      parent = Array.isArray(parent) ? (parent[Number(token)] as JsonValue) : isObject(parent) ? (parent[token] as JsonValue) : null;
      if (parent === null || typeof parent !== 'object') throw new Error(`no parent at ${op.path}`);
    }
    const last = tokens[tokens.length - 1] as string;
    if (Array.isArray(parent)) {
      const index = last === '-' ? parent.length : Number(last);
      if (op.op === 'add') parent.splice(index, 0, op.value);
      else if (op.op === 'remove') parent.splice(index, 1);
      else if (op.op === 'replace') parent[index] = op.value;
    } else if (isObject(parent)) {
      if (op.op === 'add' || op.op === 'replace') setOwn(parent, last, op.value);
      else if (op.op === 'remove') delete parent[last];
    }
  }
  return root.doc;
}

export function applyMergePatch(target: JsonValue, patch: JsonValue): JsonValue {
  if (!isObject(patch)) return patch;
  const out: JsonObject = {};
  if (isObject(target)) for (const [k, v] of Object.entries(target)) setOwn(out, k, v);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else setOwn(out, key, applyMergePatch(Object.hasOwn(out, key) ? (out[key] as JsonValue) : null, value));
  }
  return out;
}
