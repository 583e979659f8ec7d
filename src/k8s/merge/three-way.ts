// Three-way merge for saving over a newer object: base = what the user opened, yours = the edit,
// theirs = the latest from the server. Changes on one side apply; the same path changed differently is a conflict.
import type { SchemaLookup } from '../openapi/types.js';
import type { JsonObject, JsonValue } from '../patch/json.js';

export interface MergeConflict {
  /** Display path in the style of FieldManagerConflict fields: `.spec.template.spec.containers[name="web"].image`. */
  path: string;
  /** undefined: absent on that side. */
  base: JsonValue | undefined;
  yours: JsonValue | undefined;
  theirs: JsonValue | undefined;
}

export interface ThreeWayMergeResult {
  /** The merged object; at conflicting paths it holds theirs (the server's) until the user chooses. */
  merged: JsonObject;
  conflicts: MergeConflict[];
  /** Paths where your change was applied on top of theirs. */
  autoMerged: string[];
}

/** Merges your edit of `base` into `theirs`; metadata.resourceVersion (and other server-owned fields) come from theirs. */
export function threeWayMerge(base: JsonObject, yours: JsonObject, theirs: JsonObject, schemaLookup?: SchemaLookup): ThreeWayMergeResult {
  void base;
  void yours;
  void schemaLookup;
  throw new Error(`not implemented yet ${String(theirs.kind)}`);
}
