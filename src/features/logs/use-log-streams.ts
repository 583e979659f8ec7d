// Runs one log stream per source (a pod's container) and merges their lines into one buffer. New options start
// every stream afresh; a source that comes gets its stream, one that goes stops but keeps its lines. The view
// re-renders at most every BATCH_MS however fast lines come.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { KubeApiError } from '../../k8s/kube-api-error';
import { streamPodLog, type LogStreamState } from '../../k8s/log-stream';
import type { LogLine, PodLogQuery } from '../../k8s/logs';
import { LogBuffer } from './log-buffer';

export interface LogSource {
  /** The prefix label, unique among sources. */
  label: string;
  podPath: string;
  container: string;
}

export interface SourceState {
  state: LogStreamState;
  error?: KubeApiError;
  status?: number;
}

export interface LogStreams {
  buffer: LogBuffer;
  /** Bumped on every change of the buffer: a dependency for memos over its lines. */
  version: number;
  states: Record<string, SourceState>;
}

const BATCH_MS = 100;

/** The running streams of one set of options. */
class StreamSet {
  private readonly running = new Map<string, AbortController>();
  private pending: { label: string; lines: LogLine[] }[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly context: string,
    private readonly query: PodLogQuery,
    private readonly buffer: LogBuffer,
    private readonly onChange: () => void,
    private readonly onState: (label: string, state: SourceState | null) => void,
  ) {}

  /** Starts streams for new sources, stops those no longer listed. */
  sync(sources: LogSource[]): void {
    const wanted = new Map(sources.map((s) => [`${s.label}\n${s.podPath}\n${s.container}`, s]));
    for (const [key, controller] of this.running) {
      if (wanted.has(key)) continue;
      controller.abort();
      this.running.delete(key);
      this.onState(key.split('\n')[0] ?? '', null);
    }
    for (const [key, source] of wanted) {
      if (this.running.has(key)) continue;
      const controller = new AbortController();
      this.running.set(key, controller);
      void streamPodLog(
        { context: this.context, podPath: source.podPath, query: { ...this.query, container: source.container } },
        {
          onLines: (lines) => {
            if (controller.signal.aborted) return;
            this.pending.push({ label: source.label, lines });
            this.timer ??= setTimeout(() => this.flush(), BATCH_MS);
          },
          onState: (state, detail) => {
            if (!controller.signal.aborted) this.onState(source.label, { state, ...detail });
          },
        },
        controller.signal,
      );
    }
  }

  private flush(): void {
    this.timer = null;
    for (const p of this.pending.splice(0)) this.buffer.add(p.label, p.lines);
    this.onChange();
  }

  stop(): void {
    for (const c of this.running.values()) c.abort();
    this.running.clear();
    if (this.timer !== null) clearTimeout(this.timer);
    this.pending = [];
  }
}

/**
 * Streams every source with `query` (its container replaced by each source's). A new `view` (another container
 * picked) starts afresh like new options; sources coming and going within one view keep the lines shown.
 */
export function useLogStreams(context: string, sources: LogSource[], query: PodLogQuery, view: string): LogStreams {
  const sourcesKey = JSON.stringify(sources);
  // What the server is asked: shown timestamps are the view's business (streams always ask for them).
  const queryKey = JSON.stringify({ ...query, timestamps: false, container: '' });
  const setKey = `${context}\n${queryKey}\n${view}`;
  // New options, new buffer: every stream starts afresh.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- setKey is what makes it new
  const buffer = useMemo(() => new LogBuffer(), [setKey]);
  const [version, setVersion] = useState(0);
  const [states, setStates] = useState<{ key: string; map: Record<string, SourceState> }>({ key: '', map: {} });
  const streams = useRef<StreamSet | null>(null);

  useEffect(() => {
    const set = new StreamSet(
      context,
      JSON.parse(queryKey) as PodLogQuery,
      buffer,
      () => setVersion((v) => v + 1),
      (label, state) =>
        setStates((prev) => {
          const map = prev.key === setKey ? { ...prev.map } : {};
          if (state === null) delete map[label];
          else map[label] = state;
          return { key: setKey, map };
        }),
    );
    streams.current = set;
    return () => {
      set.stop();
      streams.current = null;
    };
  }, [buffer, context, queryKey, setKey]);

  // Declared after the effect above, so on new options it runs after the new set exists.
  useEffect(() => {
    streams.current?.sync(JSON.parse(sourcesKey) as LogSource[]);
  }, [buffer, sourcesKey]);

  return { buffer, version, states: states.key === setKey ? states.map : {} };
}
