// Starts the list of a list URL before React's first render: the request leaves while React builds its first
// tree, instead of from the list page's effects after the first commit. The list page's useQuery joins that fetch.
import type { QueryClient } from '@tanstack/react-query';
import { tableQueryOptions } from '../data/table-query';
import { parseListView } from '../features/browse/list-view-state';
import { matchRoute } from './routes';

/** At a list URL, starts its query with the same key (and request) as the list page's useLiveTable; elsewhere nothing. */
export function startListAtBoot(client: QueryClient, location: { pathname: string; search: string }): void {
  const route = matchRoute(location.pathname, location.search);
  if (route.kind !== 'list') return;
  const { labelSelector, fieldSelector } = parseListView(location.search);
  void client.prefetchQuery(tableQueryOptions({ context: route.context, path: route.apiPath, labelSelector: labelSelector || undefined, fieldSelector: fieldSelector || undefined }));
}
