// What the server's answer has that the user did not write: defaulting, mutating admission, webhooks.
import type { KubeObject } from '../../k8s/kube-object';
import type { SchemaLookup } from '../../k8s/openapi';
import { editableObject } from '../draft/editable-object';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function join(path: string, key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? (path ? `${path}.${key}` : key) : `${path}[${key}]`;
}

/** The keys that identify an item of this list: the schema's merge keys, else `name` when every item has a distinct one. */
function listKeys(a: unknown[], b: unknown[], fieldPath: string[], lookup: SchemaLookup | undefined): string[] | null {
  const schema = lookup?.(fieldPath);
  const keys = schema?.listMapKeys?.length ? schema.listMapKeys : schema?.patchMergeKey ? [schema.patchMergeKey] : ['name'];
  for (const list of [a, b]) {
    if (!list.every((item) => isPlainObject(item) && keys.every((k) => item[k] !== undefined))) return null;
    const ids = list.map((item) => JSON.stringify(keys.map((k) => (item as Record<string, unknown>)[k])));
    if (new Set(ids).size !== ids.length) return null;
  }
  return keys;
}

function diff(a: unknown, b: unknown, path: string, fieldPath: string[], lookup: SchemaLookup | undefined): string[] {
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((k) => diff(a[k], b[k], join(path, k), [...fieldPath, k], lookup));
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const keys = listKeys(a, b, fieldPath, lookup);
    if (keys) {
      // Items matched by key, named by their place in the server's answer (the right side of the diff); order is ignored.
      const id = (item: unknown) => JSON.stringify(keys.map((k) => (item as Record<string, unknown>)[k]));
      const before = new Map(a.map((item) => [id(item), item]));
      const after = new Set(b.map(id));
      const changed = b.flatMap((item, i) => diff(before.get(id(item)), item, `${path}[${i}]`, fieldPath, lookup));
      const removed = a.flatMap((item, i) => (after.has(id(item)) ? [] : [`${path}[${i}]`]));
      return [...changed, ...removed];
    }
    if (a.length === b.length) return a.flatMap((item, i) => diff(item, b[i], `${path}[${i}]`, fieldPath, lookup));
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [path || '(whole object)'];
}

/**
 * Paths where the dry-run result differs from the object the user asked for (status and server bookkeeping left
 * out). Lists of objects are compared item by item by their merge key, so an answer that orders them otherwise
 * (a server-side apply merged into the live list) shows only what the server added.
 */
export function serverSetPaths(modified: KubeObject, result: KubeObject, lookup?: SchemaLookup): string[] {
  return diff(editableObject(modified), editableObject(result), '', [], lookup);
}
