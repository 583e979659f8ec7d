// Patch builders for the Edit feature: (live object, edited object) -> PATCH body of each type.
export type { JsonObject, JsonValue, JsonPrimitive } from './json.js';
export { isJsonObject, jsonEqual, cloneJson } from './json.js';
export { READ_ONLY_METADATA_FIELDS, READ_ONLY_PATHS, isReadOnlyPath, stripReadOnly } from './read-only.js';
export { buildMergePatch } from './merge-patch.js';
export { buildJsonPatch, escapePointerToken, toJsonPointer, type JsonPatchOperation, type JsonPatchOptions } from './json-patch.js';
export { buildStrategicMergePatch, StrategicMergeUnsupportedError } from './strategic-merge-patch.js';
export { buildApplyPatch } from './apply-patch.js';
export {
  patchRequest,
  PATCH_CONTENT_TYPES,
  KUBEGLASS_FIELD_MANAGER,
  type PatchKind,
  type PatchRequest,
  type PatchRequestInput,
} from './patch-request.js';
