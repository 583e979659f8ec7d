// Resource lookup the way kubectl resolves names (plural, singular, kind, short name, resource.group,
// resource.version.group, categories), plus the navigator's grouped listing.
import { gvrKey, type Gvr } from './gvr';
import type { ApiGroupInfo, ApiResource, DiscoveryResult } from './types';

export interface ResourceIndex {
  /** Every resource of every version, in priority order (see buildResourceIndex). */
  resources: ApiResource[];
  groups: ApiGroupInfo[];
  /** Group name -> the server's preferred version ("" for core). */
  preferredVersions: Map<string, string>;
  byGvr: Map<string, ApiResource>;
  /** Lowercased plural, singular, kind and short names -> resources of every version, in priority order. */
  byName: Map<string, ApiResource[]>;
  /** Category -> preferred-version resources in it, in priority order. */
  byCategory: Map<string, ApiResource[]>;
}

export type ResourceMatchKind = 'exact' | 'category' | 'prefix' | 'substring';

export interface ResourceMatch {
  resource: ApiResource;
  match: ResourceMatchKind;
}

/** Resources of one API group for the navigator. */
export interface ResourceGroupSection {
  /** "" for the core group. */
  group: string;
  resources: ApiResource[];
}

/**
 * Indexes discovery. Priority order (what wins when names collide, e.g. `events` and `ev` in core and
 * events.k8s.io): core first, then groups in the server's /apis order (the apiserver sorts by APIService
 * group priority), preferred version before others, then the group's version order.
 */
export function buildResourceIndex(discovery: Pick<DiscoveryResult, 'groups' | 'resources'>): ResourceIndex {
  const groupRank = new Map(discovery.groups.map((g, i) => [g.name, g.name === '' ? -1 : i]));
  const groupInfo = new Map(discovery.groups.map((g) => [g.name, g]));
  const versionRank = (r: ApiResource) => groupInfo.get(r.group)?.versions.indexOf(r.version) ?? 0;
  const resources = [...discovery.resources].sort(
    (a, b) =>
      (groupRank.get(a.group) ?? Number.MAX_SAFE_INTEGER) - (groupRank.get(b.group) ?? Number.MAX_SAFE_INTEGER) ||
      Number(b.preferredVersion) - Number(a.preferredVersion) ||
      versionRank(a) - versionRank(b),
  );
  const byGvr = new Map<string, ApiResource>();
  const byName = new Map<string, ApiResource[]>();
  const byCategory = new Map<string, ApiResource[]>();
  for (const r of resources) {
    byGvr.set(gvrKey(r), r);
    for (const name of namesOf(r)) append(byName, name, r);
    if (r.preferredVersion) for (const category of r.categories) append(byCategory, category.toLowerCase(), r);
  }
  return {
    resources,
    groups: discovery.groups,
    preferredVersions: new Map(discovery.groups.map((g) => [g.name, g.preferredVersion])),
    byGvr,
    byName,
    byCategory,
  };
}

/** The resource at exactly this group/version/resource, if discovery has it. */
export function resourceByGvr(index: ResourceIndex, gvr: Gvr): ApiResource | undefined {
  return index.byGvr.get(gvrKey(gvr));
}

/**
 * Exact resolution like `kubectl get <query>`: a name (`pods`, `pod`, `Pod`, `po`) gives the preferred version in
 * every group that has it; `deployments.apps` narrows the group; `deployments.v1.apps` the version too.
 */
export function lookupResource(index: ResourceIndex, query: string): ApiResource[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const dot = q.indexOf('.');
  if (dot < 0) return (index.byName.get(q) ?? []).filter((r) => r.preferredVersion);
  const candidates = index.byName.get(q.slice(0, dot)) ?? [];
  const rest = q.slice(dot + 1);
  // As kubectl's ParseResourceArg: try resource.version.group first, then resource.group.
  const secondDot = rest.indexOf('.');
  if (secondDot > 0) {
    const version = rest.slice(0, secondDot);
    const group = rest.slice(secondDot + 1);
    const exact = candidates.filter((r) => r.version === version && r.group === group);
    if (exact.length) return exact;
  }
  return candidates.filter((r) => r.preferredVersion && r.group === rest);
}

/** Preferred-version resources in a category (`all` -> pods, services, deployments, ...), in priority order. */
export function expandCategory(index: ResourceIndex, category: string): ApiResource[] {
  return index.byCategory.get(category.trim().toLowerCase()) ?? [];
}

/** Search for a palette: exact names first, then category members, then name prefixes, then substrings. */
export function findResource(index: ResourceIndex, query: string): ResourceMatch[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const matches: ResourceMatch[] = [];
  const seen = new Set<ApiResource>();
  const add = (resources: ApiResource[], match: ResourceMatchKind) => {
    for (const resource of resources) {
      if (seen.has(resource)) continue;
      seen.add(resource);
      matches.push({ resource, match });
    }
  };
  add(lookupResource(index, q), 'exact');
  add(expandCategory(index, q), 'category');
  const preferred = index.resources.filter((r) => r.preferredVersion);
  add(
    preferred.filter((r) => [...namesOf(r), qualifiedName(r)].some((name) => name.startsWith(q))),
    'prefix',
  );
  add(
    preferred.filter((r) => [r.resource, r.kind.toLowerCase()].some((name) => name.includes(q))),
    'substring',
  );
  return matches;
}

/**
 * What the navigator lists: preferred versions that can be listed, grouped like `kubectl api-resources`
 * (it sorts by group name, core "" first, then by resource name; not by the server's group order).
 */
export function navigableResources(index: ResourceIndex): ResourceGroupSection[] {
  const sections = new Map<string, ApiResource[]>();
  for (const r of index.resources) {
    if (r.preferredVersion && r.verbs.includes('list')) append(sections, r.group, r);
  }
  return [...sections.entries()]
    .sort(([a], [b]) => compareStrings(a, b))
    .map(([group, resources]) => ({
      group,
      resources: [...resources].sort((a, b) => compareStrings(a.resource, b.resource)),
    }));
}

/** `deployments.apps`, or just `pods` for the core group (kubectl's fully-qualified resource spelling). */
export function qualifiedName(r: Pick<ApiResource, 'resource' | 'group'>): string {
  return r.group === '' ? r.resource : `${r.resource}.${r.group}`;
}

function namesOf(r: ApiResource): Set<string> {
  return new Set([r.resource, r.singularName, r.kind, ...r.shortNames].filter(Boolean).map((n) => n.toLowerCase()));
}

function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

// Byte order like Go's strings.Compare (kubectl), not locale order.
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
