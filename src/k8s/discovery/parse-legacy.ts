// Legacy discovery documents: APIVersions (/api), APIGroupList (/apis), APIResourceList (/api/v1, /apis/G/V).
import { formatGroupVersion } from './gvr';
import { isRecord, readBoolean, readRecord, readRecords, readString, readStringArray } from './json-read';
import type { ApiGroupInfo, ApiResource, ApiSubresource } from './types';

/** The core versions of an APIVersions body (`{"kind":"APIVersions","versions":["v1"]}`); null if it is not one. */
export function parseApiVersions(body: unknown): string[] | null {
  if (!isRecord(body) || body.kind !== 'APIVersions') return null;
  return readStringArray(body, 'versions');
}

/** The groups of an APIGroupList body, in server order; null if it is not one. */
export function parseApiGroupList(body: unknown): ApiGroupInfo[] | null {
  if (!isRecord(body) || body.kind !== 'APIGroupList') return null;
  return readRecords(body, 'groups').map((group) => {
    const versions = readRecords(group, 'versions').map((v) => readString(v, 'version'));
    const preferred = readRecord(group, 'preferredVersion');
    return {
      name: readString(group, 'name'),
      preferredVersion: (preferred && readString(preferred, 'version')) || versions[0] || '',
      versions,
    };
  });
}

/**
 * Resources of an APIResourceList, with `parent/sub` entries folded into their parent; null if it is not one.
 * preferredVersion is left false: only the group's version list can decide it (see markPreferredVersions).
 */
export function parseApiResourceList(group: string, version: string, body: unknown): ApiResource[] | null {
  if (!isRecord(body) || body.kind !== 'APIResourceList') return null;
  const groupVersion = formatGroupVersion(group, version);
  const entries = readRecords(body, 'resources');
  const resources: ApiResource[] = [];
  const byName = new Map<string, ApiResource>();
  for (const entry of entries) {
    const name = readString(entry, 'name');
    if (!name || name.includes('/')) continue;
    const kind = readString(entry, 'kind');
    const resource: ApiResource = {
      group,
      version,
      resource: name,
      kind,
      singularName: readString(entry, 'singularName') || kind.toLowerCase(),
      namespaced: readBoolean(entry, 'namespaced'),
      verbs: readStringArray(entry, 'verbs'),
      shortNames: readStringArray(entry, 'shortNames'),
      categories: readStringArray(entry, 'categories'),
      subresources: [],
      preferredVersion: false,
      groupVersion,
    };
    resources.push(resource);
    byName.set(name, resource);
  }
  // Second pass: a subresource may in principle precede its parent. Orphans (no parent listed) are dropped,
  // as kubectl api-resources drops every name containing a slash.
  for (const entry of entries) {
    const name = readString(entry, 'name');
    const slash = name.indexOf('/');
    if (slash < 0) continue;
    const parent = byName.get(name.slice(0, slash));
    if (!parent) continue;
    // `group`/`version` are set only when the kind lives elsewhere (pods/eviction -> policy, deployments/scale ->
    // autoscaling); empty means the enclosing group-version, as client-go reads them.
    const sub: ApiSubresource = {
      name: name.slice(slash + 1),
      kind: readString(entry, 'kind'),
      group: readString(entry, 'group') || group,
      version: readString(entry, 'version') || version,
      verbs: readStringArray(entry, 'verbs'),
    };
    parent.subresources.push(sub);
  }
  return resources;
}
