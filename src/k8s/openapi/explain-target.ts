// What an Explain request names: `deploy.spec.strategy` (as `kubectl explain` takes it), or the page's URL query
// (`resource=deployments.apps&field=spec.strategy&version=v1`), resolved through discovery.
import { findResource, lookupResource, qualifiedName, type ResourceIndex } from '../discovery/resource-index.js';
import type { ApiResource } from '../discovery/types.js';
import { toUiPath } from '../paths.js';
import { suggest } from './explain-model.js';

export interface ExplainTarget {
  /** As typed or in the URL: `deploy`, `deployments.apps`, `Deployment`. */
  resource: string;
  /** Field path below the kind: ['spec', 'strategy']. */
  field: string[];
  /** A version asked for (`v1`); null = the preferred one. */
  version: string | null;
}

export type ExplainResolution =
  | { found: true; resource: ApiResource; field: string[] }
  | { found: false; message: string; suggestions: ApiResource[] };

/** The page's URL query -> target; null without `resource`. */
export function parseExplainSearch(search: string): ExplainTarget | null {
  const params = new URLSearchParams(search);
  const resource = params.get('resource')?.trim() ?? '';
  if (!resource) return null;
  return { resource, field: splitFieldPath(params.get('field') ?? ''), version: params.get('version')?.trim() || null };
}

/** `spec.strategy` or `.spec.strategy` -> ['spec', 'strategy']. */
export function splitFieldPath(text: string): string[] {
  return text.split('.').map((s) => s.trim()).filter(Boolean);
}

/** The UI path of the Explain page. */
export function explainHref(context: string, target: { resource: string; field?: readonly string[]; version?: string | null }): string {
  const params = new URLSearchParams({ resource: target.resource });
  if (target.field && target.field.length > 0) params.set('field', target.field.join('.'));
  if (target.version) params.set('version', target.version);
  return `${toUiPath(context, '/-/explain')}?${params.toString()}`;
}

/**
 * Splits `kubectl explain`'s argument into resource and field path. kubectl takes the first dot as the end of the
 * resource; here the longest prefix discovery resolves wins, so `deployments.apps.spec` and `ingresses.networking.k8s.io`
 * work too.
 */
export function parseExplainArgument(index: ResourceIndex, argument: string): ExplainTarget | null {
  const segments = splitFieldPath(argument);
  if (segments.length === 0) return null;
  for (let n = segments.length; n > 1; n--) {
    const resource = segments.slice(0, n).join('.');
    if (lookupResource(index, resource).length > 0) return { resource, field: segments.slice(n), version: null };
  }
  return { resource: segments[0] ?? '', field: segments.slice(1), version: null };
}

/** Every served version of the resource's group/resource, the preferred first, then in the group's version order. */
export function resourceVersions(index: ResourceIndex, r: Pick<ApiResource, 'group' | 'resource'>): ApiResource[] {
  return index.resources.filter((x) => x.group === r.group && x.resource === r.resource);
}

/** Resolves the target like kubectl explain: plural, singular, kind, short name, `resource.group`; case-insensitive. */
export function resolveExplainTarget(index: ResourceIndex, target: ExplainTarget): ExplainResolution {
  const matches = lookupResource(index, target.resource);
  const first = matches[0];
  if (!first) {
    const candidates = findResource(index, target.resource).map((m) => m.resource);
    const byName = new Map(index.resources.filter((r) => r.preferredVersion).map((r) => [r.resource, r]));
    const close = suggest(target.resource.split('.')[0] ?? '', [...byName.keys()]).flatMap((name) => byName.get(name) ?? []);
    const suggestions = [...new Set([...candidates, ...close])].slice(0, 6);
    return { found: false, message: `the server doesn't have a resource type "${target.resource}"`, suggestions };
  }
  if (target.version === null) return { found: true, resource: first, field: target.field };
  const versions = resourceVersions(index, first);
  const versioned = versions.find((r) => r.version === target.version);
  if (versioned) return { found: true, resource: versioned, field: target.field };
  return {
    found: false,
    message: `${qualifiedName(first)} is not served in version "${target.version}" (served: ${versions.map((r) => r.version).join(', ')})`,
    suggestions: versions,
  };
}
