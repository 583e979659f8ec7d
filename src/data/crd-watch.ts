// Discovery follows CustomResourceDefinitions: a CRD added, changed or deleted adds or drops resources, so a
// watch on CRDs (one more source of the LiveController) refreshes discovery after each change.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { WireWatchEvent } from '../../wire/ws-protocol';
import { kubeRequest } from '../k8s/api-client';
import { resourceByGvr, type ResourceIndex } from '../k8s/discovery/resource-index';
import type { KubeList } from '../k8s/kube-object';
import { collectionPath } from '../k8s/paths';
import { eventResourceVersion } from '../k8s/watch-reducer';
import { refreshDiscovery } from './discovery-query';
import { LiveController, type LiveSource } from './live-controller';
import { useWatchClient, type WatchChannel } from './watch-client-context';

/** Where CRDs are listed and watched. */
const CRD_GVR = { group: 'apiextensions.k8s.io', version: 'v1', resource: 'customresourcedefinitions' };
const CRD_PATH = collectionPath(CRD_GVR, null);

/** True when discovery serves CRDs and they may be listed and watched. */
function canWatchCrds(index: ResourceIndex): boolean {
  const crds = resourceByGvr(index, CRD_GVR);
  return crds !== undefined && crds.verbs.includes('list') && crds.verbs.includes('watch');
}

/**
 * The CRD collection as a LiveSource that caches nothing but a resourceVersion: the list asks for one item
 * (limit=1) only for the list's resourceVersion, so every watch event is a change after the initial state.
 * A list after the first (410, ERROR event, reconnect) reports a change too: events may have been lost.
 */
function crdSource(context: string, onChange: () => void): LiveSource {
  let resourceVersion: string | undefined;
  let listed = false;
  return {
    context,
    watchPath: CRD_PATH,
    // One small row per event instead of a CRD with its whole schema.
    as: 'Table',
    watchQuery: () => ({}),
    cachedResourceVersion: () => resourceVersion ?? null,
    load: async () => {
      const list = await kubeRequest<KubeList>(context, CRD_PATH, { query: { limit: 1 } });
      resourceVersion = list.body.metadata?.resourceVersion;
      if (listed) onChange();
      listed = true;
      return resourceVersion;
    },
    apply: (events: WireWatchEvent[]) => {
      for (const event of events) {
        resourceVersion = eventResourceVersion(event) || resourceVersion;
        if (event.type !== 'BOOKMARK') onChange();
      }
      return undefined;
    },
  };
}

export interface CrdWatchDeps {
  context: string;
  watchClient: WatchChannel;
  /** Called (debounced) after CRDs were added, changed or deleted. */
  onChange: () => void;
  debounceMs?: number;
  now?: () => number;
}

/** Watches CRDs until the returned stop function is called; gives up quietly where a list cannot succeed (403...). */
export function watchCrds({ context, watchClient, onChange, debounceMs = 300, now }: CrdWatchDeps): () => void {
  let debounce: ReturnType<typeof setTimeout> | null = null;
  const changed = () => {
    if (debounce !== null) clearTimeout(debounce);
    debounce = setTimeout(() => {
      debounce = null;
      onChange();
    }, debounceMs);
  };
  const controller = new LiveController(watchClient, crdSource(context, changed), { retryFailedLoads: true, now });
  controller.start();
  return () => {
    controller.stop();
    if (debounce !== null) clearTimeout(debounce);
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
