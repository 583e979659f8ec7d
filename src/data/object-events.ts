// core/v1 Events about one object, listed by involvedObject field selectors and kept live by a watch.
import { queryOptions, useQuery, useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { WireWatchEvent } from '../../wire/ws-protocol';
import { kubeRequest } from '../k8s/api-client';
import { KubeApiError } from '../k8s/kube-api-error';
import { byEventTime, eventsPath, involvedObjectSelector, isAbout, type KubeEvent } from '../k8s/kube-event';
import type { KubeList } from '../k8s/kube-object';
import { LiveController, type LiveSource, type WatchState } from './live-controller';
import { k8sKeys } from './query-keys';
import { useLiveController } from './use-live-controller';
import { useWatchClient } from './watch-client-context';

export interface ObjectEventsParams {
  context: string;
  /** Namespace of the object; null for cluster-scoped objects (their events may live in any namespace). */
  namespace: string | null;
  name: string;
  uid: string;
}

export interface ObjectEventsData {
  items: KubeEvent[];
  resourceVersion: string | undefined;
  /**
   * 'server' when the API filtered by involvedObject.*; 'client' when it refused those field selectors
   * (400, servers that do not register them) and we list every event of the namespace and filter here.
   */
  filter: 'server' | 'client';
}

/** Lists the events; falls back to listing all and filtering when the server rejects involvedObject selectors. */
async function fetchObjectEvents(params: ObjectEventsParams, signal?: AbortSignal): Promise<ObjectEventsData> {
  const path = eventsPath(params.namespace);
  try {
    const response = await kubeRequest<KubeList<KubeEvent>>(params.context, path, {
      query: { fieldSelector: involvedObjectSelector(params.name, params.uid) },
      signal,
    });
    return { items: [...(response.body.items ?? [])].sort(byEventTime), resourceVersion: response.body.metadata?.resourceVersion, filter: 'server' };
  } catch (error) {
    if (!(error instanceof KubeApiError) || error.code !== 400) throw error;
  }
  const response = await kubeRequest<KubeList<KubeEvent>>(params.context, path, { signal });
  const items = (response.body.items ?? []).filter((e) => isAbout(e, params.name, params.uid)).sort(byEventTime);
  return { items, resourceVersion: response.body.metadata?.resourceVersion, filter: 'client' };
}

function objectEventsQueryOptions(params: ObjectEventsParams) {
  return queryOptions({
    queryKey: k8sKeys.events(params.context, params.namespace, params),
    queryFn: ({ signal }) => fetchObjectEvents(params, signal),
    staleTime: Infinity,
    refetchOnReconnect: false,
  });
}

/** Folds one watch event into the events list (pure). */
function foldEvent(data: ObjectEventsData, watchEvent: WireWatchEvent, name: string, uid: string): ObjectEventsData {
  const event = watchEvent.object as KubeEvent | null;
  if (!event || typeof event !== 'object' || !event.metadata || !isAbout(event, name, uid)) return data;
  const key = event.metadata.uid ?? event.metadata.name;
  const rest = data.items.filter((e) => (e.metadata.uid ?? e.metadata.name) !== key);
  const items = watchEvent.type === 'DELETED' ? rest : [...rest, event].sort(byEventTime);
  return { ...data, items, resourceVersion: event.metadata.resourceVersion ?? data.resourceVersion };
}

function eventsSource(queryClient: QueryClient, params: ObjectEventsParams): LiveSource {
  const options = objectEventsQueryOptions(params);
  return {
    context: params.context,
    watchPath: eventsPath(params.namespace),
    as: 'Object',
    watchQuery: (): Record<string, string> =>
      queryClient.getQueryData(options.queryKey)?.filter === 'client' ? {} : { fieldSelector: involvedObjectSelector(params.name, params.uid) },
    cachedResourceVersion: () => {
      const data = queryClient.getQueryData(options.queryKey);
      return data ? data.resourceVersion : null;
    },
    load: async (fresh) => {
      const data = fresh ? await queryClient.fetchQuery({ ...options, staleTime: 0 }) : await queryClient.ensureQueryData(options);
      return data.resourceVersion;
    },
    apply: (events) => {
      for (const event of events) {
        if (event.type === 'BOOKMARK') continue;
        queryClient.setQueryData(options.queryKey, (current) => (current ? foldEvent(current, event, params.name, params.uid) : current));
      }
      return undefined;
    },
  };
}

export interface LiveObjectEvents {
  query: UseQueryResult<ObjectEventsData>;
  watchState: WatchState;
  problem: unknown;
}

/** Events about one object, live; pass null until the object (and so its uid) is known. */
export function useObjectEvents(params: ObjectEventsParams | null): LiveObjectEvents {
  const queryClient = useQueryClient();
  const watchClient = useWatchClient();
  const context = params?.context ?? '';
  const namespace = params?.namespace ?? null;
  const name = params?.name ?? '';
  const uid = params?.uid ?? '';
  const query = useQuery({ ...objectEventsQueryOptions({ context, namespace, name, uid }), enabled: params !== null });
  const controller = useMemo(
    () => (uid ? new LiveController(watchClient, eventsSource(queryClient, { context, namespace, name, uid })) : null),
    [queryClient, watchClient, context, namespace, name, uid],
  );
  const status = useLiveController(controller);
  return { query, watchState: status.watchState, problem: status.problem };
}
