// GET /version of a context: the server-capability probe (which version-gated features, like fieldValidation, it has).
import { queryOptions } from '@tanstack/react-query';
import { kubeRequest } from '../k8s/api-client';
import type { ServerVersion } from '../k8s/server-version';
import { k8sKeys } from './query-keys';

/** The server's version.Info; asked once per context and kept (a server upgrade is seen on the next page load). */
export function serverVersionQueryOptions(context: string) {
  return queryOptions({
    queryKey: k8sKeys.version(context),
    queryFn: async ({ signal }): Promise<ServerVersion> => (await kubeRequest<ServerVersion>(context, '/version', { signal })).body,
    staleTime: Infinity,
    // Asked on Save: a failure must not delay it; the next Save asks again.
    retry: false,
  });
}
