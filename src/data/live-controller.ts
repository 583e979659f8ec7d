// Keeps one cached query current, the informer way: load (list or get), watch from that resourceVersion, fold
// events into the cache, load again when the watch history is lost. Lists (as Table) and objects share it.
import type { WireWatchEvent } from '../../wire/ws-protocol';
import { errorFromStatus, errorFromWatchEvent, isRetryableKubeError } from '../k8s/kube-api-error';
import { isKubeStatus, type KubeStatus } from '../k8s/kube-status';
import type { ConnectionState } from '../k8s/watch-client';
import type { WatchChannel } from './watch-client-context';
import { nextRestartDelay, TERMINAL_WATCH_CODES } from './watch-retry';

/** live: watching with an open socket; reconnecting: (re)loading or the socket is down; stale: stopped on an error. */
export type WatchState = 'live' | 'reconnecting' | 'stale';

export interface LiveStatus {
  watchState: WatchState;
  /** Why the data is stale: the load or watch error. */
  problem: unknown;
}

/** What one live query needs: how to (re)load it into the cache, what to watch, how to fold events. */
export interface LiveSource {
  context: string;
  /** Collection path the watch runs on (watches exist only on collections). */
  watchPath: string;
  /** The representation the watch events carry. */
  as: 'Table' | 'Object';
  /** Selectors for the watch (fieldSelector...); read after every load. */
  watchQuery(): Record<string, string>;
  /** resourceVersion of what the cache holds and may be resumed from; null when the cache must be loaded first. */
  cachedResourceVersion(): string | undefined | null;
  /** Loads into the cache (fresh: bypass it) and returns the resourceVersion to watch from (undefined: from now). */
  load(fresh: boolean): Promise<string | undefined>;
  /** Folds ADDED/MODIFIED/DELETED/BOOKMARK events into the cache; 'reload' when they show the cache cannot be trusted. */
  apply(events: WireWatchEvent[]): 'reload' | undefined;
}

export interface LiveControllerOptions {
  /** Batch folds (e.g. one per animation frame); returns a cancel function. Without it each event folds at once. */
  scheduleFrame?: (callback: () => void) => () => void;
  now?: () => number;
  /**
   * Load again after a failed load that may succeed unchanged (network, 429, 5xx), by the restart delays of
   * watch-retry. For watches nobody looks at (no Retry button); a page shows the failure instead.
   */
  retryFailedLoads?: boolean;
}

type Phase = 'idle' | 'loading' | 'watching' | 'failed';

// A hidden tab gets no animation frames: fold anyway once this many events are queued.
const MAX_QUEUED_EVENTS = 500;

/** Load + watch for one cached query; start/stop may be called repeatedly. */
export class LiveController {
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  private readonly scheduleFrame: ((callback: () => void) => () => void) | undefined;
  private readonly retryFailedLoads: boolean;
  private phase: Phase = 'idle';
  private problem: unknown = null;
  private snapshot: LiveStatus = { watchState: 'reconnecting', problem: null };
  private session = 0;
  private stopWatch: (() => void) | null = null;
  private stopConnectionListener: (() => void) | null = null;
  private cancelFrame: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pending: WireWatchEvent[] = [];
  private watchStartedAt = 0;
  private reloadTimes: number[] = [];
  private connection: ConnectionState;

  constructor(
    private readonly watchClient: WatchChannel,
    private readonly source: LiveSource,
    options: LiveControllerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.scheduleFrame = options.scheduleFrame;
    this.retryFailedLoads = options.retryFailedLoads ?? false;
    this.connection = watchClient.getState();
  }

  getSnapshot = (): LiveStatus => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  start(): void {
    this.stop();
    const session = ++this.session;
    this.connection = this.watchClient.getState();
    this.stopConnectionListener = this.watchClient.subscribeState(() => this.onConnectionChange(session));
    // What the cache holds (a page visited before) is shown at once; the watch resumes from its resourceVersion
    // and a 410 sends us back to a fresh load.
    const cached = this.source.cachedResourceVersion();
    if (cached !== null) this.watchFrom(session, cached);
    else void this.load(session, false);
  }

  stop(): void {
    this.flush(false);
    this.session++;
    this.unwatch();
    this.stopConnectionListener?.();
    this.stopConnectionListener = null;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Load again now, then watch (the Retry button). */
  retry(): void {
    this.unwatch();
    void this.load(this.session, true);
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
    this.connection = this.watchClient.getState();
    // Back after an outage: the socket resumed our watch, but load again so that nothing the outage hid (a
    // restarted server, a compacted history) survives in the cache.
    if (previous === 'reconnecting' && this.connection === 'open' && this.phase === 'watching') this.reload();
    else this.emit();
  }

  private async load(session: number, fresh: boolean): Promise<void> {
    this.setPhase('loading');
    let resourceVersion: string | undefined;
    try {
      resourceVersion = await this.source.load(fresh);
    } catch (error) {
      if (session !== this.session) return;
      if (this.retryFailedLoads && isRetryableKubeError(error)) this.reload();
      else this.setPhase('failed', error);
      return;
    }
    if (session !== this.session) return;
    this.watchFrom(session, resourceVersion);
  }

  private watchFrom(session: number, resourceVersion: string | undefined): void {
    const query: Record<string, string> = { ...this.source.watchQuery(), allowWatchBookmarks: 'true' };
    if (resourceVersion) query.resourceVersion = resourceVersion;
    this.watchStartedAt = this.now();
    this.stopWatch = this.watchClient.watch(
      { context: this.source.context, path: this.source.watchPath, query, as: this.source.as },
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
    if (event.type === 'ERROR') {
      // An ERROR event carries a Status (410 Expired when our resourceVersion was compacted away).
      if (this.flush()) return;
      const status = isKubeStatus(event.object) ? event.object : null;
      this.unwatch();
      if (status && TERMINAL_WATCH_CODES.has(status.code ?? 0)) this.setPhase('failed', errorFromWatchEvent(status, this.source.watchPath));
      else this.reload();
      return;
    }
    this.pending.push(event);
    if (!this.scheduleFrame || this.pending.length >= MAX_QUEUED_EVENTS) this.flush();
    else
      this.cancelFrame ??= this.scheduleFrame(() => {
        this.cancelFrame = null;
        this.flush();
      });
  }

  /** Folds the queued events; true when they started a reload. */
  private flush(allowReload = true): boolean {
    if (this.pending.length === 0) return false;
    const events = this.pending;
    this.pending = [];
    this.cancelFrame?.();
    this.cancelFrame = null;
    if (this.source.apply(events) !== 'reload' || !allowReload) return false;
    this.reload();
    return true;
  }

  private onClosed(session: number, status: KubeStatus | null): void {
    if (session !== this.session) return;
    this.stopWatch = null;
    if (this.flush()) return;
    if (status === null) {
      // A normal end (the apiserver closes watches after 30-60 minutes): resume from what we hold.
      const quick = this.now() - this.watchStartedAt < 1000;
      this.after(quick ? 1000 : 0, () => {
        const cached = this.source.cachedResourceVersion();
        if (cached !== null) this.watchFrom(session, cached);
        else void this.load(session, true);
      });
      return;
    }
    if (TERMINAL_WATCH_CODES.has(status.code ?? 0)) {
      this.setPhase('failed', errorFromStatus(status, 'WATCH', this.source.watchPath));
      return;
    }
    // 410 Expired/Gone, 504 too-large resourceVersion, 5xx: start over from a fresh load.
    this.reload();
  }

  private reload(): void {
    const session = this.session;
    this.unwatch();
    const { recent, delayMs } = nextRestartDelay(this.reloadTimes, this.now());
    this.reloadTimes = recent;
    this.setPhase('loading');
    this.after(delayMs, () => void this.load(session, true));
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
