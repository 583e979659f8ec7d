// Which kept list pages a write can change (page-cache): a list page reads one resource collection (a group's
// resource, in one namespace or across all), and a write to that resource (its collection, an object or a
// subresource of one) changes the lists of its namespace and the list across all namespaces. The version is left
// out: one object is served by every version of its group.

export interface ResourceCollection {
  group: string;
  resource: string;
  /** Null: across all namespaces, or a cluster-scoped resource. */
  namespace: string | null;
}

const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

/** The collection an API path (query allowed) reads or writes; null for a path that names none (discovery, /version, an undecodable segment). */
export function collectionOf(pathAndQuery: string): ResourceCollection | null {
  const q = pathAndQuery.indexOf('?');
  const path = q === -1 ? pathAndQuery : pathAndQuery.slice(0, q);
  let segments: string[];
  try {
    segments = path.split('/').slice(1).map(decodeURIComponent);
  } catch {
    return null;
  }
  const [root = '', ...afterRoot] = segments;
  const rest = root === 'api' ? afterRoot.slice(1) : root === 'apis' ? afterRoot.slice(2) : null;
  if (rest === null || (root === 'apis' && afterRoot.length < 2)) return null;
  const group = root === 'apis' ? (afterRoot[0] ?? '') : '';
  const scoped = rest[0] === 'watch' ? rest.slice(1) : rest;
  const [first = '', second, third] = scoped;
  // As kube-apiserver's RequestInfo reads it: /namespaces/{name}/status and /finalize are the namespace's own.
  if (first === 'namespaces' && second !== undefined && third !== undefined && third !== '' && !NAMESPACE_SUBRESOURCES.has(third)) {
    return { group, resource: third, namespace: second };
  }
  return first === '' ? null : { group, resource: first, namespace: null };
}

/** True when a write to `written` can change a list of `listed`. */
export function writeTouches(written: ResourceCollection, listed: ResourceCollection): boolean {
  if (written.group !== listed.group || written.resource !== listed.resource) return false;
  return written.namespace === null || listed.namespace === null || written.namespace === listed.namespace;
}
