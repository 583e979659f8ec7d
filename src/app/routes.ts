// URL -> screen. The URL mirrors the API path: /c/{context}{API path}.
import { isCollection, parseApiPath, parseUiPath, type ApiPath } from '../k8s/paths';

export type AppRoute =
  | { kind: 'home' }
  | { kind: 'context-home'; context: string }
  | { kind: 'list'; context: string; apiPath: string; path: ApiPath; labelSelector?: string; fieldSelector?: string }
  | { kind: 'object'; context: string; apiPath: string; path: ApiPath }
  /** The object URL with `?edit=1`: the YAML editor for that object. */
  | { kind: 'edit'; context: string; apiPath: string; path: ApiPath }
  /** A collection URL with `?create=1`: a new object from YAML. */
  | { kind: 'create'; context: string; apiPath: string; path: ApiPath }
  /** /c/{context}/-/access?namespace=x: what the user may do there. */
  | { kind: 'access'; context: string; namespace: string | null }
  /** /c/{context}/-/request?verb=GET&path=/api/v1/...: the raw request tool; its query holds the whole request. */
  | { kind: 'request'; context: string; search: string }
  /** /c/{context}/-/explain?resource=deployments.apps&field=spec.strategy: the API's own reference. */
  | { kind: 'explain'; context: string; search: string }
  /** A pod's log subresource (/c/{context}/api/v1/namespaces/{ns}/pods/{name}/log?container=...): the log view. */
  | { kind: 'pod-log'; context: string; path: ApiPath; search: string }
  /** /c/{context}/-/logs?namespace=&labelSelector=&kind=&name=: the logs of every pod a workload selects. */
  | { kind: 'workload-logs'; context: string; search: string }
  /** /c/{context}/-/compare?left=<UI path>&right=<UI path>: two copies of an object, or two lists, compared. */
  | { kind: 'compare'; context: string; search: string }
  /** /c/{context}/-/helm?namespace=: the Helm releases there (no namespace: in every namespace). */
  | { kind: 'helm-releases'; context: string; namespace: string | null }
  /** /c/{context}/-/helm/{namespace}/{name}?view=...: one Helm release; its query holds the view and revisions. */
  | { kind: 'helm-release'; context: string; namespace: string; name: string; search: string }
  /** /c/{context}/-/port-forwards: the kubeglass server's port forwards for this person. */
  | { kind: 'port-forwards'; context: string }
  | { kind: 'not-found'; pathname: string };

const HELM_RELEASE = /^\/-\/helm\/([^/]+)\/([^/]+)$/;

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment) || null;
  } catch {
    return null;
  }
}

/** Resolves a location to a route; selectors come from the query string. */
export function matchRoute(pathname: string, search = ''): AppRoute {
  if (pathname === '/' || pathname === '') return { kind: 'home' };
  const ui = parseUiPath(pathname);
  if (!ui) return { kind: 'not-found', pathname };
  if (ui.apiPath === '') return { kind: 'context-home', context: ui.context };
  if (ui.apiPath === '/-/access') return { kind: 'access', context: ui.context, namespace: new URLSearchParams(search).get('namespace') || null };
  if (ui.apiPath === '/-/request') return { kind: 'request', context: ui.context, search };
  if (ui.apiPath === '/-/explain') return { kind: 'explain', context: ui.context, search };
  if (ui.apiPath === '/-/logs') return { kind: 'workload-logs', context: ui.context, search };
  if (ui.apiPath === '/-/port-forwards') return { kind: 'port-forwards', context: ui.context };
  if (ui.apiPath === '/-/compare') return { kind: 'compare', context: ui.context, search };
  if (ui.apiPath === '/-/helm') return { kind: 'helm-releases', context: ui.context, namespace: new URLSearchParams(search).get('namespace') || null };
  const helm = HELM_RELEASE.exec(ui.apiPath);
  if (helm) {
    const namespace = decoded(helm[1] ?? '');
    const name = decoded(helm[2] ?? '');
    return namespace && name ? { kind: 'helm-release', context: ui.context, namespace, name, search } : { kind: 'not-found', pathname };
  }
  const path = parseApiPath(ui.apiPath);
  if (!path) return { kind: 'not-found', pathname };
  const params = new URLSearchParams(search);
  if (path.group === '' && path.resource === 'pods' && path.subresource === 'log' && path.name !== null) return { kind: 'pod-log', context: ui.context, path, search };
  if (!isCollection(path)) {
    const edit = params.get('edit') === '1' && path.subresource === null;
    return { kind: edit ? 'edit' : 'object', context: ui.context, apiPath: ui.apiPath, path };
  }
  if (params.get('create') === '1') return { kind: 'create', context: ui.context, apiPath: ui.apiPath, path };
  return {
    kind: 'list',
    context: ui.context,
    apiPath: ui.apiPath,
    path,
    labelSelector: params.get('labelSelector') || undefined,
    fieldSelector: params.get('fieldSelector') || undefined,
  };
}
