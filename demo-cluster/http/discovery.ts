// Discovery documents built from the registry, shaped like kube-apiserver 1.37.2's: the legacy ones (/api, /api/v1,
// /apis, /apis/G, /apis/G/V; subresources as "resource/sub" entries) and aggregated discovery (apidiscovery.k8s.io/v2).
import type { Registry, ResourceType } from '../resources/registry.js';
import type { JsonObject } from '../resources/types.js';
import { parseAccept } from './negotiate.js';

/** GET /api. */
export function apiVersions(serverAddress: string): JsonObject {
  return {
    kind: 'APIVersions',
    versions: ['v1'],
    serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }],
  };
}

function resourceEntries(t: ResourceType): JsonObject[] {
  const main: JsonObject = { name: t.resource, singularName: t.singularName ?? '', namespaced: t.namespaced, kind: t.kind, verbs: t.verbs };
  if (t.shortNames) main.shortNames = t.shortNames;
  if (t.categories) main.categories = t.categories;
  if (t.storageVersionHash) main.storageVersionHash = t.storageVersionHash;
  const subs = t.subresources.map((s) => {
    const e: JsonObject = { name: `${t.resource}/${s.name}`, singularName: '', namespaced: t.namespaced };
    if (s.group !== undefined) e.group = s.group;
    if (s.version !== undefined) e.version = s.version;
    e.kind = s.kind;
    e.verbs = s.verbs;
    return e;
  });
  return [main, ...subs];
}

/** GET /api/v1 or /apis/G/V; the core list carries no apiVersion, group lists do (as recorded). */
export function apiResourceList(registry: Registry, group: string, version: string): JsonObject {
  const resources = registry
    .inGroupVersion(group, version)
    .flatMap(resourceEntries)
    .sort((a, b) => (String(a.name) < String(b.name) ? -1 : 1));
  const groupVersion = group === '' ? version : `${group}/${version}`;
  if (group === '') return { kind: 'APIResourceList', groupVersion, resources };
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion, resources };
}

function groupEntry(registry: Registry, group: string): JsonObject {
  const versions = registry.groupVersions(group).map((v) => ({ groupVersion: `${group}/${v}`, version: v }));
  return { name: group, versions, preferredVersion: versions[0] };
}

/** GET /apis. */
export function apiGroupList(registry: Registry): JsonObject {
  return { kind: 'APIGroupList', apiVersion: 'v1', groups: registry.groups().map((g) => groupEntry(registry, g)) };
}

/** GET /apis/G. */
export function apiGroup(registry: Registry, group: string): JsonObject {
  return { kind: 'APIGroup', apiVersion: 'v1', ...groupEntry(registry, group) };
}

/**
 * Whether an Accept header asks for aggregated discovery (in JSON or protobuf) before any plain clause. Only v2 is
 * served (1.33 removed v2beta1, AggregatedDiscoveryRemoveBetaType): a v2beta1 clause is passed over like any unknown one.
 */
export function negotiateAggregated(accept: string | undefined): 'v2' | 'v2-protobuf' | 'legacy' | undefined {
  const ranges = parseAccept(accept);
  if (ranges.length === 0) return 'legacy';
  for (const m of ranges) {
    const { g, v, as } = m.params;
    const protobuf = m.type === 'application' && m.subtype === 'vnd.kubernetes.protobuf';
    const jsonish = (m.type === 'application' || m.type === '*') && (m.subtype === 'json' || m.subtype === '*');
    if (!jsonish && !protobuf) continue;
    // The legacy documents are served in protobuf too.
    if (g === undefined && v === undefined && as === undefined) return 'legacy';
    if (g === 'apidiscovery.k8s.io' && as === 'APIGroupDiscoveryList' && v === 'v2') return protobuf ? 'v2-protobuf' : 'v2';
  }
  return undefined;
}

function aggregatedResource(t: ResourceType): JsonObject {
  const entry: JsonObject = {
    resource: t.resource,
    responseKind: { group: '', version: '', kind: t.kind },
    scope: t.namespaced ? 'Namespaced' : 'Cluster',
    singularResource: t.singularName ?? t.kind.toLowerCase(),
    verbs: t.verbs,
  };
  if (t.shortNames) entry.shortNames = t.shortNames;
  if (t.categories) entry.categories = t.categories;
  if (t.subresources.length > 0) {
    entry.subresources = t.subresources.map((s) => ({
      subresource: s.name,
      responseKind: { group: s.group ?? '', version: s.version ?? '', kind: s.kind },
      verbs: s.verbs,
    }));
  }
  return entry;
}

/** Group-versions served through an APIService whose server cannot answer now (aggregated discovery marks them Stale). */
export type UnavailableGroupVersion = (group: string, version: string) => boolean;

/**
 * GET /api or /apis as an APIGroupDiscoveryList (apidiscovery.k8s.io/v2). An unavailable aggregated group-version
 * keeps the resources kube-aggregator fetched before (it has since the demo cluster started) and is "Stale".
 */
export function aggregatedDiscovery(registry: Registry, core: boolean, unavailable: UnavailableGroupVersion = () => false): JsonObject {
  const groups = core ? [''] : registry.groups();
  return {
    kind: 'APIGroupDiscoveryList',
    apiVersion: 'apidiscovery.k8s.io/v2',
    metadata: {},
    items: groups.map((g) => ({
      metadata: g === '' ? {} : { name: g },
      versions: registry.groupVersions(g).map((v) => {
        const types = registry.inGroupVersion(g, v);
        const stale = types.some((t) => t.aggregatedApi) && unavailable(g, v);
        return {
          version: v,
          resources: types.map(aggregatedResource).sort((a, b) => (String(a.resource) < String(b.resource) ? -1 : 1)),
          freshness: stale ? 'Stale' : 'Current',
        };
      }),
    })),
  };
}
