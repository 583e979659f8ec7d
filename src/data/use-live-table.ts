// A Table list kept live by a watch on the tab's socket.
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LiveTableController, type WatchState } from './live-table-controller';
import { tableQueryOptions, type LiveTableData, type TableQueryParams } from './table-query';
import { useLiveController } from './use-live-controller';
import { useWatchClient } from './watch-client-context';

export interface LiveTable {
  query: UseQueryResult<LiveTableData>;
  watchState: WatchState;
  /** The error that stopped the watch or the list, if any. */
  problem: unknown;
  /** List again and restart the watch. */
  retry: () => void;
}

/** Lists a collection as a Table, then watches it (as: Table) and folds the events into the query cache. */
export function useLiveTable({ context, path, labelSelector, fieldSelector }: TableQueryParams): LiveTable {
  const queryClient = useQueryClient();
  const watchClient = useWatchClient();
  const query = useQuery(tableQueryOptions({ context, path, labelSelector, fieldSelector }));
  const controller = useMemo(
    () => new LiveTableController({ queryClient, watchClient }, { context, path, labelSelector, fieldSelector }),
    [queryClient, watchClient, context, path, labelSelector, fieldSelector],
  );
  const status = useLiveController(controller);
  return { query, watchState: status.watchState, problem: status.problem, retry: () => controller.retry() };
}
