// One object kept live: GET, then a watch on its collection narrowed to its name (fieldSelector=metadata.name).
import { useQuery, useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { WireWatchEvent } from '../../wire/ws-protocol';
import { KubeApiError } from '../k8s/kube-api-error';
import { metadataOf } from '../k8s/object-meta';
import { collectionPath, gvrOf, parseApiPath } from '../k8s/paths';
import type { WatchState } from './live-table-controller';
import { LiveObjectController, type LiveObjectSource } from './object-live-controller';
import { objectQueryOptions, type KubeObject, type LiveObjectData, type ObjectQueryParams } from './object-query';
import { useWatchClient } from './watch-client-context';

export interface LiveObject {
  query: UseQueryResult<LiveObjectData>;
  watchState: WatchState;
  /** The error that stopped the watch or the re-get, if any. */
  problem: unknown;
  retry: () => void;
}

function isKubeObject(value: unknown): value is KubeObject {
  return metadataOf(value) !== undefined;
}

/** The LiveObjectSource of one object's query (exported for tests of the folding). */
export function objectSource(queryClient: QueryClient, params: ObjectQueryParams): LiveObjectSource {
  const options = objectQueryOptions(params);
  const parsed = parseApiPath(params.path);
  const name = parsed?.name ?? '';
  const watchPath = parsed ? collectionPath(gvrOf(parsed), parsed.namespace) : params.path;
  return {
    context: params.context,
    watchPath,
    watchQuery: () => ({ fieldSelector: `metadata.name=${name}` }),
    cachedResourceVersion: () => {
      const data = queryClient.getQueryData(options.queryKey);
      return data && !data.deleted ? data.object.metadata.resourceVersion : null;
    },
    load: async (fresh) => {
      const cached = queryClient.getQueryData(options.queryKey);
      try {
        const data = fresh || cached?.deleted ? await queryClient.fetchQuery({ ...options, staleTime: 0 }) : await queryClient.ensureQueryData(options);
        return data.object.metadata.resourceVersion;
      } catch (error) {
        // The watch was lost and the object is gone meanwhile: keep the last content, marked deleted,
        // and watch from now in case it is created again.
        if (cached && error instanceof KubeApiError && error.code === 404) {
          queryClient.setQueryData(options.queryKey, { ...cached, deleted: true });
          return undefined;
        }
        throw error;
      }
    },
    apply: (event: WireWatchEvent) => {
      if (!isKubeObject(event.object) || event.object.metadata.name !== name) return;
      const object = event.object;
      queryClient.setQueryData(options.queryKey, (current) => ({
        object,
        warnings: current?.warnings ?? [],
        deleted: event.type === 'DELETED',
      }));
    },
  };
}

/** GETs one object and watches it (as: Object): MODIFIED replaces it, DELETED marks it deleted, 410 gets it again. */
export function useLiveObject({ context, path }: ObjectQueryParams): LiveObject {
  const queryClient = useQueryClient();
  const watchClient = useWatchClient();
  const query = useQuery(objectQueryOptions({ context, path }));
  const controller = useMemo(
    () => new LiveObjectController(watchClient, objectSource(queryClient, { context, path })),
    [queryClient, watchClient, context, path],
  );
  useEffect(() => {
    controller.start();
    return () => controller.stop();
  }, [controller]);
  const status = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  return { query, watchState: status.watchState, problem: status.problem, retry: () => controller.retry() };
}
