// Fields the apiserver owns: sending them back is at best ignored and at worst a conflict or a validation error.
import { cloneJson, isJsonObject, type JsonObject } from './json.js';

/** metadata fields set by the apiserver (ObjectMeta "Read-only" / "Populated by the system"). */
export const READ_ONLY_METADATA_FIELDS = [
  'managedFields',
  'uid',
  'resourceVersion',
  'creationTimestamp',
  'generation',
  'selfLink',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
] as const;

/** Read-only paths as dotted strings, for the editor (`status`, `metadata.uid`, ...). */
export const READ_ONLY_PATHS: readonly string[] = ['status', ...READ_ONLY_METADATA_FIELDS.map((f) => `metadata.${f}`)];

/** True when a path of property names is (inside) a read-only field. */
export function isReadOnlyPath(path: readonly string[]): boolean {
  if (path[0] === 'status') return true;
  return path[0] === 'metadata' && (READ_ONLY_METADATA_FIELDS as readonly string[]).includes(path[1] ?? '');
}

/** A copy without status and the system-populated metadata fields. */
export function stripReadOnly(obj: JsonObject): JsonObject {
  const out = cloneJson(obj);
  delete out.status;
  if (isJsonObject(out.metadata)) for (const f of READ_ONLY_METADATA_FIELDS) delete out.metadata[f];
  return out;
}
