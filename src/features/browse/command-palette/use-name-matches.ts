// Objects of the common kinds whose names contain the typed word: one metadata-only list per kind (cached, so typing
// filters instead of asking again), in the chosen namespace or across all; a kind refused across all namespaces is
// listed in the namespaces the user knows, and a kind refused there too is left out.
import { useQueries } from '@tanstack/react-query';
import { objectNamesQueryOptions } from '../../../data/object-names-query';
import type { ResourceIndex } from '../../../k8s/discovery/resource-index';
import { KubeApiError } from '../../../k8s/kube-api-error';
import { MAX_FALLBACK_NAMESPACES, nameListPath, nameMatchItems, nameSearchResources, nameSearchTerm, type NameSource } from './name-search';
import type { PaletteItem } from './palette-query';
import { useSettled } from './use-settled';

/** Typing pauses this long before the first lists are asked for. */
const SEARCH_DELAY_MS = 200;

export interface NameMatches {
  items: PaletteItem[];
  /** Some list is still loading. */
  searching: boolean;
  /** Kinds with more objects than one page held: matches may be missing. */
  truncated: string[];
}

export function useNameMatches(context: string, namespace: string | null, index: ResourceIndex | undefined, text: string, knownNamespaces: readonly string[]): NameMatches {
  const term = nameSearchTerm(text);
  const enabled = useSettled(term, SEARCH_DELAY_MS) !== null && term !== null;
  const resources = index ? nameSearchResources(index) : [];
  const wide = useQueries({
    queries: resources.map((r) => ({ ...objectNamesQueryOptions(context, nameListPath(r, namespace)), enabled })),
  });
  const forbidden = namespace === null ? resources.filter((r, i) => r.namespaced && isForbidden(wide[i]?.error)) : [];
  const perNamespace = forbidden.flatMap((r) => knownNamespaces.slice(0, MAX_FALLBACK_NAMESPACES).map((ns) => ({ resource: r, path: nameListPath(r, ns) })));
  const narrow = useQueries({ queries: perNamespace.map((q) => ({ ...objectNamesQueryOptions(context, q.path), enabled })) });

  if (term === null) return { items: [], searching: false, truncated: [] };
  const sources: NameSource[] = [];
  const truncated: string[] = [];
  resources.forEach((r, i) => {
    const data = wide[i]?.data;
    const names = [...(data?.names ?? [])];
    let cut = data?.truncated ?? false;
    perNamespace.forEach((q, j) => {
      const part = q.resource === r ? narrow[j]?.data : undefined;
      if (part) names.push(...part.names);
      cut ||= part?.truncated ?? false;
    });
    if (names.length > 0) sources.push({ resource: r, names });
    if (cut) truncated.push(r.resource);
  });
  const searching = enabled && [...wide, ...narrow].some((q) => q.isPending && q.fetchStatus === 'fetching');
  return { items: nameMatchItems(context, sources, term), searching: searching || !enabled, truncated };
}

function isForbidden(error: unknown): boolean {
  return error instanceof KubeApiError && error.code === 403;
}
