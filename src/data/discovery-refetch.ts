// When discovery with failed group-versions is fetched again by itself. A failure a later try may not have (no
// answer, 429, 5xx: an apiserver restarting, an APIService coming up) would otherwise stay "unavailable" in the
// navigator until a manual refresh or a CRD change, long after the server is back.
import type { DiscoveryResult } from '../k8s/discovery/types';

const FIRST_DELAY_MS = 2_000;
const MAX_DELAY_MS = 60_000;

/** True when some group-version failed for a transient reason. */
export function hasTransientFailures(result: DiscoveryResult | undefined): boolean {
  return result?.failedGroupVersions.some(({ error }) => error.code === 0 || error.code === 429 || error.code >= 500) ?? false;
}

/** Delay before the next try after `previousTries` partial results in a row: 2 s, doubling up to 60 s (an APIService that stays down). */
export function partialDiscoveryDelayMs(previousTries: number): number {
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, previousTries));
}
