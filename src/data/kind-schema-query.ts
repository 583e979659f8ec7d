// The OpenAPI schema of the kind being edited or created: the editor's JSON Schema, the merge keys of lists, and
// whether the server honours fieldValidation. Read once per kind and kept; a kind the cluster serves but does not
// describe yet is read again for about a minute (kube-apiserver publishes a new CRD's schema in /openapi/v2 some
// seconds after the CRD is Established: its OpenAPI controller runs apart from the CRD's own).
import { queryOptions, useQuery, useQueryClient, type QueryState } from '@tanstack/react-query';
import { k8sKeys } from './query-keys';
import { kubeUrl, withClientHeader } from '../k8s/api-client';
import { parseGroupVersion } from '../k8s/discovery/gvr';
import { createOpenApiCache, fetchKindSchema, type GroupVersionKind, type KindSchema, type OpenApiCache } from '../k8s/openapi';

// The OpenAPI documents of a context, shared by every kind asked for (a v3 group document serves all its kinds).
const caches = new Map<string, OpenApiCache>();

/**
 * Waits before each new read of a schema that was missing: 1, 2, 4, 8, then 15 s (7 reads, about a minute). The
 * v2 document is revalidated by its ETag, so a read that finds nothing new costs a 304.
 */
export const SCHEMA_RECHECK_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000];

/** The kind's schema from the cluster's OpenAPI (v3, else v2); throws OpenApiError when the cluster cannot tell. */
export function fetchContextKindSchema(context: string, gvk: GroupVersionKind): Promise<KindSchema> {
  let cache = caches.get(context);
  if (!cache) caches.set(context, (cache = createOpenApiCache()));
  return fetchKindSchema((path, init) => fetch(kubeUrl(context, path), { headers: withClientHeader(init.headers), credentials: 'same-origin' }), gvk, cache);
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

/** The delay before reading a missing schema again, or false once the schema is there or the reads are spent. */
function recheckDelay(query: { state: Pick<QueryState<KindSchema | null>, 'data' | 'dataUpdateCount'> }): number | false {
  if (query.state.data !== null) return false;
  // dataUpdateCount counts the reads that answered: the first one and the rechecks.
  return SCHEMA_RECHECK_DELAYS_MS[query.state.dataUpdateCount - 1] ?? false;
}

export function kindSchemaQueryOptions(context: string, apiVersion: string, kind: string) {
  return queryOptions({
    queryKey: k8sKeys.kindSchema(context, apiVersion, kind),
    queryFn: () => loadKindSchema(context, apiVersion, kind),
    // A schema is kept; a missing one is asked again by the next screen that needs it.
    staleTime: (query) => (query.state.data === null ? 0 : Infinity),
  });
}

export interface KindSchemaState {
  /** undefined while loading (or without apiVersion and kind), null when the cluster does not describe the kind. */
  schema: KindSchema | null | undefined;
  /** The schema is missing and is read again shortly (the cluster may not have published it yet). */
  waiting: boolean;
}

/** The kind's schema, read again for a while when the cluster serves the kind but does not describe it yet. */
export function useKindSchemaState(context: string, apiVersion: string | null | undefined, kind: string | null | undefined): KindSchemaState {
  const queryClient = useQueryClient();
  const enabled = Boolean(apiVersion && kind);
  const options = kindSchemaQueryOptions(context, apiVersion ?? '', kind ?? '');
  const query = useQuery({ ...options, enabled, refetchInterval: recheckDelay });
  if (!enabled) return { schema: undefined, waiting: false };
  // Reading dataUpdatedAt subscribes this hook to every answered read (an unchanged null too), so the count is current.
  void query.dataUpdatedAt;
  const state = queryClient.getQueryState(options.queryKey);
  // Waiting exactly while refetchInterval has another read planned: one rule for both.
  return { schema: query.data, waiting: state !== undefined && recheckDelay({ state }) !== false };
}

/** The schema once settled: undefined while loading (or without apiVersion and kind), null when the cluster cannot tell. */
export function useKindSchema(context: string, apiVersion: string | null | undefined, kind: string | null | undefined): KindSchema | null | undefined {
  return useKindSchemaState(context, apiVersion, kind).schema;
}
