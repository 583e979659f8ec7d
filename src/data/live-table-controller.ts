// Keeps one cached Table list current: list, then watch from the list's resourceVersion, fold events, re-list when needed.
import type { QueryClient } from '@tanstack/react-query';
import type { WireWatchEvent } from '../../wire/ws-protocol';
import { errorFromStatus, KubeApiError } from '../k8s/kube-api-error';
import type { KubeStatus } from '../k8s/kube-status';
import type { ConnectionState } from '../k8s/watch-client';
import { applyWatchEvents } from '../k8s/watch-reducer';
import { tableQueryOptions, type LiveTableData, type TableQueryParams } from './table-query';
import type { WatchChannel } from './watch-client-context';
import { nextRestartDelay, TERMINAL_WATCH_CODES } from './watch-retry';

/** live: watching with an open socket; reconnecting: (re)listing or the socket is down; stale: stopped on an error. */
export type WatchState = 'live' | 'reconnecting' | 'stale';

export interface LiveTableStatus {
  watchState: WatchState;
  /** Why the table is stale: the list or watch error. */
  problem: unknown;
}

type Phase = 'idle' | 'listing' | 'watching' | 'failed';

export interface LiveTableDeps {
  queryClient: QueryClient;
  watchClient: WatchChannel;
  /** Batches folds per animation frame; returns a cancel function. */
  scheduleFrame?: (callback: () => void) => () => void;
  now?: () => number;
}

function defaultScheduleFrame(callback: () => void): () => void {
  if (typeof requestAnimationFrame === 'function') {
    const handle = requestAnimationFrame(callback);
    return () => cancelAnimationFrame(handle);
  }
  const handle = setTimeout(callback, 16);
  return () => clearTimeout(handle);
}

// A hidden tab gets no animation frames: fold anyway once this many events are queued.
const MAX_QUEUED_EVENTS = 500;
// Watch errors that asking again cannot fix (a viewer who may list but not watch, a bad selector).

/** List + watch for one Table query (the informer pattern). start/stop may be called repeatedly. */
export class LiveTableController {
  private readonly options: ReturnType<typeof tableQueryOptions>;
  private readonly scheduleFrame: (callback: () => void) => () => void;
  private readonly now: () => number;
  private readonly listeners = new Set<() => void>();
  private phase: Phase = 'idle';
  private problem: unknown = null;
  private snapshot: LiveTableStatus = { watchState: 'reconnecting', problem: null };
  private session = 0;
  private stopWatch: (() => void) | null = null;
  private stopConnectionListener: (() => void) | null = null;
  private cancelFrame: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pending: WireWatchEvent[] = [];
  private watchStartedAt = 0;
  private relistTimes: number[] = [];
  private connection: ConnectionState;

  constructor(
    private readonly deps: LiveTableDeps,
    private readonly params: TableQueryParams,
  ) {
    this.options = tableQueryOptions(params);
    this.scheduleFrame = deps.scheduleFrame ?? defaultScheduleFrame;
    this.now = deps.now ?? Date.now;
    this.connection = deps.watchClient.getState();
  }

  getSnapshot = (): LiveTableStatus => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  start(): void {
    this.stop();
    const session = ++this.session;
    this.connection = this.deps.watchClient.getState();
    this.stopConnectionListener = this.deps.watchClient.subscribeState(() => this.onConnectionChange(session));
    const cached = this.deps.queryClient.getQueryData(this.options.queryKey);
    // Cached rows (a page visited before) are shown at once; the watch resumes from their
    // resourceVersion and a 410 sends us back to a fresh list.
    // A list cut short (the page left mid-stream) is no snapshot to watch from: list again.
    if (cached?.complete) this.watchFrom(session, cached.table.metadata.resourceVersion);
    else void this.list(session, false);
  }

  stop(): void {
    this.flush(false);
    this.session++;
    this.stopWatch?.();
    this.stopWatch = null;
    this.stopConnectionListener?.();
    this.stopConnectionListener = null;
    this.cancelFrame?.();
    this.cancelFrame = null;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending = [];
  }

  /** List again now, then watch (the Retry button). */
  retry(): void {
    const session = this.session;
    this.unwatch();
    void this.list(session, true);
  }

  private setPhase(phase: Phase, problem: unknown = null): void {
    this.phase = phase;
    this.problem = problem;
    this.emit();
  }

  private emit(): void {
    let watchState: WatchState;
    if (this.phase === 'failed') watchState = 'stale';
    else if (this.phase === 'watching' && this.connection === 'open') watchState = 'live';
    else watchState = 'reconnecting';
    if (watchState === this.snapshot.watchState && this.problem === this.snapshot.problem) return;
    this.snapshot = { watchState, problem: this.problem };
    for (const listener of [...this.listeners]) listener();
  }

  private onConnectionChange(session: number): void {
    if (session !== this.session) return;
    const previous = this.connection;
    this.connection = this.deps.watchClient.getState();
    // Back after an outage: the socket resumed our watch, but list again so that nothing the
    // outage hid (a restarted server, a compacted history) survives in the table.
    if (previous === 'reconnecting' && this.connection === 'open' && this.phase === 'watching') this.relist();
    else this.emit();
  }

  private async list(session: number, fresh: boolean): Promise<void> {
    this.setPhase('listing');
    let data: LiveTableData;
    try {
      const cached = this.deps.queryClient.getQueryData(this.options.queryKey);
      // fetchQuery joins a list already in flight (useQuery's), so pages are fetched once; the
      // watch starts only when the last page is in, from the list's resourceVersion.
      data = !fresh && cached?.complete ? cached : await this.deps.queryClient.fetchQuery({ ...this.options, staleTime: 0 });
    } catch (error) {
      if (session === this.session) this.setPhase('failed', error);
      return;
    }
    if (session !== this.session) return;
    this.watchFrom(session, data.table.metadata.resourceVersion);
  }

  private watchFrom(session: number, resourceVersion: string | undefined): void {
    const { context, path, labelSelector, fieldSelector } = this.params;
    const query: Record<string, string> = { allowWatchBookmarks: 'true' };
    if (resourceVersion) query.resourceVersion = resourceVersion;
    if (labelSelector) query.labelSelector = labelSelector;
    if (fieldSelector) query.fieldSelector = fieldSelector;
    this.watchStartedAt = this.now();
    this.stopWatch = this.deps.watchClient.watch(
      { context, path, query, as: 'Table' },
      (event) => this.onEvent(session, event),
      (status) => this.onClosed(session, status),
    );
    this.setPhase('watching');
  }

  private unwatch(): void {
    this.stopWatch?.();
    this.stopWatch = null;
    this.cancelFrame?.();
    this.cancelFrame = null;
    this.pending = [];
  }

  private onEvent(session: number, event: WireWatchEvent): void {
    if (session !== this.session) return;
    this.pending.push(event);
    if (this.pending.length >= MAX_QUEUED_EVENTS) this.flush();
    else this.cancelFrame ??= this.scheduleFrame(() => {
      this.cancelFrame = null;
      this.flush();
    });
  }

  private flush(allowRelist = true): void {
    if (this.pending.length === 0) return;
    const events = this.pending;
    this.pending = [];
    this.cancelFrame?.();
    this.cancelFrame = null;
    const { queryClient } = this.deps;
    const current = queryClient.getQueryData(this.options.queryKey);
    if (!current) return;
    const result = applyWatchEvents(current.table, events, this.now());
    if (result.table !== current.table) queryClient.setQueryData(this.options.queryKey, { ...current, table: result.table });
    if (result.kind === 'relist' && allowRelist) this.relist();
  }

  private onClosed(session: number, status: KubeStatus | null): void {
    if (session !== this.session) return;
    this.flush();
    this.stopWatch = null;
    if (status === null) {
      // A normal end (the apiserver closes watches after 30-60 minutes): resume from where we are.
      const quick = this.now() - this.watchStartedAt < 1000;
      this.after(quick ? 1000 : 0, () => {
        const current = this.deps.queryClient.getQueryData(this.options.queryKey);
        if (current) this.watchFrom(session, current.table.metadata.resourceVersion);
        else void this.list(session, true);
      });
      return;
    }
    if (TERMINAL_WATCH_CODES.has(status.code ?? 0)) {
      this.setPhase('failed', errorFromStatus(status, 'WATCH', this.params.path));
      return;
    }
    // 410 Expired/Gone, 504 too-large resourceVersion, 5xx: start over from a fresh list.
    this.relist();
  }

  private relist(): void {
    const session = this.session;
    this.unwatch();
    const { recent, delayMs: delay } = nextRestartDelay(this.relistTimes, this.now());
    this.relistTimes = recent;
    this.setPhase('listing');
    this.after(delay, () => void this.list(session, true));
  }

  private after(delayMs: number, action: () => void): void {
    const session = this.session;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (session === this.session) action();
    }, delayMs);
  }
}

/** True for errors that mean the watch (not only the list) was refused. */
export function isWatchProblem(problem: unknown): problem is KubeApiError {
  return problem instanceof KubeApiError && problem.raw.method === 'WATCH';
}
