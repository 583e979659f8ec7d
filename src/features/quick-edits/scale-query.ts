// GET {object}/scale, keyed under the object and its resourceVersion: the Scale shares the workload's
// resourceVersion, so each new version of the live object refetches it.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { kubeRequest } from '../../k8s/api-client';
import { k8sKeys } from '../../data/query-keys';
import { scalePath, type Scale } from './scale-change';

function scaleQueryOptions(context: string, objectPath: string, resourceVersion: string | undefined) {
  return queryOptions({
    queryKey: k8sKeys.scale(context, objectPath, resourceVersion),
    queryFn: async ({ signal }) => (await kubeRequest<Scale>(context, scalePath(objectPath), { signal })).body,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

/** The Scale of a workload, or nothing while `enabled` is false. */
export function useScale(context: string, objectPath: string, resourceVersion: string | undefined, enabled: boolean) {
  return useQuery({ ...scaleQueryOptions(context, objectPath, resourceVersion), enabled });
}
