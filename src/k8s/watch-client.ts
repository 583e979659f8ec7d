// The tab's one WebSocket to /-/ws: multiplexes watches by id, reconnects, resumes each from its last resourceVersion.
import {
  WS_PATH,
  type ClientMessage,
  type ServerMessage,
  type WatchRequest,
  type WireWatchEvent,
} from '../../wire/ws-protocol';
import { isKubeStatus, type KubeStatus } from './kube-status';
import { metadataOf } from './object-meta';
import { dropManagedFields, isTable } from './table';
import { watchLog, type WatchLog, type WatchLogEntry } from './watch-log';

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'reconnecting';

/** The part of the browser WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface WatchClientOptions {
  /** ws(s):// URL of the watch channel; defaults to /-/ws on the page's origin. */
  url?: string;
  createSocket?: (url: string) => SocketLike;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** Source of jitter in [0, 1). */
  random?: () => number;
  /** Where each watch is recorded for the request console; the tab's watchLog by default. */
  log?: WatchLog;
}

/** What to watch: the WatchRequest without op and id (the client assigns those). */
export type WatchParams = Omit<WatchRequest, 'op' | 'id'>;

export type WatchEventHandler = (event: WireWatchEvent) => void;
/** The watch ended for good: status is the Status the server reported, null for a normal close. */
export type WatchClosedHandler = (status: KubeStatus | null) => void;

interface ActiveWatch {
  params: WatchParams;
  onEvent: WatchEventHandler;
  onClosed: WatchClosedHandler;
  lastResourceVersion?: string;
  log: WatchLogEntry;
  /** Times sent on a socket: more than once means resumed after a reconnect. */
  subscriptions: number;
}

const OPEN = 1;
export const DEFAULT_MAX_BACKOFF_MS = 2000;

/** ws:// or wss:// URL of the watch channel on the page's own origin. */
export function defaultWatchUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${WS_PATH}`;
}

function isServerMessage(value: unknown): value is ServerMessage {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}

/** One WebSocket per tab multiplexing Kubernetes watches (ARCHITECTURE.md "The watch channel"). */
export class WatchClient {
  private readonly watches = new Map<string, ActiveWatch>();
  private readonly stateListeners = new Set<() => void>();
  private readonly url: string | undefined;
  private readonly createSocket: (url: string) => SocketLike;
  private readonly initialBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly random: () => number;
  private readonly log: WatchLog;
  private socket: SocketLike | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private nextId = 0;
  private disposed = false;
  private connectionState: ConnectionState = 'idle';

  constructor(options: WatchClientOptions = {}) {
    this.url = options.url;
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as SocketLike);
    this.initialBackoffMs = options.initialBackoffMs ?? 500;
    // The server is kubeglass on this machine: a handshake every 2 s costs nothing, and a restarted server is live
    // again within ~2 s of listening (a 15 s cap left lists stale for 11-14 s after a restart).
    this.maxBackoffMs = options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS;
    this.random = options.random ?? Math.random;
    this.log = options.log ?? watchLog;
  }

  /** Starts a watch; returns the function that stops it. Survives reconnects until closed or stopped. */
  watch(params: WatchParams, onEvent: WatchEventHandler, onClosed: WatchClosedHandler): () => void {
    const id = `w${++this.nextId}`;
    const log = this.log.open(params);
    const active: ActiveWatch = { params, onEvent, onClosed, lastResourceVersion: params.query?.resourceVersion, log, subscriptions: 0 };
    this.watches.set(id, active);
    if (this.socket?.readyState === OPEN) this.subscribe(id, active);
    else this.ensureConnecting();
    return () => {
      if (this.watches.get(id) !== active) return;
      this.watches.delete(id);
      log.closed({ by: 'app' });
      if (this.socket?.readyState === OPEN) this.send({ op: 'unwatch', id });
    };
  }

  getState = (): ConnectionState => this.connectionState;

  /** Subscribes to connection state changes (useSyncExternalStore-compatible). */
  subscribeState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  /** Skips the remaining backoff (e.g. when the browser comes back online). */
  reconnectNow(): void {
    if (this.reconnectTimer === null) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.connect();
  }

  /** Closes the socket and forgets every watch. */
  dispose(): void {
    this.disposed = true;
    for (const active of this.watches.values()) active.log.closed({ by: 'app' });
    this.watches.clear();
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'dispose');
    this.setState('idle');
  }

  private setState(next: ConnectionState): void {
    if (next === this.connectionState) return;
    this.connectionState = next;
    for (const listener of [...this.stateListeners]) listener();
  }

  private ensureConnecting(): void {
    if (this.disposed || this.socket || this.reconnectTimer !== null) return;
    this.connect();
  }

  private connect(): void {
    if (this.disposed) return;
    this.setState(this.attempt === 0 ? 'connecting' : 'reconnecting');
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.url ?? defaultWatchUrl());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.setState('open');
      for (const [id, active] of this.watches) this.subscribe(id, active);
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      this.receive(event.data);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.disposed) return;
      if (this.watches.size === 0) {
        this.attempt = 0;
        this.setState('idle');
        return;
      }
      this.scheduleReconnect();
    };
    // A failed socket also fires close, which does the work.
    socket.onerror = () => {};
  }

  private scheduleReconnect(): void {
    this.setState('reconnecting');
    // Exponential backoff with "equal jitter": half fixed, half random, so tabs don't reconnect in lockstep.
    const ceiling = Math.min(this.maxBackoffMs, this.initialBackoffMs * 2 ** this.attempt);
    const delay = ceiling / 2 + this.random() * (ceiling / 2);
    this.attempt++;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  private subscribe(id: string, active: ActiveWatch): void {
    const query = { ...active.params.query };
    // Resume where this watch left off: the server sends only what happened after that resourceVersion.
    if (active.lastResourceVersion !== undefined) query.resourceVersion = active.lastResourceVersion;
    if (active.subscriptions++ > 0) active.log.resubscribed();
    // batch: several events may share one message, so a storm costs the tab fewer tasks and parses.
    this.send({ op: 'watch', id, ...active.params, query, batch: true });
  }

  private send(message: ClientMessage): void {
    this.socket?.send(JSON.stringify(message));
  }

  private receive(data: string): void {
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (!isServerMessage(message)) return;
    const active = this.watches.get(message.id);
    if (!active) return;
    if ('closed' in message && message.closed) {
      this.watches.delete(message.id);
      const status = isKubeStatus(message.status) ? message.status : null;
      active.log.closed({ by: 'server', code: status?.code ?? null, reason: status?.reason ?? '', message: status?.message ?? '' });
      active.onClosed(status);
      return;
    }
    if ('events' in message && Array.isArray(message.events)) {
      for (const event of message.events) {
        // onEvent may close this watch (an ERROR event): the rest of the batch is not for it any more.
        if (this.watches.get(message.id) !== active) return;
        this.deliver(active, event);
      }
      return;
    }
    if (!('event' in message)) return;
    this.deliver(active, message.event);
  }

  private deliver(active: ActiveWatch, event: WireWatchEvent): void {
    // Decoded just now for this watch alone; a Table's rows go to a list, which never reads managedFields.
    if (isTable(event.object)) dropManagedFields(event.object.rows ?? []);
    if (event.type !== 'ERROR') {
      const rv = metadataOf(event.object)?.resourceVersion;
      if (typeof rv === 'string' && rv !== '') active.lastResourceVersion = rv;
      active.log.event(event.type, active.lastResourceVersion, null);
    } else active.log.event('ERROR', undefined, isKubeStatus(event.object) ? (event.object.code ?? null) : null);
    active.onEvent(event);
  }
}
