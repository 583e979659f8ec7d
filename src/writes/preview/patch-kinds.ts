// The four patch types the preview offers, and which of them a resource accepts.
import type { PatchKind } from '../../k8s/patch/patch-request';

export const PATCH_KINDS: readonly PatchKind[] = ['strategic', 'merge', 'json', 'apply'];

export const PATCH_KIND_LABELS: Record<PatchKind, string> = {
  strategic: 'Strategic merge patch',
  merge: 'JSON merge patch',
  json: 'JSON patch',
  apply: 'Server-side apply',
};

/**
 * API groups served by kube-apiserver itself. Only their types take a strategic merge patch: custom resources
 * answer 415 (fixtures/k8s-1.20.2/errors/415-strategic-on-custom-resource.json). Matching the group exactly is
 * the reliable test: CRD groups may end in .k8s.io (snapshot.storage.k8s.io) and their OpenAPI definitions
 * may start with io.k8s., and asking for the CRD needs RBAC on customresourcedefinitions that many users lack.
 * A built-in group newer than this list only loses the strategic option (merge remains), never sends a 415.
 */
const BUILT_IN_GROUPS: ReadonlySet<string> = new Set([
  '',
  'admissionregistration.k8s.io',
  'apiextensions.k8s.io',
  'apiregistration.k8s.io',
  'apps',
  'authentication.k8s.io',
  'authorization.k8s.io',
  'autoscaling',
  'batch',
  'certificates.k8s.io',
  'coordination.k8s.io',
  'discovery.k8s.io',
  'events.k8s.io',
  'extensions',
  'flowcontrol.apiserver.k8s.io',
  'internal.apiserver.k8s.io',
  'networking.k8s.io',
  'node.k8s.io',
  'policy',
  'rbac.authorization.k8s.io',
  'resource.k8s.io',
  'scheduling.k8s.io',
  'storage.k8s.io',
  'storagemigration.k8s.io',
]);

/** The group of an apiVersion ('' for the core group's "v1"). */
export function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash === -1 ? '' : apiVersion.slice(0, slash);
}

/** True when the PATCH at apiPath reaches a built-in type: the /scale subresource is autoscaling/v1 Scale whatever the parent. */
export function isBuiltInTarget(apiPath: string, apiVersion: string | undefined, kind: string | undefined): boolean {
  if (/\/scale$/.test(apiPath.split('?')[0] ?? '') && kind === 'Scale') return true;
  return BUILT_IN_GROUPS.has(groupOf(apiVersion ?? ''));
}

/** Why a patch type cannot be used here, or null when it can. */
export function unavailableReason(kind: PatchKind, builtIn: boolean): string | null {
  if (kind === 'strategic' && !builtIn) return 'Custom resources do not accept a strategic merge patch (the API server answers 415).';
  return null;
}

/** The patch type shown first: the requested one when usable, else strategic for built-in types and merge for custom resources. */
export function defaultPatchKind(requested: PatchKind | undefined, builtIn: boolean): PatchKind {
  if (requested && unavailableReason(requested, builtIn) === null) return requested;
  return builtIn ? 'strategic' : 'merge';
}
