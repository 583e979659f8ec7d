// kube-apiserver's etcd compactor (--etcd-compaction-interval, 5 minutes by default): at each tick it writes its key
// and compacts to the revision of the tick before, so a resourceVersion (a continue token's, a watch's) stays
// readable for one to two intervals and then gets 410 Expired.
import type { Store } from './store.js';

/** Starts compacting every `intervalMs`; returns a function that stops it. */
export function startCompactor(store: Store, intervalMs: number): () => void {
  // 0 turns compaction off, as --etcd-compaction-interval=0 does.
  if (intervalMs <= 0) return () => undefined;
  let previous = 0;
  const timer = setInterval(() => {
    const compactTo = previous;
    previous = store.compactTo(compactTo);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
