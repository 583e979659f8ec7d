// An object or a list read once as JSON, not watched: the two sides of a comparison, a workload's pod template.
import { useQuery } from '@tanstack/react-query';
import { kubeRequest } from '../k8s/api-client';
import { k8sKeys } from './query-keys';

/** Lists are read whole up to this many objects; a screen says when there were more. */
export const SNAPSHOT_LIST_LIMIT = 1000;

export function useSnapshot<T>(context: string, apiPath: string, list: boolean) {
  return useQuery({
    queryKey: k8sKeys.snapshot(context, apiPath),
    queryFn: async ({ signal }) => (await kubeRequest<T>(context, apiPath, { signal, query: list ? { limit: SNAPSHOT_LIST_LIMIT } : undefined })).body,
    enabled: apiPath !== '',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
