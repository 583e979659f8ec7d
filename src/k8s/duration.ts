// kubectl-style short durations, as printed in the Age column.
import { humanDuration } from '../../wire/human-duration';

/** Age of an RFC 3339 timestamp at `now`, or undefined when the timestamp is missing or unparsable. */
export function ageOf(timestamp: string | null | undefined, now: number): string | undefined {
  if (!timestamp) return undefined;
  const created = Date.parse(timestamp);
  if (Number.isNaN(created)) return undefined;
  return humanDuration(now - created);
}
