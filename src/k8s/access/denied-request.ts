// What a refused request asked to do, in RBAC's terms: the verb kube-apiserver derives from the method and path
// (k8s.io/apiserver/pkg/endpoints/request/requestinfo.go), and the resource, namespace and name it named.
import { isCollection, parseApiPath } from '../paths';
import type { AccessAttributes } from './access-review';

/** The attributes of a proxied request (`/k8s/{context}{API path}?query`); null for non-resource paths. */
export function deniedRequest(method: string, url: string): AccessAttributes | null {
  const parsed = new URL(url, 'http://kubeglass.invalid');
  const apiPath = parsed.pathname.replace(/^\/k8s\/[^/]+/, '');
  const path = parseApiPath(apiPath);
  if (!path) return null;
  const collection = isCollection(path);
  const watch = parsed.searchParams.get('watch') === 'true' || parsed.searchParams.get('watch') === '1';
  const verbs: Record<string, string> = {
    GET: watch ? 'watch' : collection ? 'list' : 'get',
    HEAD: collection ? 'list' : 'get',
    POST: 'create',
    PUT: 'update',
    PATCH: 'patch',
    DELETE: collection ? 'deletecollection' : 'delete',
  };
  const verb = verbs[method.toUpperCase()];
  if (!verb) return null;
  const attributes: AccessAttributes = { verb, group: path.group, resource: path.resource };
  if (path.subresource) attributes.subresource = path.subresource;
  if (path.namespace !== null) attributes.namespace = path.namespace;
  if (path.name !== null) attributes.name = path.name;
  return attributes;
}
