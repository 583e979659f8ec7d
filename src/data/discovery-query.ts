// Discovery of one context: query options (key + fetcher) and ETag revalidation; crd-watch.ts refreshes it
// when CustomResourceDefinitions change.
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { kubeUrl, withClientHeader } from '../k8s/api-client';
import { DiscoveryError, fetchDiscovery } from '../k8s/discovery/fetch-discovery';
import { buildResourceIndex, type ResourceIndex } from '../k8s/discovery/resource-index';
import type { DiscoveryFetch, DiscoveryResult } from '../k8s/discovery/types';
import { KubeApiError } from '../k8s/kube-api-error';
import { hasTransientFailures, partialDiscoveryDelayMs } from './discovery-refetch';
import { k8sKeys } from './query-keys';

/** Discovery plus its index (derived once per result). */
export interface DiscoveryData {
  discovery: DiscoveryResult;
  index: ResourceIndex;
}

/** fetchDiscovery's fetch for one context: API paths through the kubeglass proxy (`/k8s/{context}`). */
function contextDiscoveryFetch(context: string, signal?: AbortSignal): DiscoveryFetch {
  return (path, init) => fetch(kubeUrl(context, path), { headers: withClientHeader(init.headers), signal, credentials: 'same-origin' });
}

// /api or /apis itself failed: one KubeApiError like every other request (retry policy, error panel).
function toKubeApiError(error: DiscoveryError): KubeApiError {
  const { code, reason, message } = error.status;
  return new KubeApiError({
    code,
    reason,
    message: `${error.path}: ${message}`,
    raw: { method: 'GET', url: error.path, httpStatus: code, statusText: '', contentType: null, body: '', status: null },
  });
}

/** Per discovery query: its dataUpdateCount when the current run of results with transient failures began. */
const partialRunStarts = new WeakMap<object, number>();

/**
 * Discovery of a context. Refetches revalidate with the previous ETags (aggregated discovery only): when neither
 * root changed, the cached result is kept as is.
 */
function discoveryQueryOptions(context: string, queryClient: QueryClient) {
  const queryKey = k8sKeys.discovery(context);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }): Promise<DiscoveryResult> => {
      const previous = queryClient.getQueryData<DiscoveryResult>(queryKey);
      try {
        const result = await fetchDiscovery(contextDiscoveryFetch(context, signal), { ifNoneMatch: previous?.etags });
        if (result !== 'not-modified') return result;
        if (previous) return previous;
        // Unreachable: 'not-modified' needs ETags, which only a previous result has.
        return fetchDiscoveryOrThrow(context, signal);
      } catch (error) {
        throw error instanceof DiscoveryError ? toKubeApiError(error) : error;
      }
    },
    staleTime: 5 * 60_000,
    refetchInterval: (query) => {
      const { data, dataUpdateCount } = query.state;
      if (!hasTransientFailures(data)) {
        partialRunStarts.delete(query);
        return false;
      }
      const start = partialRunStarts.get(query) ?? dataUpdateCount;
      partialRunStarts.set(query, start);
      return partialDiscoveryDelayMs(dataUpdateCount - start);
    },
  });
}

async function fetchDiscoveryOrThrow(context: string, signal: AbortSignal): Promise<DiscoveryResult> {
  const result = await fetchDiscovery(contextDiscoveryFetch(context, signal));
  if (result === 'not-modified') throw new Error('discovery answered 304 without If-None-Match');
  return result;
}

const indexes = new WeakMap<DiscoveryResult, DiscoveryData>();

function withIndex(discovery: DiscoveryResult): DiscoveryData {
  let data = indexes.get(discovery);
  if (!data) {
    data = { discovery, index: buildResourceIndex(discovery) };
    indexes.set(discovery, data);
  }
  return data;
}

/** Discovery of a context with its resource index, outside React (the cached answer while fresh). */
export async function fetchDiscoveryIndex(queryClient: QueryClient, context: string): Promise<DiscoveryData> {
  return withIndex(await queryClient.fetchQuery(discoveryQueryOptions(context, queryClient)));
}

/** Discovery of a context with its resource index. */
export function useDiscovery(context: string) {
  const queryClient = useQueryClient();
  return useQuery({ ...discoveryQueryOptions(context, queryClient), select: withIndex });
}

/** Fetches discovery again now (revalidating with ETags). */
export function refreshDiscovery(queryClient: QueryClient, context: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: k8sKeys.discovery(context) });
}
