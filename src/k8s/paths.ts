// Kubernetes API paths <-> structured form, and the UI paths that mirror them: /c/{context}{API path}.
import type { Gvr } from './discovery/gvr.js';

export interface ApiPath {
  /** "" for the core group (/api/v1). */
  group: string;
  version: string;
  /** Namespace of a namespaced path; null for cluster-scoped and all-namespaces paths. */
  namespace: string | null;
  resource: string;
  /** Object name; null for a collection. */
  name: string | null;
  subresource: string | null;
}

// k8s.io/apiserver/pkg/endpoints/request/requestinfo.go: /namespaces/{name}/{status,finalize} are
// subresources of the Namespace object, not collections inside it.
const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Percent-encodes one path segment, leaving `:` and `@` (common in RBAC names) readable. */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%3A/gi, ':').replace(/%40/g, '@');
}

/** Parses a resource path (`/api/v1/namespaces/ns/pods/x/log`); null for discovery and non-resource paths. */
export function parseApiPath(path: string): ApiPath | null {
  const raw = path.split('?')[0]?.split('/').filter((s) => s !== '') ?? [];
  const segments: string[] = [];
  for (const s of raw) {
    const decoded = decodeSegment(s);
    if (decoded === null || decoded === '') return null;
    segments.push(decoded);
  }
  let group: string;
  let version: string;
  let rest: string[];
  if (segments[0] === 'api' && segments.length >= 3) {
    group = '';
    version = segments[1] ?? '';
    rest = segments.slice(2);
  } else if (segments[0] === 'apis' && segments.length >= 4) {
    group = segments[1] ?? '';
    version = segments[2] ?? '';
    rest = segments.slice(3);
  } else {
    return null;
  }

  let namespace: string | null = null;
  if (rest[0] === 'namespaces' && rest.length >= 3 && !NAMESPACE_SUBRESOURCES.has(rest[2] ?? '')) {
    namespace = rest[1] ?? null;
    rest = rest.slice(2);
  }
  if (rest.length < 1 || rest.length > 3) return null;
  const [resource = '', name = null, subresource = null] = rest;
  return { group, version, namespace, resource, name, subresource };
}

/** Inverse of parseApiPath. */
export function buildApiPath(p: ApiPath): string {
  const parts: string[] = p.group ? ['apis', p.group, p.version] : ['api', p.version];
  if (p.namespace !== null) parts.push('namespaces', p.namespace);
  parts.push(p.resource);
  if (p.name !== null) {
    parts.push(p.name);
    if (p.subresource !== null) parts.push(p.subresource);
  }
  return `/${parts.map(encodeSegment).join('/')}`;
}

/** A collection path for a resource (`namespace` null: cluster-scoped or all namespaces). */
export function collectionPath(gvr: Gvr, namespace: string | null): string {
  return buildApiPath({ ...gvr, namespace, name: null, subresource: null });
}

export function gvrOf(p: ApiPath): Gvr {
  return { group: p.group, version: p.version, resource: p.resource };
}

export function isCollection(p: ApiPath): boolean {
  return p.name === null;
}

/**
 * The same path in another namespace (null: all namespaces). Cluster-scoped resources (as discovery
 * says) have no namespace to change and come back unchanged.
 */
export function withNamespace(p: ApiPath, namespace: string | null, isClusterScoped: (gvr: Gvr) => boolean): ApiPath {
  if (isClusterScoped(gvrOf(p))) return p;
  return { ...p, namespace };
}

const UI_PREFIX = '/c/';

/** The UI path for an API path in a context: `/c/{context}{API path}`. */
export function toUiPath(context: string, apiPath: string): string {
  return `${UI_PREFIX}${encodeSegment(context)}${apiPath.startsWith('/') ? apiPath : `/${apiPath}`}`;
}

/** Splits a UI path into its context and API path; null when it is not under /c/. */
export function parseUiPath(pathname: string): { context: string; apiPath: string } | null {
  if (!pathname.startsWith(UI_PREFIX)) return null;
  const rest = pathname.slice(UI_PREFIX.length);
  const slash = rest.indexOf('/');
  const rawContext = slash === -1 ? rest : rest.slice(0, slash);
  const context = decodeSegment(rawContext);
  if (!context) return null;
  const apiPath = slash === -1 ? '' : rest.slice(slash).replace(/\/+$/, '');
  return { context, apiPath };
}
