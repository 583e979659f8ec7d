// How a live list or object reacts when its watch ends: which Status codes are final, and how fast to start over.

/** Watch refusals that a fresh list/get will not fix (bad request, auth, unsupported): stop and show them. */
export const TERMINAL_WATCH_CODES: ReadonlySet<number> = new Set([400, 401, 403, 405, 406, 422]);

const RESTART_WINDOW_MS = 30_000;
const MAX_RESTART_DELAY_MS = 30_000;

/** Records a restart at `now` and returns the delay before it: none for the first 3 in 30 s, then 1 s doubling up to 30 s. */
export function nextRestartDelay(recent: number[], now: number): { recent: number[]; delayMs: number } {
  const kept = recent.filter((t) => now - t < RESTART_WINDOW_MS);
  kept.push(now);
  const excess = kept.length - 3;
  return { recent: kept, delayMs: excess > 0 ? Math.min(MAX_RESTART_DELAY_MS, 1000 * 2 ** (excess - 1)) : 0 };
}
