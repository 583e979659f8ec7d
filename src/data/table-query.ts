// Query options for a Table list: key and fetcher built together.
import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ListSelectors, Table } from '../k8s/table';
import { k8sKeys } from './query-keys';
import { listTablePages } from './table-pages';

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
  /** False while continue pages are still streaming in (the first page is shown at once). */
  complete: boolean;
  /** Times the list started over because a continue token expired (the UI says so). */
  restarts: number;
  /** While pages stream in: rows still to come, when the server says (the UI shows how much is in). */
  remainingItemCount?: number;
}

/** While pages stream in, the cache (and so the page) is written at most this often after the first page. */
export const STREAM_COMMIT_MS = 250;

/**
 * Lists every page; while nothing complete is cached (a first visit), the first page is written to
 * the cache at once and later pages at most every STREAM_COMMIT_MS, so a big list renders a few
 * times, not once per page. A re-list over complete rows keeps them on screen until the new list
 * is whole, then swaps: never a mix of two snapshots.
 */
async function fetchLiveTable(
  params: TableQueryParams,
  context: { client: QueryClient; queryKey: QueryKey; signal: AbortSignal },
): Promise<LiveTableData> {
  const { client, queryKey, signal } = context;
  const cached = client.getQueryData<LiveTableData>(queryKey);
  const stream = !cached || !cached.complete;
  let last: LiveTableData | null = null;
  let committed: { at: number; restarts: number } | null = null;
  // A page that came inside the interval is written when the interval is up, not only with the next page (a slow
  // cluster's next page may take seconds): `last` is then the newest snapshot.
  let due: ReturnType<typeof setTimeout> | undefined;
  const write = (progress: LiveTableData) => {
    clearTimeout(due);
    due = undefined;
    client.setQueryData<LiveTableData>(queryKey, progress);
    return { at: performance.now(), restarts: progress.restarts };
  };
  try {
    for await (const progress of listTablePages(params.context, params.path, {
      labelSelector: params.labelSelector,
      fieldSelector: params.fieldSelector,
      signal,
    })) {
      last = progress;
      if (progress.complete || !stream || signal.aborted) continue;
      const now = performance.now();
      // A restart (expired continue token) replaces the rows at once: the old snapshot must not linger.
      if (committed && now - committed.at < STREAM_COMMIT_MS && progress.restarts === committed.restarts) {
        due ??= setTimeout(() => {
          if (!signal.aborted && last && !last.complete) committed = write(last);
        }, STREAM_COMMIT_MS - (now - committed.at));
        continue;
      }
      committed = write(progress);
    }
  } finally {
    clearTimeout(due);
  }
  if (!last) throw new Error('list ended without a page');
  return last;
}

/**
 * A Table list, never stale on its own: useLiveTable keeps it current with a watch. Used alone
 * (without a watch) callers override staleTime.
 */
export function tableQueryOptions(params: TableQueryParams) {
  return queryOptions({
    queryKey: k8sKeys.table(params.context, params.path, params),
    queryFn: ({ client, queryKey, signal }): Promise<LiveTableData> => fetchLiveTable(params, { client, queryKey, signal }),
    staleTime: Infinity,
    refetchOnReconnect: false,
    // The watch reducer already keeps unchanged rows identical; deep-comparing 50,000 rows on every
    // streamed page and every folded frame (TanStack's default structural sharing) cost seconds.
    structuralSharing: false,
  });
}
