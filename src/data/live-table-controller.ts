// Keeps one cached Table list current: the LiveController with a source that lists as Table and folds per frame.
import type { QueryClient } from '@tanstack/react-query';
import type { WireWatchEvent } from '../../wire/ws-protocol';
import { applyWatchEvents } from '../k8s/watch-reducer';
import { throttledFrames } from './frame-throttle';
import { LiveController, type LiveSource, type WatchState } from './live-controller';
import { tableQueryOptions, type TableQueryParams } from './table-query';
import type { WatchChannel } from './watch-client-context';

export type { WatchState };

export interface LiveTableDeps {
  queryClient: QueryClient;
  watchClient: WatchChannel;
  /** Batches folds (by default on animation frames, at most one per FOLD_INTERVAL_MS); returns a cancel function. */
  scheduleFrame?: (callback: () => void) => () => void;
  now?: () => number;
}

/** Watch folds of one list commit at most this often: one commit per frame under a storm kept the tab busy. */
export const FOLD_INTERVAL_MS = 40;

/** The LiveSource of one Table list query. */
function tableSource(queryClient: QueryClient, params: TableQueryParams, now: () => number = Date.now): LiveSource {
  const options = tableQueryOptions(params);
  return {
    context: params.context,
    watchPath: params.path,
    as: 'Table',
    watchQuery: () => {
      const query: Record<string, string> = {};
      if (params.labelSelector) query.labelSelector = params.labelSelector;
      if (params.fieldSelector) query.fieldSelector = params.fieldSelector;
      return query;
    },
    // A list cut short (the page left mid-stream) is no snapshot to watch from: list again.
    cachedResourceVersion: () => {
      const cached = queryClient.getQueryData(options.queryKey);
      return cached?.complete ? cached.table.metadata.resourceVersion : null;
    },
    load: async (fresh) => {
      const cached = queryClient.getQueryData(options.queryKey);
      // fetchQuery joins a list already in flight (useQuery's), so pages are fetched once; the watch starts
      // only when the last page is in, from the list's resourceVersion.
      const data = !fresh && cached?.complete ? cached : await queryClient.fetchQuery({ ...options, staleTime: 0 });
      return data.table.metadata.resourceVersion;
    },
    apply: (events: WireWatchEvent[]) => {
      const current = queryClient.getQueryData(options.queryKey);
      if (!current) return undefined;
      const result = applyWatchEvents(current.table, events, now());
      if (result.table !== current.table) queryClient.setQueryData(options.queryKey, { ...current, table: result.table });
      return result.kind === 'relist' ? 'reload' : undefined;
    },
  };
}

/** List + watch for one Table query (the informer pattern). start/stop may be called repeatedly. */
export class LiveTableController extends LiveController {
  constructor(deps: LiveTableDeps, params: TableQueryParams) {
    super(deps.watchClient, tableSource(deps.queryClient, params, deps.now), { scheduleFrame: deps.scheduleFrame ?? throttledFrames(FOLD_INTERVAL_MS), now: deps.now });
  }
}
