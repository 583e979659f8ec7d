// What the console says about a recorded watch: its status word and its lifetime.
import type { RecordedWatch } from '../../k8s/watch-log';

/** "open", "unwatched", "410 → re-listed", "403 Forbidden", "closed by server". */
export function watchStatusText(watch: Pick<RecordedWatch, 'end' | 'expired'>): string {
  const { end } = watch;
  if (end === null) return 'open';
  if (end.by === 'app') return watch.expired > 0 ? '410 → re-listed' : 'unwatched';
  if (end.code !== null) return `${end.code} ${end.reason}`.trim();
  return 'closed by server';
}

/** How long the watch ran (or has been running, at `now`). */
export function watchLifetimeMs(watch: Pick<RecordedWatch, 'startedAt' | 'endedAt'>, now: number): number {
  return Math.max(0, (watch.endedAt ?? now) - watch.startedAt);
}

/** 850 ms, 12.3 s, 4 min 5 s, 2 h 3 min. */
export function formatLifetime(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${Math.floor(s % 60)} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** The watch's query as read, not URL-encoded: labelSelector=app=web&resourceVersion=10. */
export function watchQueryText(query: Readonly<Record<string, string>>): string {
  return Object.entries(query)
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}
