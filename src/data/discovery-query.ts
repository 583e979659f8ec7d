// Discovery of one context: query options (key + fetcher), ETag revalidation, and the CRD watch that
// invalidates it when CustomResourceDefinitions change.
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { WireWatchEvent } from '../../wire/ws-protocol';
import { kubeRequest, kubeUrl } from '../k8s/api-client';
import { DiscoveryError, fetchDiscovery } from '../k8s/discovery/fetch-discovery';
import { buildResourceIndex, resourceByGvr, type ResourceIndex } from '../k8s/discovery/resource-index';
import type { DiscoveryFetch, DiscoveryResult } from '../k8s/discovery/types';
import { KubeApiError } from '../k8s/kube-api-error';
import type { KubeStatus } from '../k8s/kube-status';
import { metadataOf, type ListMeta } from '../k8s/object-meta';
import { k8sKeys } from './query-keys';
import { useWatchClient, type WatchChannel } from './watch-client-context';

/** Discovery plus its index (derived once per result). */
export interface DiscoveryData {
  discovery: DiscoveryResult;
  index: ResourceIndex;
}

/** fetchDiscovery's fetch for one context: API paths through the kubeglass proxy (`/k8s/{context}`). */
export function contextDiscoveryFetch(context: string, signal?: AbortSignal): DiscoveryFetch {
  return (path, init) => fetch(kubeUrl(context, path), { headers: init.headers, signal, credentials: 'same-origin' });
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

/**
 * Discovery of a context. Refetches revalidate with the previous ETags (aggregated discovery only): when neither
 * root changed, the cached result is kept as is.
 */
export function discoveryQueryOptions(context: string, queryClient: QueryClient) {
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

/** Discovery of a context with its resource index. */
export function useDiscovery(context: string) {
  const queryClient = useQueryClient();
  return useQuery({ ...discoveryQueryOptions(context, queryClient), select: withIndex });
}

/** Fetches discovery again now (revalidating with ETags). */
export function refreshDiscovery(queryClient: QueryClient, context: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: k8sKeys.discovery(context) });
}

/** Where CRDs are listed and watched. */
export const CRD_GVR = { group: 'apiextensions.k8s.io', version: 'v1', resource: 'customresourcedefinitions' };
export const CRD_PATH = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

/** True when discovery serves CRDs and they may be listed and watched. */
export function canWatchCrds(index: ResourceIndex): boolean {
  const crds = resourceByGvr(index, CRD_GVR);
  return crds !== undefined && crds.verbs.includes('list') && crds.verbs.includes('watch');
}

export interface CrdWatchDeps {
  context: string;
  watchClient: WatchChannel;
  /** Called (debounced) after CRDs were added, changed or deleted. */
  onChange: () => void;
  debounceMs?: number;
  retryMs?: number;
}

// Asking again cannot fix these (RBAC, no such resource, bad request).
const TERMINAL_CODES = new Set([400, 401, 403, 404, 405, 406]);

/**
 * Lists CRDs (limit=1, only for the list's resourceVersion) and watches from there, so every event is a change
 * after the initial state. Re-lists (and reports a change, since events may be lost) after an ERROR event or a
 * Status close; gives up quietly on 403 and other terminal codes. Returns the stop function.
 */
export function watchCrds({ context, watchClient, onChange, debounceMs = 300, retryMs = 5000 }: CrdWatchDeps): () => void {
  let stopped = false;
  let stopWatch: (() => void) | null = null;
  let debounce: ReturnType<typeof setTimeout> | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let controller: AbortController | null = null;

  const changed = () => {
    if (debounce !== null) clearTimeout(debounce);
    debounce = setTimeout(() => {
      debounce = null;
      if (!stopped) onChange();
    }, debounceMs);
  };

  const restart = (reportChange: boolean) => {
    stopWatch?.();
    stopWatch = null;
    if (reportChange) changed();
    if (retry !== null) clearTimeout(retry);
    retry = setTimeout(() => {
      retry = null;
      void list();
    }, retryMs);
  };

  const watchFrom = (resourceVersion: string | undefined) => {
    let lastResourceVersion = resourceVersion;
    const query: Record<string, string> = { allowWatchBookmarks: 'true' };
    if (resourceVersion) query.resourceVersion = resourceVersion;
    stopWatch = watchClient.watch(
      { context, path: CRD_PATH, query, as: 'Table' },
      (event: WireWatchEvent) => {
        if (stopped) return;
        if (event.type === 'ERROR') {
          restart(true);
          return;
        }
        const rv = metadataOf(event.object)?.resourceVersion;
        if (typeof rv === 'string' && rv !== '') lastResourceVersion = rv;
        if (event.type !== 'BOOKMARK') changed();
      },
      (status: KubeStatus | null) => {
        stopWatch = null;
        if (stopped) return;
        if (status === null) watchFrom(lastResourceVersion);
        else if (!TERMINAL_CODES.has(status.code ?? 0)) restart(true);
      },
    );
  };

  const list = async () => {
    controller = new AbortController();
    try {
      const res = await kubeRequest<{ metadata?: ListMeta }>(context, CRD_PATH, { query: { limit: 1 }, signal: controller.signal });
      if (!stopped) watchFrom(res.body?.metadata?.resourceVersion);
    } catch (error) {
      if (stopped) return;
      if (error instanceof KubeApiError && TERMINAL_CODES.has(error.code)) return;
      restart(false);
    }
  };

  void list();
  return () => {
    stopped = true;
    controller?.abort();
    stopWatch?.();
    if (debounce !== null) clearTimeout(debounce);
    if (retry !== null) clearTimeout(retry);
  };
}

/** Keeps discovery of a context current while CRDs change (only where CRDs may be watched). */
export function useCrdDiscoveryRefresh(context: string, index: ResourceIndex | undefined): void {
  const queryClient = useQueryClient();
  const watchClient = useWatchClient();
  const enabled = index !== undefined && canWatchCrds(index);
  useEffect(() => {
    if (!enabled) return;
    return watchCrds({ context, watchClient, onChange: () => void refreshDiscovery(queryClient, context) });
  }, [enabled, context, watchClient, queryClient]);
}
