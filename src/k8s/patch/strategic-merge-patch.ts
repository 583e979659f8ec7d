// Strategic merge patch like kubectl's CreateTwoWayMergePatch (k8s.io/apimachinery/pkg/util/strategicpatch).
import type { SchemaLookup } from '../openapi/types.js';
import type { JsonObject } from './json.js';

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
  if (!schemaLookup.builtIn) throw new StrategicMergeUnsupportedError(String(modified.kind ?? ''));
  void original;
  throw new Error('not implemented yet');
}
