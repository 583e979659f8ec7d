// How the console says that a request repeats a failed read.
import type { RetryMark } from '../../k8s/request-recorder';

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/** "retry 2 · waited 2.0 s (Retry-After: 2)". */
export function retryText(mark: RetryMark): string {
  const asked = mark.retryAfterSeconds === null ? '' : ` (Retry-After: ${mark.retryAfterSeconds})`;
  return `retry ${mark.retry} · waited ${seconds(mark.waitedMs)}${asked}`;
}
