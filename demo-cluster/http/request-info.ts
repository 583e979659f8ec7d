// Splits an API path into discovery or resource coordinates (apiserver RequestInfoFactory rules).

export type RequestInfo =
  | { kind: 'core-versions' }
  | { kind: 'core-resources'; version: string }
  | { kind: 'groups' }
  | { kind: 'group'; group: string }
  | { kind: 'group-resources'; group: string; version: string }
  | {
      kind: 'resource';
      group: string;
      version: string;
      resource: string;
      /** Namespace from the path (for /namespaces/x itself: x, as upstream reports it). */
      namespace?: string;
      name?: string;
      subresource?: string;
      /** Legacy /watch/ path prefix. */
      watchPrefix: boolean;
    }
  | { kind: 'other' };

/** Namespace subresources that stay on the namespaces resource (/namespaces/x/status). */
const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

function resourceParts(group: string, version: string, parts: string[]): RequestInfo {
  let watchPrefix = false;
  if (parts[0] === 'watch') {
    watchPrefix = true;
    parts = parts.slice(1);
  }
  let namespace: string | undefined;
  if (parts[0] === 'namespaces' && parts.length > 1) {
    namespace = parts[1];
    const next = parts[2];
    if (next !== undefined && !NAMESPACE_SUBRESOURCES.has(next)) parts = parts.slice(2);
  }
  const [resource, name, subresource, ...rest] = parts;
  if (resource === undefined || resource === '' || rest.length > 0) return { kind: 'other' };
  const info: RequestInfo = { kind: 'resource', group, version, resource, watchPrefix };
  if (namespace !== undefined) info.namespace = namespace;
  if (name !== undefined) info.name = name;
  if (subresource !== undefined) info.subresource = subresource;
  return info;
}

/** Parses a URL path (no query). */
export function parseRequestPath(pathname: string): RequestInfo {
  const trimmed = pathname.replace(/\/+$/, '');
  const parts = trimmed.split('/').filter((p) => p !== '').map((p) => decodeURIComponent(p));
  if (parts[0] === 'api') {
    if (parts.length === 1) return { kind: 'core-versions' };
    const version = parts[1] ?? '';
    if (parts.length === 2) return { kind: 'core-resources', version };
    return resourceParts('', version, parts.slice(2));
  }
  if (parts[0] === 'apis') {
    if (parts.length === 1) return { kind: 'groups' };
    const group = parts[1] ?? '';
    if (parts.length === 2) return { kind: 'group', group };
    const version = parts[2] ?? '';
    if (parts.length === 3) return { kind: 'group-resources', group, version };
    return resourceParts(group, version, parts.slice(3));
  }
  return { kind: 'other' };
}
