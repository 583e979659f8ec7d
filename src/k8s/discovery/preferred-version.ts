// Which version of each group/resource is "the" one, the way client-go's ServerPreferredResources picks it.
import type { ApiGroupInfo, ApiResource } from './types';

/**
 * Marks preferredVersion on each resource: the group's preferred version when it serves the resource, else the
 * first version (server order) that does. E.g. on 1.20 batch prefers v1 but cronjobs exist only in v1beta1.
 */
export function markPreferredVersions(groups: ApiGroupInfo[], resources: ApiResource[]): ApiResource[] {
  const groupInfo = new Map(groups.map((g) => [g.name, g]));
  const rank = (group: string, version: string): number => {
    const info = groupInfo.get(group);
    if (info?.preferredVersion === version) return -1;
    const i = info ? info.versions.indexOf(version) : -1;
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const chosen = new Map<string, string>();
  for (const r of resources) {
    const key = `${r.group}/${r.resource}`;
    const current = chosen.get(key);
    if (current === undefined || rank(r.group, r.version) < rank(r.group, current)) chosen.set(key, r.version);
  }
  return resources.map((r) => ({ ...r, preferredVersion: chosen.get(`${r.group}/${r.resource}`) === r.version }));
}
