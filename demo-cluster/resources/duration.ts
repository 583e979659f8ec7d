// Ages and timestamps as the apiserver's printers write them.
import { humanDuration } from '../../wire/human-duration.js';

/** translateTimestampSince: "<unknown>" for a missing timestamp, else the human age relative to now. */
export function ageSince(timestamp: unknown, now: number = Date.now()): string {
  if (typeof timestamp !== 'string' || timestamp === '') return '<unknown>';
  const t = Date.parse(timestamp);
  if (Number.isNaN(t)) return '<unknown>';
  return humanDuration(now - t);
}

/** RFC 3339 at second precision, as metav1.Time serializes. */
export function rfc3339(ms: number = Date.now()): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
