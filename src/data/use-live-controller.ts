// Runs one LiveController while a component shows its query, and reads its status.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { LiveController, LiveStatus } from './live-controller';

const NOT_STARTED: LiveStatus = { watchState: 'reconnecting', problem: null };
const noUnsubscribe = () => {};

/** Starts the controller on mount (and when it is replaced), stops it on unmount; null: nothing to run yet. */
export function useLiveController(controller: LiveController | null): LiveStatus {
  useEffect(() => {
    if (!controller) return;
    controller.start();
    return () => controller.stop();
  }, [controller]);
  const subscribe = useCallback((listener: () => void) => controller?.subscribe(listener) ?? noUnsubscribe, [controller]);
  const getSnapshot = useCallback(() => controller?.getSnapshot() ?? NOT_STARTED, [controller]);
  return useSyncExternalStore(subscribe, getSnapshot);
}
