// Whether an object exists, to rank guesses (is `po shop` the pod "shop" or the pods of namespace shop?).
import { queryOptions } from '@tanstack/react-query';
import { kubeRequest } from '../k8s/api-client';
import { KubeApiError } from '../k8s/kube-api-error';
import { k8sKeys } from './query-keys';

// Metadata only: a probe of a Secret's name has no business fetching its data; servers without it send the object.
const METADATA_ONLY = 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json';

/** Query options for "does this object exist": false on 404, and on 403 (an object the user may not get is none to jump to). */
export function objectExistsQueryOptions(context: string, path: string) {
  return queryOptions({
    queryKey: [...k8sKeys.object(context, path), 'exists'] as const,
    queryFn: async ({ signal }): Promise<boolean> => {
      try {
        await kubeRequest(context, path, { accept: METADATA_ONLY, signal });
        return true;
      } catch (error) {
        if (error instanceof KubeApiError && (error.code === 404 || error.code === 403)) return false;
        throw error;
      }
    },
    staleTime: 30_000,
    retry: false,
  });
}
