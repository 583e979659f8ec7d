export type WatchBadgeState = 'live' | 'reconnecting' | 'stale';

// Dots stay still: a pulsing one has the compositor draw every frame while a list loads (see list-look's progress bar).
const STYLE: Record<WatchBadgeState, { dot: string; text: string }> = {
  live: { dot: 'bg-emerald-500', text: 'text-emerald-700' },
  reconnecting: { dot: 'bg-amber-400', text: 'text-amber-700' },
  stale: { dot: 'bg-slate-400', text: 'text-slate-500' },
};

/** live | reconnecting | stale for a watch; `titles` says what each state means for the thing watched. */
export function WatchStateBadge({ state, titles }: { state: WatchBadgeState; titles: Record<WatchBadgeState, string> }) {
  const style = STYLE[state];
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-2 py-0.5 text-xs" title={titles[state]}>
      <span aria-hidden="true" className={`h-1.5 w-1.5 rounded-full ${style.dot}`} />
      <span data-testid="watch-state" className={`font-medium ${style.text}`}>
        {state}
      </span>
    </span>
  );
}
