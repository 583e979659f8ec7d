import { useConnectionState } from '../../data/watch-client-context';
import type { ConnectionState } from '../../k8s/watch-client';

// Dots stay still: a pulsing one has the compositor draw every frame while the page loads (see list-look's progress bar).
const LABEL: Record<ConnectionState, { text: string; dot: string }> = {
  idle: { text: 'Idle', dot: 'bg-slate-300' },
  connecting: { text: 'Connecting', dot: 'bg-amber-400' },
  open: { text: 'Connected', dot: 'bg-emerald-500' },
  reconnecting: { text: 'Reconnecting', dot: 'bg-amber-400' },
};

/** State of the tab's watch socket (/-/ws); `compact`: the dot alone (the words for screen readers and the title). */
export function ConnectionIndicator({ compact = false }: { compact?: boolean }) {
  const state = useConnectionState();
  const { text, dot } = LABEL[state];
  return (
    <span
      data-testid="connection-state"
      data-state={state}
      title={`Watch channel: ${text}`}
      className="inline-flex items-center gap-1.5 text-xs text-slate-500"
    >
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${dot}`} />
      <span className={compact ? 'sr-only' : undefined}>{text}</span>
    </span>
  );
}
