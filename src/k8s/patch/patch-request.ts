// The PATCH request (Content-Type, body, query) for each patch type, as `kubeRequest` takes it.
import type { SchemaLookup } from '../openapi/types.js';
import { buildApplyPatch } from './apply-patch.js';
import { buildJsonPatch, type JsonPatchOperation } from './json-patch.js';
import { isJsonObject, type JsonObject } from './json.js';
import { buildMergePatch } from './merge-patch.js';
import { buildStrategicMergePatch } from './strategic-merge-patch.js';

export type PatchKind = 'json' | 'merge' | 'strategic' | 'apply';

/** Content-Type of each patch type (k8s.io/apimachinery/pkg/types/patch.go). */
export const PATCH_CONTENT_TYPES: Record<PatchKind, string> = {
  json: 'application/json-patch+json',
  merge: 'application/merge-patch+json',
  strategic: 'application/strategic-merge-patch+json',
  apply: 'application/apply-patch+yaml',
};

/** Field manager kubeglass writes as; without it a browser's writes are recorded as "Mozilla". */
export const KUBEGLASS_FIELD_MANAGER = 'kubeglass';

export interface PatchRequestInput {
  /** The live object the user opened (unused for apply). */
  original: JsonObject;
  /** The edited object. */
  modified: JsonObject;
  /** Needed for 'strategic'. */
  schemaLookup?: SchemaLookup;
  /** Send `dryRun=All`: the server validates and answers the result without persisting it. */
  dryRun?: boolean;
  /** Apply only: `force=true` takes over fields other managers own instead of answering 409. */
  force?: boolean;
  /** Defaults to `kubeglass`. */
  fieldManager?: string;
  /** JSON patch only: lead with a test of metadata.resourceVersion (default true): a stale edit answers 422. */
  testResourceVersion?: boolean;
  /**
   * Merge and strategic only: put the original's metadata.resourceVersion into the patch (default false). The
   * apiserver then treats it as a precondition and answers 409 Conflict when the object changed meanwhile.
   */
  includeResourceVersion?: boolean;
}

export interface PatchRequest {
  method: 'PATCH';
  contentType: string;
  /** Serialized patch (JSON; JSON is valid YAML for apply). */
  body: string;
  /** The parsed patch, for previews. */
  patch: JsonObject | JsonPatchOperation[];
  query: Record<string, string>;
}

function withResourceVersion(patch: JsonObject, input: PatchRequestInput): JsonObject {
  if (!input.includeResourceVersion) return patch;
  const rv = isJsonObject(input.original.metadata) ? input.original.metadata.resourceVersion : undefined;
  if (typeof rv !== 'string' || rv === '') throw new Error('the original object has no metadata.resourceVersion to send');
  const metadata = isJsonObject(patch.metadata) ? patch.metadata : {};
  return { ...patch, metadata: { ...metadata, resourceVersion: rv } };
}

/** Builds the PATCH of one kind for (original -> modified). */
export function patchRequest(kind: PatchKind, input: PatchRequestInput): PatchRequest {
  let patch: JsonObject | JsonPatchOperation[];
  switch (kind) {
    case 'json':
      patch = buildJsonPatch(input.original, input.modified, { testResourceVersion: input.testResourceVersion ?? true });
      break;
    case 'merge':
      patch = withResourceVersion(buildMergePatch(input.original, input.modified), input);
      break;
    case 'strategic':
      if (!input.schemaLookup) throw new Error('a strategic merge patch needs the schema of the kind');
      patch = withResourceVersion(buildStrategicMergePatch(input.original, input.modified, input.schemaLookup), input);
      break;
    case 'apply':
      patch = buildApplyPatch(input.modified);
      break;
  }
  const query: Record<string, string> = { fieldManager: input.fieldManager ?? KUBEGLASS_FIELD_MANAGER };
  if (kind === 'apply' && input.force) query.force = 'true';
  if (input.dryRun) query.dryRun = 'All';
  return { method: 'PATCH', contentType: PATCH_CONTENT_TYPES[kind], body: JSON.stringify(patch), patch, query };
}
