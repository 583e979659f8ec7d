// What the navigator shows: listable resources grouped by API group (kubectl api-resources order), their other
// versions, unavailable group-versions, and the filter over names, kinds, short names and categories.
import { parseGroupVersion, type Gvr } from '../../../k8s/discovery/gvr';
import { navigableResources, qualifiedName, type ResourceIndex } from '../../../k8s/discovery/resource-index';
import type { ApiResource, DiscoveryResult, FailedGroupVersion } from '../../../k8s/discovery/types';
import { collectionPath, toUiPath } from '../../../k8s/paths';

export interface NavResource {
  /** The preferred version. */
  resource: ApiResource;
  /** Other listable versions serving the same resource, in the group's version order. */
  otherVersions: ApiResource[];
  /** `pods`, `deployments.apps`: the key of pins and recents. */
  name: string;
}

export interface NavGroup {
  /** "" for the core group. */
  group: string;
  resources: NavResource[];
  /** Group-versions of this group whose discovery failed. */
  failed: FailedGroupVersion[];
  /** Group-versions aggregated discovery marked Stale. */
  stale: string[];
}

/** `core` for "", else the group name. */
export function groupLabel(group: string): string {
  return group === '' ? 'core' : group;
}

/** Groups of listable preferred resources, core first then by group name; failed groups are kept (empty) to show why. */
export function buildNavigatorGroups(
  index: ResourceIndex,
  discovery: Pick<DiscoveryResult, 'failedGroupVersions' | 'staleGroupVersions'>,
): NavGroup[] {
  const others = new Map<string, ApiResource[]>();
  for (const r of index.resources) {
    if (r.preferredVersion || !r.verbs.includes('list')) continue;
    const key = `${r.group}/${r.resource}`;
    others.set(key, [...(others.get(key) ?? []), r]);
  }
  const groups = new Map<string, NavGroup>();
  for (const section of navigableResources(index)) {
    groups.set(section.group, {
      group: section.group,
      resources: section.resources.map((resource) => ({
        resource,
        otherVersions: others.get(`${resource.group}/${resource.resource}`) ?? [],
        name: qualifiedName(resource),
      })),
      failed: [],
      stale: [],
    });
  }
  const groupOf = (group: string) => {
    let g = groups.get(group);
    if (!g) {
      g = { group, resources: [], failed: [], stale: [] };
      groups.set(group, g);
    }
    return g;
  };
  for (const failed of discovery.failedGroupVersions) groupOf(parseGroupVersion(failed.groupVersion).group).failed.push(failed);
  for (const gv of discovery.staleGroupVersions) groupOf(parseGroupVersion(gv).group).stale.push(gv);
  return [...groups.values()].sort((a, b) => (a.group < b.group ? -1 : a.group > b.group ? 1 : 0));
}

// Shorter filters match name starts only: `po` should not bring endpoints and horizontalpodautoscalers.
const MIN_SUBSTRING_FILTER = 3;

/**
 * True when a resource matches the filter: name/singular/kind start with it (or contain it, from 3 characters), a
 * short name starts with it, a category equals it, or `resource.group` starts with it.
 */
function resourceMatchesFilter(r: ApiResource, filter: string): boolean {
  const q = filter.trim().toLowerCase();
  if (!q) return true;
  const substring = q.length >= MIN_SUBSTRING_FILTER;
  if ([r.resource, r.singularName, r.kind.toLowerCase()].some((n) => (substring ? n.includes(q) : n.startsWith(q)))) return true;
  if (r.shortNames.some((s) => s.toLowerCase().startsWith(q))) return true;
  if (r.categories.some((c) => c.toLowerCase() === q)) return true;
  return qualifiedName(r).startsWith(q) || r.group === q;
}

/** The groups reduced to matching resources; a group named by the filter keeps its unavailable group-versions. */
export function filterNavigatorGroups(groups: NavGroup[], filter: string): NavGroup[] {
  const q = filter.trim().toLowerCase();
  if (!q) return groups;
  return groups
    .map((g) => {
      const namesGroup = g.group !== '' && g.group.includes(q);
      return {
        ...g,
        resources: g.resources.filter((r) => resourceMatchesFilter(r.resource, q)),
        failed: namesGroup ? g.failed : [],
        stale: namesGroup ? g.stale : [],
      };
    })
    .filter((g) => g.resources.length > 0 || g.failed.length > 0);
}

/** Resolves pinned/recent names (`deployments.apps`) to the navigator's resources, skipping those this cluster lacks. */
export function resolveNavResources(groups: NavGroup[], names: string[]): NavResource[] {
  const byName = new Map(groups.flatMap((g) => g.resources.map((r) => [r.name, r] as const)));
  return names.flatMap((name) => {
    const r = byName.get(name);
    return r ? [r] : [];
  });
}

/** The list page of a resource: namespaced ones in the namespace (null: all namespaces), cluster-scoped ones without. */
export function resourceListHref(context: string, resource: ApiResource, namespace: string | null): string {
  const gvr: Gvr = { group: resource.group, version: resource.version, resource: resource.resource };
  return toUiPath(context, collectionPath(gvr, resource.namespaced ? namespace : null));
}

/** True when a gvr is this resource in any version. */
export function isSameResource(r: ApiResource, gvr: Gvr | null): boolean {
  return gvr !== null && r.group === gvr.group && r.resource === gvr.resource;
}
