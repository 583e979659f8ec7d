// Aggregated discovery (APIGroupDiscoveryList, apidiscovery.k8s.io v2 and v2beta1: same shape): one document
// per root (/api, /apis) carrying every group, version and resource.
import { formatGroupVersion } from './gvr';
import { isRecord, readRecord, readRecords, readString, readStringArray } from './json-read';
import type { ApiGroupInfo, ApiResource } from './types';

const AGGREGATED_API_VERSIONS = new Set(['apidiscovery.k8s.io/v2', 'apidiscovery.k8s.io/v2beta1']);

export interface AggregatedDiscovery {
  groups: ApiGroupInfo[];
  resources: ApiResource[];
  staleGroupVersions: string[];
}

/** True when the body is an APIGroupDiscoveryList of a version this module understands (v2 or v2beta1). */
export function isAggregatedDiscovery(body: unknown): body is Record<string, unknown> {
  return (
    isRecord(body) &&
    body.kind === 'APIGroupDiscoveryList' &&
    typeof body.apiVersion === 'string' &&
    AGGREGATED_API_VERSIONS.has(body.apiVersion)
  );
}

/** Groups (versions in preference order, first preferred) and resources of an APIGroupDiscoveryList. */
export function parseAggregatedDiscovery(body: Record<string, unknown>): AggregatedDiscovery {
  const groups: ApiGroupInfo[] = [];
  const resources: ApiResource[] = [];
  const staleGroupVersions: string[] = [];
  for (const item of readRecords(body, 'items')) {
    // /api answers the core group; its name is "" (or metadata.name is left out entirely).
    const metadata = readRecord(item, 'metadata');
    const group = metadata ? readString(metadata, 'name') : '';
    const versions = readRecords(item, 'versions');
    const versionNames = versions.map((v) => readString(v, 'version'));
    groups.push({ name: group, preferredVersion: versionNames[0] ?? '', versions: versionNames });
    for (const v of versions) {
      const version = readString(v, 'version');
      const groupVersion = formatGroupVersion(group, version);
      if (readString(v, 'freshness') === 'Stale') staleGroupVersions.push(groupVersion);
      for (const r of readRecords(v, 'resources')) {
        resources.push(parseResource(group, version, groupVersion, r));
      }
    }
  }
  return { groups, resources, staleGroupVersions };
}

function parseResource(group: string, version: string, groupVersion: string, r: Record<string, unknown>): ApiResource {
  const kind = responseKind(r, group, version);
  return {
    group,
    version,
    resource: readString(r, 'resource'),
    kind: kind.kind,
    singularName: readString(r, 'singularResource') || kind.kind.toLowerCase(),
    namespaced: readString(r, 'scope') === 'Namespaced',
    verbs: readStringArray(r, 'verbs'),
    shortNames: readStringArray(r, 'shortNames'),
    categories: readStringArray(r, 'categories'),
    subresources: readRecords(r, 'subresources').map((s) => {
      const subKind = responseKind(s, group, version);
      return {
        name: readString(s, 'subresource'),
        kind: subKind.kind,
        group: subKind.group,
        version: subKind.version,
        verbs: readStringArray(s, 'verbs'),
      };
    }),
    preferredVersion: false,
    groupVersion,
  };
}

// responseKind may be absent (a subresource without a body kind); empty group/version mean the enclosing group-version.
function responseKind(r: Record<string, unknown>, group: string, version: string) {
  const gvk = readRecord(r, 'responseKind');
  if (!gvk) return { group, version, kind: '' };
  return {
    group: readString(gvk, 'group') || group,
    version: readString(gvk, 'version') || version,
    kind: readString(gvk, 'kind'),
  };
}
