// The preview's requests: the PATCH (dry run or not) and what a failed one means for the user.
import type { KubeObject } from '../../k8s/kube-object';
import { kubeRequest } from '../../k8s/api-client';
import { KubeApiError } from '../../k8s/kube-api-error';
import type { PatchKind, PatchRequest } from '../../k8s/patch/patch-request';
import { editablePathsChanged } from '../draft/editable-object';
import { applyConflicts, type ApplyConflict } from './apply-conflicts';

export interface PatchResult {
  object: KubeObject;
  warnings: string[];
}

/** Sends a PATCH built by patchRequest; with dryRun the server answers the result without storing it. */
export async function sendPatch(context: string, apiPath: string, request: PatchRequest, dryRun: boolean): Promise<PatchResult> {
  const query: Record<string, string> = { ...request.query };
  if (dryRun) query.dryRun = 'All';
  else delete query.dryRun;
  const response = await kubeRequest<KubeObject>(context, apiPath, { method: request.method, query, contentType: request.contentType, body: request.body });
  return { object: response.body, warnings: response.warnings };
}

export type PreviewFailure =
  /** Server-side apply: fields other managers own, one row per field. */
  | { kind: 'apply-conflicts'; error: KubeApiError; conflicts: ApplyConflict[] }
  /** The object changed since the preview's base: the guard (resourceVersion or JSON-patch test) refused it. */
  | { kind: 'stale'; error: KubeApiError; latest: KubeObject }
  | { kind: 'error'; error: unknown };

/**
 * A 409 to a merge or strategic patch carrying metadata.resourceVersion, or a 422/409 to a JSON patch whose first op
 * tests it, may mean the object moved on. The 422 of a failed test is a bare "Invalid" with no causes
 * (fixtures/k8s-1.20.2/errors/422-json-patch-test-failed.json), like other 422s: the latest resourceVersion decides.
 */
export async function classifyFailure(error: unknown, kind: PatchKind, base: KubeObject, getLatest: () => Promise<KubeObject>): Promise<PreviewFailure> {
  if (!(error instanceof KubeApiError)) return { kind: 'error', error };
  const conflicts = applyConflicts(error);
  if (kind === 'apply' && conflicts.length > 0) return { kind: 'apply-conflicts', error, conflicts };
  const guarded = (kind === 'json' && (error.code === 422 || error.code === 409)) || ((kind === 'merge' || kind === 'strategic') && error.code === 409);
  if (!guarded) return { kind: 'error', error };
  let latest: KubeObject;
  try {
    latest = await getLatest();
  } catch {
    return { kind: 'error', error };
  }
  if (latest.metadata.resourceVersion === base.metadata.resourceVersion) return { kind: 'error', error };
  return { kind: 'stale', error, latest };
}

/**
 * A stale base whose latest differs only in fields the server owns (status, resourceVersion, generation): controllers
 * writing a Deployment's status do this many times a minute. Nothing the user sees or changes moved, so the same change
 * goes over the latest resourceVersion without asking, as the Save PUT does (put-edited.ts).
 */
export function serverOwnedOnly(failure: PreviewFailure, base: KubeObject): failure is Extract<PreviewFailure, { kind: 'stale' }> {
  return failure.kind === 'stale' && editablePathsChanged(base, failure.latest).length === 0;
}
