// Finding objects by name across the common kinds: which collections to list, and which of their names match.
import { qualifiedName, type ResourceIndex } from '../../../k8s/discovery/resource-index';
import type { ApiResource } from '../../../k8s/discovery/types';
import { buildApiPath, collectionPath, toUiPath } from '../../../k8s/paths';
import type { PaletteItem } from './palette-query';

/** The kinds searched by name, in the order their matches show. */
export const NAME_SEARCH_RESOURCES = [
  'pods',
  'deployments.apps',
  'services',
  'statefulsets.apps',
  'daemonsets.apps',
  'jobs.batch',
  'cronjobs.batch',
  'configmaps',
  'secrets',
  'ingresses.networking.k8s.io',
] as const;

const MAX_MATCHES = 40;
/** Namespaces listed one by one where a kind cannot be listed across all of them. */
export const MAX_FALLBACK_NAMESPACES = 20;

/** The name fragment to look for: one word of name characters, two or more; null for other input. */
export function nameSearchTerm(text: string): string | null {
  const term = text.trim().toLowerCase();
  if (term.length < 2 || term === 'explain' || !/^[a-z0-9][a-z0-9.-]*$/.test(term)) return null;
  return term;
}

/** The served, listable version kubectl would pick of each searched kind. */
export function nameSearchResources(index: ResourceIndex): ApiResource[] {
  const byName = new Map<string, ApiResource>();
  for (const r of index.resources) if (r.preferredVersion && r.verbs.includes('list') && !r.resource.includes('/')) byName.set(qualifiedName(r), r);
  return NAME_SEARCH_RESOURCES.flatMap((name) => byName.get(name) ?? []);
}

/** The collection to list for a kind: the chosen namespace, else all namespaces (or one namespace of a fallback). */
export function nameListPath(r: ApiResource, namespace: string | null): string {
  return collectionPath(r, r.namespaced ? namespace : null);
}

export interface NameSource {
  resource: ApiResource;
  names: ReadonlyArray<{ namespace: string | null; name: string }>;
}

/** Objects whose name contains the term, names starting with it first, then by kind order; links to their pages. */
export function nameMatchItems(context: string, sources: readonly NameSource[], term: string): PaletteItem[] {
  const found: Array<PaletteItem & { rank: number; order: number }> = [];
  sources.forEach((source, order) => {
    const r = source.resource;
    for (const { namespace, name } of source.names) {
      const at = name.toLowerCase().indexOf(term);
      if (at < 0) continue;
      const ns = r.namespaced ? namespace : null;
      const apiPath = buildApiPath({ group: r.group, version: r.version, resource: r.resource, namespace: ns, name, subresource: null });
      found.push({ id: `match:${r.groupVersion}/${r.resource}:${ns ?? ''}/${name}`, target: 'object', resource: r, namespace: ns, name, apiPath, href: toUiPath(context, apiPath), rank: at === 0 ? 0 : 1, order });
    }
  });
  found.sort((a, b) => a.rank - b.rank || a.order - b.order || (a.name ?? '').localeCompare(b.name ?? '') || (a.namespace ?? '').localeCompare(b.namespace ?? ''));
  return found.slice(0, MAX_MATCHES).map(({ rank: _rank, order: _order, ...item }) => item);
}
