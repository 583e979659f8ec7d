import { useConnectionState } from '../../data/watch-client-context';
import type { ConnectionState } from '../../k8s/watch-client';

const LABEL: Record<ConnectionState, { text: string; dot: string }> = {
  idle: { text: 'Idle', dot: 'bg-slate-300' },
  connecting: { text: 'Connecting', dot: 'bg-amber-400 animate-pulse' },
  open: { text: 'Connected', dot: 'bg-emerald-500' },
  reconnecting: { text: 'Reconnecting', dot: 'bg-amber-400 animate-pulse' },
};

/** State of the tab's watch socket (/-/ws). */
export function ConnectionIndicator() {
  const state = useConnectionState();
  const { text, dot } = LABEL[state];
  return (
    <span
      data-testid="connection-state"
      data-state={state}
      title={`Watch channel: ${state}`}
      className="inline-flex items-center gap-1.5 text-xs text-slate-500"
    >
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${dot}`} />
      {text}
    </span>
  );
}
