// Status causes as a reader wants them: 1.20.2 repeats an identical cause once per failing check (1.37 sends each once), so count instead.
import type { StatusCause } from './kube-status';

export interface CountedCause {
  cause: StatusCause;
  /** How many times the server sent this exact cause. */
  count: number;
}

/** Identical causes (same field, reason and message) folded into one with a count, in first-seen order. */
export function countCauses(causes: readonly StatusCause[]): CountedCause[] {
  const byKey = new Map<string, CountedCause>();
  for (const cause of causes) {
    const key = JSON.stringify([cause.field ?? '', cause.reason ?? '', cause.message ?? '']);
    const seen = byKey.get(key);
    if (seen) seen.count++;
    else byKey.set(key, { cause, count: 1 });
  }
  return [...byKey.values()];
}
