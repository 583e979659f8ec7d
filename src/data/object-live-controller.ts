// Keeps cached full objects current: get, then watch (as: Object) from that resourceVersion, fold events, get again when needed.
import type { WireWatchEvent } from '../../wire/ws-protocol';
import { errorFromStatus } from '../k8s/kube-api-error';
import { isKubeStatus, type KubeStatus } from '../k8s/kube-status';
import type { ConnectionState } from '../k8s/watch-client';
import type { WatchState } from './live-table-controller';
import type { WatchChannel } from './watch-client-context';
import { nextRestartDelay, TERMINAL_WATCH_CODES } from './watch-retry';

/** What one live query needs: how to (re)load it into the cache, what to watch, how to fold an event. */
export interface LiveObjectSource {
  context: string;
  /** Collection path the watch runs on (watches exist only on collections). */
  watchPath: string;
  /** Selectors for the watch (fieldSelector...); read after every load. */
  watchQuery(): Record<string, string>;
  /** resourceVersion of what the cache holds and may be resumed from; null when the cache must be loaded first. */
  cachedResourceVersion(): string | undefined | null;
  /** Loads into the cache (fresh: bypass it) and returns the resourceVersion to watch from (undefined: from now). */
  load(fresh: boolean): Promise<string | undefined>;
  /** Folds one ADDED/MODIFIED/DELETED event into the cache. */
  apply(event: WireWatchEvent): void;
}

export interface LiveObjectStatus {
  watchState: WatchState;
  /** Why the data is stale: the load or watch error. */
  problem: unknown;
}

type Phase = 'idle' | 'loading' | 'watching' | 'failed';

// Watch errors that asking again cannot fix (a viewer who may get but not watch, a bad selector).

/** Get + watch for one cached query; start/stop may be called repeatedly. */
export class LiveObjectController {
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  private phase: Phase = 'idle';
  private problem: unknown = null;
  private snapshot: LiveObjectStatus = { watchState: 'reconnecting', problem: null };
  private session = 0;
  private stopWatch: (() => void) | null = null;
  private stopConnectionListener: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private watchStartedAt = 0;
  private reloadTimes: number[] = [];
  private connection: ConnectionState;

  constructor(
    private readonly watchClient: WatchChannel,
    private readonly source: LiveObjectSource,
    now: () => number = Date.now,
  ) {
    this.now = now;
    this.connection = watchClient.getState();
  }

  getSnapshot = (): LiveObjectStatus => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  start(): void {
    this.stop();
    const session = ++this.session;
    this.connection = this.watchClient.getState();
    this.stopConnectionListener = this.watchClient.subscribeState(() => this.onConnectionChange(session));
    const cached = this.source.cachedResourceVersion();
    if (cached !== null) this.watchFrom(session, cached);
    else void this.load(session, false);
  }

  stop(): void {
    this.session++;
    this.stopWatch?.();
    this.stopWatch = null;
    this.stopConnectionListener?.();
    this.stopConnectionListener = null;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Get again now, then watch (the Retry button). */
  retry(): void {
    this.unwatch();
    void this.load(this.session, true);
  }

  private setPhase(phase: Phase, problem: unknown = null): void {
    this.phase = phase;
    this.problem = problem;
    let watchState: WatchState;
    if (phase === 'failed') watchState = 'stale';
    else if (phase === 'watching' && this.connection === 'open') watchState = 'live';
    else watchState = 'reconnecting';
    if (watchState === this.snapshot.watchState && problem === this.snapshot.problem) return;
    this.snapshot = { watchState, problem };
    for (const listener of [...this.listeners]) listener();
  }

  private onConnectionChange(session: number): void {
    if (session !== this.session) return;
    const previous = this.connection;
    this.connection = this.watchClient.getState();
    // Back after an outage: the socket resumed the watch, but get again so nothing the outage hid survives.
    if (previous === 'reconnecting' && this.connection === 'open' && this.phase === 'watching') this.reload();
    else this.setPhase(this.phase, this.problem);
  }

  private async load(session: number, fresh: boolean): Promise<void> {
    this.setPhase('loading');
    let resourceVersion: string | undefined;
    try {
      resourceVersion = await this.source.load(fresh);
    } catch (error) {
      if (session === this.session) this.setPhase('failed', error);
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
      { context: this.source.context, path: this.source.watchPath, query, as: 'Object' },
      (event) => this.onEvent(session, event),
      (status) => this.onClosed(session, status),
    );
    this.setPhase('watching');
  }

  private unwatch(): void {
    this.stopWatch?.();
    this.stopWatch = null;
  }

  private onEvent(session: number, event: WireWatchEvent): void {
    if (session !== this.session) return;
    if (event.type === 'BOOKMARK') return;
    if (event.type === 'ERROR') {
      // An ERROR event carries a Status (410 Expired when our resourceVersion was compacted away).
      const status = isKubeStatus(event.object) ? event.object : null;
      this.unwatch();
      if (status && TERMINAL_WATCH_CODES.has(status.code ?? 0)) this.setPhase('failed', errorFromStatus(status, 'WATCH', this.source.watchPath));
      else this.reload();
      return;
    }
    this.source.apply(event);
  }

  private onClosed(session: number, status: KubeStatus | null): void {
    if (session !== this.session) return;
    this.stopWatch = null;
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
    // 410 Expired/Gone, 504 too-large resourceVersion, 5xx: start over from a fresh get.
    this.reload();
  }

  private reload(): void {
    const session = this.session;
    this.unwatch();
    const { recent, delayMs: delay } = nextRestartDelay(this.reloadTimes, this.now());
    this.reloadTimes = recent;
    this.setPhase('loading');
    this.after(delay, () => void this.load(session, true));
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
