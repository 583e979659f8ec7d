// What the Explain page reads about one resource version: the kind's schema (errors kept, unlike the editor's
// query), and whether requests to it carry a deprecation Warning (k8s.io/apiserver adds one to every request
// of a deprecated version; discovery before aggregated v2 does not say).
import { queryOptions } from '@tanstack/react-query';
import { kubeRequest } from '../k8s/api-client';
import { gvrKey } from '../k8s/discovery/gvr';
import type { ApiResource } from '../k8s/discovery/types';
import { KubeApiError } from '../k8s/kube-api-error';
import { collectionPath } from '../k8s/paths';
import { fetchContextKindSchema } from './kind-schema-query';
import { k8sKeys } from './query-keys';

type ExplainedResource = Pick<ApiResource, 'group' | 'version' | 'resource' | 'kind'>;

/** The kind's schema; fails with the OpenApiError saying why there is none. */
export function explainSchemaQueryOptions(context: string, r: ExplainedResource) {
  return queryOptions({
    queryKey: k8sKeys.explain(context, gvrKey(r), 'schema'),
    queryFn: () => fetchContextKindSchema(context, { group: r.group, version: r.version, kind: r.kind }),
    staleTime: Infinity,
    retry: 1,
  });
}

/** Deprecation warnings among the texts of Warning headers. */
export function deprecationWarnings(warnings: readonly string[]): string[] {
  return warnings.filter((w) => /deprecated/i.test(w));
}

/**
 * The deprecation warnings a one-item list of the version answers with; [] when none (or when the list fails
 * without one: a refused list still tells nothing false).
 */
export function deprecationQueryOptions(context: string, r: ExplainedResource) {
  return queryOptions({
    queryKey: k8sKeys.explain(context, gvrKey(r), 'deprecation'),
    queryFn: async ({ signal }): Promise<string[]> => {
      try {
        const res = await kubeRequest(context, collectionPath(r, null), { query: { limit: 1 }, signal });
        return deprecationWarnings(res.warnings);
      } catch (error) {
        if (error instanceof KubeApiError) return deprecationWarnings(error.warnings);
        throw error;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}
