// Every watch the tab's WatchClient ran, for the request console: a bounded log, no React, published at most
// every THROTTLE_MS so a storm of events costs a counter increment each, not a render each.
import type { WatchAs, WireWatchEvent } from '../../wire/ws-protocol.js';

export const WATCH_LOG_CAPACITY = 500;
export const WATCH_LOG_THROTTLE_MS = 250;

export type WatchEventType = WireWatchEvent['type'];

/** How a watch ended: the app unwatched it, or the server closed it (with the Status it sent, if any). */
export type WatchEnd =
  | { by: 'app' }
  | { by: 'server'; code: number | null; reason: string; message: string };

export interface RecordedWatch {
  id: number;
  context: string;
  /** Collection path, without query. */
  path: string;
  /** The query first sent (labelSelector, fieldSelector, allowWatchBookmarks...), resourceVersion included. */
  query: Readonly<Record<string, string>>;
  as: WatchAs;
  /** resourceVersion the watch started from; null: from now. */
  startResourceVersion: string | null;
  /** The last resourceVersion an event carried (what a reconnect resumes from). */
  lastResourceVersion: string | null;
  /** Epoch milliseconds. */
  startedAt: number;
  /** Epoch milliseconds; null while open. */
  endedAt: number | null;
  events: Readonly<Record<WatchEventType, number>>;
  /** Times the watch was sent again on a new socket after the previous one dropped. */
  reconnects: number;
  /** 410 Gone/Expired answers (ERROR event or close), each of which sends the app back to a fresh list. */
  expired: number;
  /** null while open. */
  end: WatchEnd | null;
}

/** What the WatchClient tells the log about one watch. */
export interface WatchLogEntry {
  /** An event arrived; resourceVersion as the object carried it, the code of an ERROR event's Status. */
  event(type: WatchEventType, resourceVersion: string | undefined, statusCode: number | null): void;
  /** Sent again on a new socket (resuming from the last resourceVersion). */
  resubscribed(): void;
  closed(end: WatchEnd): void;
}

export interface WatchStart {
  context: string;
  path: string;
  query?: Record<string, string>;
  as?: WatchAs;
}

export interface WatchLog {
  open(start: WatchStart): WatchLogEntry;
  /** Newest first; a new array after each publication, so it can be compared by identity. */
  getSnapshot: () => readonly RecordedWatch[];
  subscribe: (listener: () => void) => () => void;
  /** Forgets ended watches; open ones stay (they are still running). */
  clear: () => void;
}

export interface WatchLogOptions {
  capacity?: number;
  throttleMs?: number;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type LiveWatch = Mutable<RecordedWatch> & { events: Record<WatchEventType, number> };

const isGone = (code: number | null | undefined) => code === 410;

/** A log of the last `capacity` watches with a useSyncExternalStore-shaped API. */
export function createWatchLog(options: WatchLogOptions = {}): WatchLog {
  const capacity = options.capacity ?? WATCH_LOG_CAPACITY;
  const throttleMs = options.throttleMs ?? WATCH_LOG_THROTTLE_MS;
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  let nextId = 1;
  // Oldest first; the live objects are mutated in place and copied only when published.
  let watches: LiveWatch[] = [];
  let snapshot: readonly RecordedWatch[] = [];
  const copies = new WeakMap<LiveWatch, RecordedWatch>();
  const dirty = new Set<LiveWatch>();
  const listeners = new Set<() => void>();
  let scheduled = false;

  const publish = () => {
    scheduled = false;
    const next: RecordedWatch[] = [];
    for (let i = watches.length - 1; i >= 0; i--) {
      const live = watches[i]!;
      let copy = copies.get(live);
      if (!copy || dirty.has(live)) {
        copy = { ...live, events: { ...live.events } };
        copies.set(live, copy);
      }
      next.push(copy);
    }
    dirty.clear();
    snapshot = next;
    for (const listener of [...listeners]) listener();
  };
  const changed = (live: LiveWatch) => {
    dirty.add(live);
    if (scheduled) return;
    scheduled = true;
    setTimer(publish, throttleMs);
  };

  return {
    open: ({ context, path, query = {}, as = 'Object' }) => {
      const live: LiveWatch = {
        id: nextId++,
        context,
        path,
        query: { ...query },
        as,
        startResourceVersion: query.resourceVersion || null,
        lastResourceVersion: query.resourceVersion || null,
        startedAt: now(),
        endedAt: null,
        events: { ADDED: 0, MODIFIED: 0, DELETED: 0, BOOKMARK: 0, ERROR: 0 },
        reconnects: 0,
        expired: 0,
        end: null,
      };
      watches.push(live);
      if (watches.length > capacity) watches = watches.slice(watches.length - capacity);
      changed(live);
      return {
        event: (type, resourceVersion, statusCode) => {
          // The type comes off the wire: an unknown one is not counted rather than counted as NaN.
          if (!Object.hasOwn(live.events, type)) return;
          live.events[type]++;
          if (resourceVersion) live.lastResourceVersion = resourceVersion;
          if (type === 'ERROR' && isGone(statusCode)) live.expired++;
          changed(live);
        },
        resubscribed: () => {
          live.reconnects++;
          changed(live);
        },
        closed: (end) => {
          if (live.end) return;
          live.end = end;
          live.endedAt = now();
          if (end.by === 'server' && isGone(end.code)) live.expired++;
          changed(live);
        },
      };
    },
    getSnapshot: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear: () => {
      watches = watches.filter((w) => w.end === null);
      publish();
    },
  };
}

/** The SPA's one watch log, fed by the tab's WatchClient. */
export const watchLog = createWatchLog();
