// Legacy discovery documents (/api, /api/v1, /apis, /apis/G, /apis/G/V) built from the registry,
// shaped like a 1.20 apiserver's (singularName "", subresources as "resource/sub" entries).
import type { Registry, ResourceType } from './registry.js';
import type { JsonObject } from './types.js';

/** GET /api. */
export function apiVersions(serverAddress: string): JsonObject {
  return {
    kind: 'APIVersions',
    versions: ['v1'],
    serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }],
  };
}

function resourceEntries(t: ResourceType): JsonObject[] {
  const main: JsonObject = { name: t.resource, singularName: '', namespaced: t.namespaced, kind: t.kind, verbs: t.verbs };
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

/** GET /api/v1 or /apis/G/V; the core list carries no apiVersion, group lists do (as recorded from 1.20). */
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
