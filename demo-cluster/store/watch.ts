// Watch: initial/replayed events, live events from the store, bookmarks, timeouts; encoded as plain
// objects, Tables (columnDefinitions on the first event only) or PartialObjectMetadata. The transport
// (chunked HTTP or WebSocket) is a WatchSink.
import { expired, tooLargeResourceVersion } from '../http/errors.js';
import type { ObjectFilter } from './filters.js';
import { parseResourceVersion } from './list.js';
import type { Representation } from '../http/negotiate.js';
import { apiVersionOf, storageKey } from '../resources/registry.js';
import type { ResourceType } from '../resources/registry.js';
import type { Store, StoreEvent } from './store.js';
import { buildTable } from '../tables/table.js';
import type { IncludeObject } from '../tables/table.js';
import type { KubeObject, Status, WatchEventType } from '../resources/types.js';
import { cachedJson as encodedJson } from '../http/json-cache.js';
import { queryFlag } from '../http/query-bool.js';
import { streamingListOptions } from '../http/list-options.js';

/** Where watch events go: one call per event, already encoded. */
export interface WatchSink {
  /** Writes one encoded event; returns false when the client cannot keep up (the watch is then closed). */
  write(text: string): boolean;
  end(): void;
  /** Batches many writes (initial events) into few network writes. */
  batch?(fn: () => void): void;
}

export interface WatchOptions {
  type: ResourceType;
  store: Store;
  filter: ObjectFilter;
  query: URLSearchParams;
  representation: Representation;
  includeObject: IncludeObject;
  bookmarkIntervalMs: number;
}

export interface WatchSession {
  close(): void;
  readonly closed: boolean;
}

/** A session whose first close() runs `onClose` (later ones do nothing). */
export function closableSession(onClose: () => void): WatchSession {
  let closed = false;
  return {
    get closed() {
      return closed;
    },
    close() {
      if (closed) return;
      closed = true;
      onClose();
    },
  };
}

/** A validated watch request, ready to stream once the transport is up. */
export interface WatchPlan {
  start(sink: WatchSink, onEnd: () => void): WatchSession;
}

type Outgoing = { type: WatchEventType; object: KubeObject };

/** How long a streaming list waits for the store to reach a resourceVersion ahead of it (the cacher's 3 s). */
const FRESHNESS_WAIT_MS = 3000;

/** The last plain-JSON event encoded (fan-out calls encode once per watcher for the same event). */
let lastEvent: { object: object | undefined; type: string; text: string } = { object: undefined, type: '', text: '' };

/** Validates a watch request; throws an ApiError (answered as an HTTP error) before anything is streamed. */
export function planWatch(opts: WatchOptions): WatchPlan {
  const { store, type, query } = opts;
  const key = storageKey(type);
  const rvRaw = query.get('resourceVersion');
  const from = parseResourceVersion(rvRaw);
  const { sendInitialEvents } = streamingListOptions(query);
  const timeoutRaw = query.get('timeoutSeconds');
  const timeoutSeconds = timeoutRaw !== null && timeoutRaw !== '' ? Number(timeoutRaw) : undefined;
  // Without timeoutSeconds the apiserver ends a watch after a random 30-60 minutes (minRequestTimeout * [1,2)).
  const timeoutMs = timeoutSeconds !== undefined && Number.isFinite(timeoutSeconds) && timeoutSeconds > 0
    ? timeoutSeconds * 1000
    : (1800 + Math.random() * 1800) * 1000;
  const bookmarks = queryFlag(query, 'allowWatchBookmarks');

  return {
    start(sink, onEnd) {
      let firstTable = true;
      const timers: NodeJS.Timeout[] = [];
      let unsubscribe: () => void = () => undefined;

      const encode = (ev: Outgoing | { type: 'ERROR'; object: Status }): string => {
        if (ev.type === 'ERROR') return JSON.stringify(ev);
        const rep = opts.representation;
        if (rep.kind === 'table') {
          const apiVersion = `meta.k8s.io/${rep.version}`;
          // A bookmark's row always carries its object (the resourceVersion, the annotation), even for None.
          const includeObject = ev.type === 'BOOKMARK' && opts.includeObject === 'None' ? 'Metadata' : opts.includeObject;
          const table = buildTable(type, [ev.object], { resourceVersion: ev.object.metadata.resourceVersion ?? '' }, {
            includeObject,
            apiVersion,
            withColumns: firstTable,
          });
          firstTable = false;
          return JSON.stringify({ type: ev.type, object: table });
        }
        if (rep.kind === 'partial') {
          const head = `{"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/${rep.version}","metadata":`;
          return `{"type":"${ev.type}","object":${head}${encodedJson(ev.object.metadata)}}}`;
        }
        // One event reaches every watcher in a row: they share one string (and one encoded buffer).
        if (lastEvent.object !== ev.object || lastEvent.type !== ev.type) {
          lastEvent = { object: ev.object, type: ev.type, text: `{"type":"${ev.type}","object":${encodedJson(ev.object)}}` };
        }
        return lastEvent.text;
      };

      const session = closableSession(() => {
        unsubscribe();
        for (const t of timers) clearTimeout(t); // clearTimeout also clears intervals
        sink.end();
        onEnd();
      });

      const send = (ev: Outgoing | { type: 'ERROR'; object: Status }): void => {
        if (session.closed) return;
        if (!sink.write(encode(ev))) session.close();
      };

      const translate = (e: StoreEvent): Outgoing | undefined => {
        const now = opts.filter.matches(e.object);
        const before = e.prev !== undefined && opts.filter.matches(e.prev);
        // The watch cache turns selector transitions into ADDED/DELETED for the watcher.
        if (e.type === 'ADDED') return now ? { type: 'ADDED', object: e.object } : undefined;
        if (e.type === 'DELETED') return before ? { type: 'DELETED', object: e.object } : undefined;
        if (now && before) return { type: 'MODIFIED', object: e.object };
        if (now) return { type: 'ADDED', object: e.object };
        if (before) return { type: 'DELETED', object: e.object };
        return undefined;
      };

      const bookmarkObject = (extraAnnotations?: Record<string, string>): KubeObject => ({
        kind: type.kind,
        apiVersion: apiVersionOf(type),
        metadata: {
          resourceVersion: String(store.resourceVersion),
          ...(extraAnnotations ? { annotations: extraAnnotations } : {}),
        },
        ...structuredClone(type.zeroValue),
      });

      const currentState = (): Outgoing[] => {
        const c = store.collection(key);
        const out: Outgoing[] = [];
        for (const k of c.sortedKeys()) {
          const obj = c.objects.get(k);
          if (obj && opts.filter.matches(obj)) out.push({ type: 'ADDED', object: obj });
        }
        return out;
      };

      let initial: Outgoing[] = [];
      let replay: StoreEvent[] = [];
      if (sendInitialEvents === true) {
        // A streaming list: the state not older than resourceVersion, i.e. the current one.
        initial = currentState();
      } else if (from !== undefined && from > store.resourceVersion) {
        // A watch from a resourceVersion ahead of the store: 1.37 answers 200 and sends what comes after it.
      } else if (from === undefined || from === 0) {
        // sendInitialEvents=false starts from now; a classic watch (/watch/ path) sends what exists.
        if (sendInitialEvents === undefined) initial = currentState();
      } else {
        const events = store.collection(key).eventsAfter(from);
        if (events === undefined) {
          const oldest = store.collection(key).oldestWatchableRv();
          // Too old: the HTTP answer is 200, then one ERROR event, then the stream ends.
          sink.write(encode({ type: 'ERROR', object: expired(`too old resource version: ${from} (${oldest - 1})`).status }));
          session.close();
          return session;
        }
        replay = events;
      }

      const flush = (): void => {
        for (const ev of initial) send(ev);
        for (const e of replay) {
          const out = translate(e);
          if (out) send(out);
        }
        if (sendInitialEvents === true && bookmarks) {
          send({ type: 'BOOKMARK', object: bookmarkObject({ 'k8s.io/initial-events-end': 'true' }) });
        }
      };
      const stream = (): void => {
        if (sink.batch) sink.batch(flush);
        else flush();
        if (session.closed) return;
        unsubscribe = store.subscribe(key, (e) => {
          if (sendInitialEvents !== true && from !== undefined && Number(e.object.metadata.resourceVersion) <= from) return;
          const out = translate(e);
          if (out) send(out);
        });
        timers.push(setTimeout(() => session.close(), timeoutMs));
        if (bookmarks && opts.bookmarkIntervalMs > 0) {
          const interval = setInterval(() => send({ type: 'BOOKMARK', object: bookmarkObject() }), opts.bookmarkIntervalMs);
          timers.push(interval);
        }
      };

      if (sendInitialEvents === true && from !== undefined && from > store.resourceVersion) {
        // The watch cache waits for its state to reach resourceVersion; the demo's store never lags, so
        // only writes can get there. The wait outlasts timeoutSeconds, as the cacher's does.
        const requested = from;
        timers.push(setTimeout(() => {
          if (store.resourceVersion < requested) {
            sink.write(encode({ type: 'ERROR', object: tooLargeResourceVersion(requested, store.resourceVersion).status }));
            session.close();
            return;
          }
          initial = currentState();
          stream();
        }, FRESHNESS_WAIT_MS));
      } else {
        stream();
      }
      return session;
    },
  };
}
