// The console's one list: recorded requests and watches together, newest first.
import type { RecordedRequest } from '../../k8s/request-recorder';
import type { RecordedWatch } from '../../k8s/watch-log';

export type ConsoleEntry = { kind: 'request'; key: string; request: RecordedRequest } | { kind: 'watch'; key: string; watch: RecordedWatch };

/** Merges two newest-first lists by start time (requests first on a tie). */
export function mergeEntries(requests: readonly RecordedRequest[], watches: readonly RecordedWatch[]): ConsoleEntry[] {
  const entries: ConsoleEntry[] = [];
  let r = 0;
  let w = 0;
  while (r < requests.length || w < watches.length) {
    const request = requests[r];
    const watch = watches[w];
    if (request && (!watch || request.startedAt >= watch.startedAt)) {
      entries.push({ kind: 'request', key: `r${request.id}`, request });
      r++;
    } else if (watch) {
      entries.push({ kind: 'watch', key: `w${watch.id}`, watch });
      w++;
    }
  }
  return entries;
}
