// Group/version/resource identifiers; the core group is "".

export interface Gvr {
  group: string;
  version: string;
  resource: string;
}

/** The stable string key `group/version/resource` (`/v1/pods` for core, `apps/v1/deployments`). */
export function gvrKey(gvr: Gvr): string {
  return `${gvr.group}/${gvr.version}/${gvr.resource}`;
}

/** `v1` for the core group, `apps/v1` otherwise (the apiVersion spelling). */
export function formatGroupVersion(group: string, version: string): string {
  return group === '' ? version : `${group}/${version}`;
}

/** Splits an apiVersion / groupVersion: `v1` -> core, `apps/v1` -> apps. */
export function parseGroupVersion(groupVersion: string): { group: string; version: string } {
  const slash = groupVersion.indexOf('/');
  if (slash < 0) return { group: '', version: groupVersion };
  return { group: groupVersion.slice(0, slash), version: groupVersion.slice(slash + 1) };
}

/** The URL path of a group-version's discovery document and collections: `/api/v1`, `/apis/apps/v1`. */
export function groupVersionPath(group: string, version: string): string {
  return group === '' ? `/api/${version}` : `/apis/${group}/${version}`;
}
