// One object kept live: GET, then a watch on its collection narrowed to its name (fieldSelector=metadata.name).
import { useQuery, useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { WireWatchEvent } from '../../wire/ws-protocol';
import { KubeApiError } from '../k8s/kube-api-error';
import { kubeRequest } from '../k8s/api-client';
import { isKubeObject, type KubeList, type KubeObject } from '../k8s/kube-object';
import { collectionPath, gvrOf, parseApiPath } from '../k8s/paths';
import { LiveController, type LiveSource, type WatchState } from './live-controller';
import { objectQueryOptions, type LiveObjectData, type ObjectQueryParams } from './object-query';
import { useLiveController } from './use-live-controller';
import { useWatchClient } from './watch-client-context';

export interface LiveObject {
  query: UseQueryResult<LiveObjectData>;
  watchState: WatchState;
  /** The error that stopped the watch or the re-get, if any. */
  problem: unknown;
  retry: () => void;
}

/** The LiveSource of one object's query. */
function objectSource(queryClient: QueryClient, params: ObjectQueryParams): LiveSource {
  const options = objectQueryOptions(params);
  const parsed = parseApiPath(params.path);
  const name = parsed?.name ?? '';
  const watchPath = parsed ? collectionPath(gvrOf(parsed), parsed.namespace) : params.path;
  const fieldSelector = `metadata.name=${name}`;

  // Getting again after a lost watch (410, reconnect): list the collection narrowed to the name, as
  // `kubectl get -w` does. The list's resourceVersion is current, while the object's own may be older
  // than the server's watch history (an object unchanged for long): watching from it would answer 410
  // again and again. An empty list means the object is gone: keep the last content, marked deleted.
  const resync = async (cached: LiveObjectData): Promise<string | undefined> => {
    let list: KubeList;
    try {
      list = (await kubeRequest<KubeList>(params.context, watchPath, { query: { fieldSelector } })).body;
    } catch (error) {
      // May get but not list (RBAC): get it and watch from now (the watch starts with a synthetic ADDED).
      if (!(error instanceof KubeApiError) || (error.code !== 403 && error.code !== 405)) throw error;
      try {
        await queryClient.fetchQuery({ ...options, staleTime: 0 });
      } catch (getError) {
        if (!(getError instanceof KubeApiError) || getError.code !== 404) throw getError;
        queryClient.setQueryData(options.queryKey, { ...cached, deleted: true });
      }
      return undefined;
    }
    const item = (list.items ?? []).find((i) => i.metadata.name === name);
    if (item) {
      // List items carry no kind/apiVersion on a real apiserver: restore them from what we had.
      const object: KubeObject = { kind: item.kind ?? cached.object.kind, apiVersion: item.apiVersion ?? cached.object.apiVersion, ...item };
      if (object.kind === undefined) object.kind = cached.object.kind;
      if (object.apiVersion === undefined) object.apiVersion = cached.object.apiVersion;
      queryClient.setQueryData(options.queryKey, { object, warnings: cached.warnings, deleted: false });
    } else {
      queryClient.setQueryData(options.queryKey, { ...cached, deleted: true });
    }
    return list.metadata?.resourceVersion;
  };

  return {
    context: params.context,
    watchPath,
    as: 'Object',
    watchQuery: () => ({ fieldSelector }),
    cachedResourceVersion: () => {
      const data = queryClient.getQueryData(options.queryKey);
      return data && !data.deleted ? data.object.metadata.resourceVersion : null;
    },
    load: async (fresh) => {
      const cached = queryClient.getQueryData(options.queryKey);
      if (!cached) return (await queryClient.ensureQueryData(options)).object.metadata.resourceVersion;
      if (!fresh && !cached.deleted) return cached.object.metadata.resourceVersion;
      return resync(cached);
    },
    apply: (events: WireWatchEvent[]) => {
      for (const event of events) {
        if (event.type === 'BOOKMARK' || !isKubeObject(event.object) || event.object.metadata.name !== name) continue;
        const object = event.object;
        queryClient.setQueryData(options.queryKey, (current) => ({
          object,
          warnings: current?.warnings ?? [],
          deleted: event.type === 'DELETED',
        }));
      }
      return undefined;
    },
  };
}

/** GETs one object and watches it (as: Object): MODIFIED replaces it, DELETED marks it deleted, 410 gets it again. */
export function useLiveObject({ context, path }: ObjectQueryParams): LiveObject {
  const queryClient = useQueryClient();
  const watchClient = useWatchClient();
  const query = useQuery(objectQueryOptions({ context, path }));
  const controller = useMemo(
    () => new LiveController(watchClient, objectSource(queryClient, { context, path })),
    [queryClient, watchClient, context, path],
  );
  const status = useLiveController(controller);
  return { query, watchState: status.watchState, problem: status.problem, retry: () => controller.retry() };
}
