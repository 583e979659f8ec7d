import type { WatchState } from '../../data/live-table-controller';

const STYLE: Record<WatchState, { dot: string; text: string; title: string }> = {
  live: { dot: 'bg-emerald-500', text: 'text-emerald-700', title: 'Watching: changes appear as they happen' },
  reconnecting: { dot: 'bg-amber-400 animate-pulse', text: 'text-amber-700', title: 'Getting the object or reconnecting the watch' },
  stale: { dot: 'bg-slate-400', text: 'text-slate-500', title: 'Not watching: the content may be out of date' },
};

/** live | reconnecting | stale for the object's watch (same look and test id as the list page's badge). */
export function WatchStateBadge({ state }: { state: WatchState }) {
  const style = STYLE[state];
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-2 py-0.5 text-xs" title={style.title}>
      <span aria-hidden="true" className={`h-1.5 w-1.5 rounded-full ${style.dot}`} />
      <span data-testid="watch-state" className={`font-medium ${style.text}`}>
        {state}
      </span>
    </span>
  );
}
