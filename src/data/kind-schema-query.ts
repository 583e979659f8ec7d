// The OpenAPI schema of the kind being edited or created: the editor's JSON Schema, the merge keys of lists, and
// whether the server honours fieldValidation. Read once per kind and kept.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { k8sKeys } from './query-keys';
import { kubeUrl } from '../k8s/api-client';
import { parseGroupVersion } from '../k8s/discovery/gvr';
import { createOpenApiCache, fetchKindSchema, type GroupVersionKind, type KindSchema, type OpenApiCache } from '../k8s/openapi';

// The OpenAPI documents of a context, shared by every kind asked for (a v3 group document serves all its kinds).
const caches = new Map<string, OpenApiCache>();

/** The kind's schema from the cluster's OpenAPI (v3, else v2); throws OpenApiError when the cluster cannot tell. */
export function fetchContextKindSchema(context: string, gvk: GroupVersionKind): Promise<KindSchema> {
  let cache = caches.get(context);
  if (!cache) caches.set(context, (cache = createOpenApiCache()));
  return fetchKindSchema((path, init) => fetch(kubeUrl(context, path), { ...init, credentials: 'same-origin' }), gvk, cache);
}

/** The kind's schema from the cluster's OpenAPI (v3, else v2); null when the cluster cannot tell. */
async function loadKindSchema(context: string, apiVersion: string, kind: string): Promise<KindSchema | null> {
  const { group, version } = parseGroupVersion(apiVersion);
  try {
    return await fetchContextKindSchema(context, { group, version, kind });
  } catch {
    return null;
  }
}

export function kindSchemaQueryOptions(context: string, apiVersion: string, kind: string) {
  return queryOptions({
    queryKey: k8sKeys.kindSchema(context, apiVersion, kind),
    queryFn: () => loadKindSchema(context, apiVersion, kind),
    staleTime: Infinity,
  });
}

/** The schema once settled: undefined while loading (or without apiVersion and kind), null when the cluster cannot tell. */
export function useKindSchema(context: string, apiVersion: string | null | undefined, kind: string | null | undefined): KindSchema | null | undefined {
  const query = useQuery({ ...kindSchemaQueryOptions(context, apiVersion ?? '', kind ?? ''), enabled: Boolean(apiVersion && kind) });
  return apiVersion && kind ? query.data : undefined;
}
