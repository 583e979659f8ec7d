// The two sides of a comparison: each object (or list) read once as JSON, not watched: a comparison is a snapshot,
// refreshed on demand.
import { useQuery } from '@tanstack/react-query';
import { kubeRequest } from '../k8s/api-client';
import { k8sKeys } from './query-keys';

/** Lists are compared whole up to this many objects; the screen says when there were more. */
export const COMPARED_LIST_LIMIT = 1000;

export function useCompared<T>(context: string, apiPath: string, list: boolean) {
  return useQuery({
    queryKey: k8sKeys.compared(context, apiPath),
    queryFn: async ({ signal }) => (await kubeRequest<T>(context, apiPath, { signal, query: list ? { limit: COMPARED_LIST_LIMIT } : undefined })).body,
    enabled: apiPath !== '',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
