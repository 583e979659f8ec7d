// Starts the list of a list URL before React's first render: the first page that src/app/boot/preload-list.js started
// has usually arrived while the JS loaded, so the first render can already hold the rows instead of drawing an
// empty shell, painting it, and only then (in its effects) asking for the list.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { tableQueryOptions, type LiveTableData } from '../data/table-query';
import { parseListView } from '../features/browse/list-view-state';
import { matchRoute } from './routes';

export { FIRST_PAGE_WAIT_MS } from './boot/start-app';

/** Resolves once the query holds `minRows` rows (or all of them) or has settled (failed, or was removed). */
function whenListed(client: QueryClient, queryKey: QueryKey, minRows: number): Promise<void> {
  const cache = client.getQueryCache();
  const listed = () => {
    const state = cache.find({ queryKey, exact: true })?.state;
    if (!state || state.fetchStatus === 'idle') return true;
    const data = state.data as LiveTableData | undefined;
    return data !== undefined && (data.complete || data.table.rows.length >= minRows);
  };
  return new Promise((resolve) => {
    if (listed()) return resolve();
    const unsubscribe = cache.subscribe(() => {
      if (!listed()) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * At a list URL with a preloaded first page: once that page answers 2xx, starts the list's own query (which
 * claims the page, see first-page-preload) and resolves when its first page is in the cache, or as many rows as
 * the pre-render drew (`minRows`: React's first render never shows fewer). The list page's useQuery then joins that
 * same fetch: one list, paged and watched as usual. A failed preload is left to the list page, so an error is asked
 * and reported once, as before. Resolves at once elsewhere.
 */
export function startListAtBoot(client: QueryClient, location: { pathname: string; search: string }, preloaded: Promise<Response> | null, minRows = 0): Promise<void> {
  const route = matchRoute(location.pathname, location.search);
  if (route.kind !== 'list' || !preloaded) return Promise.resolve();
  // The same parameters as the list page's useLiveTable, so the query key (and the request) are the same.
  const { labelSelector, fieldSelector } = parseListView(location.search);
  const options = tableQueryOptions({ context: route.context, path: route.apiPath, labelSelector: labelSelector || undefined, fieldSelector: fieldSelector || undefined });
  return preloaded.then(
    (response) => {
      if (!response.ok) return;
      void client.prefetchQuery(options);
      return whenListed(client, options.queryKey, minRows);
    },
    () => undefined,
  );
}

/** Waits for `started`, at most `ms`. */
export function atMost(started: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void started.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
