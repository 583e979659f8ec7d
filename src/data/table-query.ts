// Query options for a Table list: key and fetcher built together.
import { queryOptions } from '@tanstack/react-query';
import { gvrKey } from '../k8s/discovery/gvr';
import { gvrOf, parseApiPath } from '../k8s/paths';
import { listAllTable, type ListSelectors, type Table } from '../k8s/table';
import { k8sKeys } from './query-keys';

export interface TableQueryParams extends ListSelectors {
  context: string;
  /** Collection API path, e.g. /api/v1/namespaces/default/pods. */
  path: string;
}

/** What the cache holds for a Table list; the watch folds events into `table`. */
export interface LiveTableData {
  table: Table;
  /** Warning headers of the list response (deprecated APIs...). */
  warnings: string[];
}

/** Cache key of a Table list (parsed so that equivalent paths share one entry). */
export function tableQueryKey(params: TableQueryParams) {
  const parsed = parseApiPath(params.path);
  const gvr = parsed ? gvrKey(gvrOf(parsed)) : params.path;
  return k8sKeys.table(params.context, gvr, parsed?.namespace ?? null, params);
}

/**
 * A Table list, never stale on its own: useLiveTable keeps it current with a watch. Used alone
 * (without a watch) callers override staleTime.
 */
export function tableQueryOptions(params: TableQueryParams) {
  return queryOptions({
    queryKey: tableQueryKey(params),
    queryFn: ({ signal }): Promise<LiveTableData> =>
      listAllTable(params.context, params.path, {
        labelSelector: params.labelSelector,
        fieldSelector: params.fieldSelector,
        signal,
      }),
    staleTime: Infinity,
    refetchOnReconnect: false,
  });
}
