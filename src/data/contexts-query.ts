// The server's kubeconfig contexts (GET /-/contexts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchContexts } from '../k8s/contexts';
import { k8sKeys } from './query-keys';

function contextsQueryOptions() {
  return queryOptions({
    queryKey: k8sKeys.contexts(),
    queryFn: ({ signal }) => fetchContexts(signal),
    staleTime: 60_000,
  });
}

export function useContexts() {
  return useQuery(contextsQueryOptions());
}
