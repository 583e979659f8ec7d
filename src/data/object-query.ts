// Query options for one object (GET), key and fetcher together; useLiveObject keeps it current with a watch.
import { queryOptions } from '@tanstack/react-query';
import { kubeRequest } from '../k8s/api-client';
import type { KubeObject } from '../k8s/kube-object';
import { k8sKeys } from './query-keys';

export interface ObjectQueryParams {
  context: string;
  /** Object API path, e.g. /api/v1/namespaces/default/pods/web-1. */
  path: string;
}

/** What the cache holds for one object. */
export interface LiveObjectData {
  /** The last content the server sent (kept after a deletion so it stays readable). */
  object: KubeObject;
  /** Warning headers of the GET (deprecated APIs...). */
  warnings: string[];
  /** True once a watch reported DELETED (or a re-get after a lost watch answered 404). */
  deleted: boolean;
}

/** GETs the object; throws KubeApiError (404 NotFound, 403 Forbidden...) as the API answered. */
async function fetchObject(context: string, path: string, signal?: AbortSignal): Promise<LiveObjectData> {
  const response = await kubeRequest<KubeObject>(context, path, { signal });
  return { object: response.body, warnings: response.warnings, deleted: false };
}

/** One object, never stale on its own: the watch folds changes in. */
export function objectQueryOptions(params: ObjectQueryParams) {
  return queryOptions({
    queryKey: k8sKeys.object(params.context, params.path),
    queryFn: ({ signal }) => fetchObject(params.context, params.path, signal),
    staleTime: Infinity,
    refetchOnReconnect: false,
  });
}
