// A watch typed into the raw request tool, streamed through the tab's /-/ws until stopped or the page is left.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { WireWatchEvent } from '../../../../wire/ws-protocol';
import { useWatchClient } from '../../../data/watch-client-context';
import { errorFromStatus, type KubeApiError } from '../../../k8s/kube-api-error';

/** Events kept for display; the count goes on past it. */
export const KEPT_EVENTS = 500;

export interface StreamedEvent {
  seq: number;
  receivedAt: number;
  event: WireWatchEvent;
}

export type RawWatchPhase = 'idle' | 'streaming' | 'stopped' | 'closed';

export interface RawWatch {
  phase: RawWatchPhase;
  /** Newest first, at most KEPT_EVENTS. */
  events: StreamedEvent[];
  count: number;
  /** What ended the watch when the server closed it with a Status. */
  closedBy: KubeApiError | null;
  /** The upstream URL watched, for the error inspector. */
  url: string;
  start: (target: { pathname: string; query: Record<string, string>; asTable: boolean }) => void;
  stop: () => void;
}

export function useRawWatch(context: string): RawWatch {
  const client = useWatchClient();
  const stopRef = useRef<(() => void) | null>(null);
  const [phase, setPhase] = useState<RawWatchPhase>('idle');
  const [events, setEvents] = useState<StreamedEvent[]>([]);
  const [count, setCount] = useState(0);
  const [closedBy, setClosedBy] = useState<KubeApiError | null>(null);
  const [url, setUrl] = useState('');

  const stop = useCallback(() => {
    stopRef.current?.();
    stopRef.current = null;
    setPhase((was) => (was === 'streaming' ? 'stopped' : was));
  }, []);

  const start = useCallback<RawWatch['start']>(
    ({ pathname, query, asTable }) => {
      stopRef.current?.();
      const { watch: _watch, ...rest } = query;
      const watchedUrl = `${pathname}?${new URLSearchParams({ ...rest, watch: '1' }).toString()}`;
      let seq = 0;
      setEvents([]);
      setCount(0);
      setClosedBy(null);
      setUrl(watchedUrl);
      setPhase('streaming');
      const unwatch = client.watch(
        { context, path: pathname, query: rest, as: asTable ? 'Table' : 'Object' },
        (event) => {
          const entry = { seq: ++seq, receivedAt: Date.now(), event };
          setCount(entry.seq);
          setEvents((was) => [entry, ...was.slice(0, KEPT_EVENTS - 1)]);
        },
        (status) => {
          if (stopRef.current !== unwatch) return;
          stopRef.current = null;
          setClosedBy(status ? errorFromStatus(status, 'WATCH', watchedUrl) : null);
          setPhase('closed');
        },
      );
      stopRef.current = unwatch;
    },
    [client, context],
  );

  // Leaving the page leaves no watch behind.
  useEffect(() => () => stopRef.current?.(), []);

  return { phase, events, count, closedBy, url, start, stop };
}
