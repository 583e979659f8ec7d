// /-/ws: one WebSocket per browser tab multiplexing Kubernetes watches (wire/ws-protocol.ts). Each watch is an
// upstream chunked-HTTP watch whose events are relayed unchanged; bad input closes only the watch it names.
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { apiPathProblem } from './api-path.js';
import { upgradeBodyProblem } from './body-framing.js';
import { TABLE_ACCEPT, type WatchAs, type WatchRequest } from '../wire/ws-protocol.js';
import type { ContextRegistry, ContextTarget } from './contexts.js';
import { collectErrorBody } from './error-body.js';
import { makeStatus, sendStatusOnSocket, statusFromErrorBody, type KubeStatus } from './status.js';
import type { ClientLimits, ReleaseSlot } from './client-limits.js';
import { kubeconfigPerson, type Person } from './person.js';
import { credentialErrorStatus, discardUpstreamRequest, openUpstreamRequest, upstreamErrorStatus } from './upstream.js';
import { WatchStreamParser } from './watch-stream-parser.js';

export interface WatchMultiplexerOptions {
  contexts: ContextRegistry;
  /** Pause upstream reading when the socket has more than this many bytes queued (default 4 MiB). */
  highWaterMark?: number;
  /** Resume once the queue is below this (default 1 MiB). */
  lowWaterMark?: number;
  /** Ping interval; a client that missed the previous pong is dropped (default 30 s). */
  pingIntervalMs?: number;
  /** How often a congested socket is re-checked (default 20 ms). */
  drainPollMs?: number;
  /** Most concurrent watches on one socket (default 500). */
  maxWatchesPerSocket?: number;
  /** Told when a socket's upstream reads pause (true) or resume (false), so flow control can be observed. */
  onCongestion?: (congested: boolean) => void;
  /** Watches across all sockets of one person (alone: of one client address) (default: unlimited). */
  clientLimits?: ClientLimits;
}

const MAX_ID_LENGTH = 256;
/** Characters allowed in a watch path (RFC 3986 path characters); query parameters go in `query`. */
const PATH_PATTERN = /^\/[A-Za-z0-9\-._~%!$&'()*+,;=:@/]*$/;

/** Validates one client message; returns the parsed request or the 400 Status plus the id it concerns. */
export function parseClientMessage(
  data: string,
): { op: 'watch'; request: WatchRequest } | { op: 'unwatch'; id: string } | { error: KubeStatus; id: string } {
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return { id: '', error: makeStatus(400, 'invalid message on /-/ws: not JSON') };
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return { id: '', error: makeStatus(400, 'invalid message on /-/ws: expected a JSON object') };
  }
  const fields = message as Record<string, unknown>;
  const { id, op } = fields;
  if (typeof id !== 'string' || id === '' || id.length > MAX_ID_LENGTH) {
    return { id: '', error: makeStatus(400, `invalid message on /-/ws: "id" must be a non-empty string of at most ${MAX_ID_LENGTH} characters`) };
  }
  const bad = (why: string) => ({ id, error: makeStatus(400, `invalid ${String(op)} message "${id}" on /-/ws: ${why}`) });
  if (op === 'unwatch') return { op, id };
  if (op !== 'watch') return bad('"op" must be "watch" or "unwatch"');
  const { context, path, query, as, batch } = fields;
  if (typeof context !== 'string' || context === '') return bad('"context" must be a non-empty string');
  if (typeof path !== 'string' || !PATH_PATTERN.test(path)) {
    return bad('"path" must be an API path starting with "/" without query string (put parameters in "query")');
  }
  const pathProblem = apiPathProblem(path);
  if (pathProblem !== null) return bad(`"path": ${pathProblem}`);
  if (query !== undefined && (typeof query !== 'object' || query === null || Array.isArray(query))) {
    return bad('"query" must be an object of strings');
  }
  const queryEntries = Object.entries((query ?? {}) as Record<string, unknown>);
  if (queryEntries.some(([, value]) => typeof value !== 'string')) return bad('"query" values must be strings');
  if (as !== undefined && as !== 'Table' && as !== 'Object') return bad('"as" must be "Table" or "Object"');
  if (batch !== undefined && typeof batch !== 'boolean') return bad('"batch" must be true or false');
  const request: WatchRequest = { op, id, context, path, query: Object.fromEntries(queryEntries) as Record<string, string> };
  if (as !== undefined) request.as = as as WatchAs;
  if (batch === true) request.batch = true;
  return { op, request };
}

/** Upstream path+query for a watch request: its query plus watch=1. */
export function watchPathAndQuery(request: WatchRequest): string {
  const params = new URLSearchParams(request.query ?? {});
  params.set('watch', '1');
  return `${request.path}?${params.toString()}`;
}

interface ActiveWatch {
  id: string;
  request?: ClientRequest;
  response?: IncomingMessage;
  done: boolean;
  /** The client takes {"id","events":[...]}: the events that arrive within one event-loop turn leave in one frame. */
  batch: boolean;
  /** Batched event lines waiting for the end of this turn. */
  pending: string[];
  /** Gives the watch's slot of its client's limit back. */
  release: ReleaseSlot;
}

/** The close code of a socket whose person's token expired (application range 4000-4999). */
export const TOKEN_EXPIRED_CLOSE_CODE = 4401;
const MAX_TIMER_MS = 2 ** 31 - 1;

type SessionOptions = Required<Omit<WatchMultiplexerOptions, 'clientLimits'>> & Pick<WatchMultiplexerOptions, 'clientLimits'>;

/** One /-/ws connection: its watches, keepalive and backpressure. */
class WatchSession {
  private readonly watches = new Map<string, ActiveWatch>();
  private congested = false;
  private drainTimer: NodeJS.Timeout | undefined;
  private flushTimer: NodeJS.Immediate | undefined;
  private readonly pingTimer: NodeJS.Timeout;
  private alive = true;

  constructor(
    private readonly ws: WebSocket,
    private readonly options: SessionOptions,
    private readonly person: Person,
  ) {
    ws.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    ws.on('pong', () => {
      this.alive = true;
    });
    ws.on('close', () => this.dispose());
    ws.on('error', () => ws.terminate());
    this.pingTimer = setInterval(() => {
      if (!this.alive) {
        ws.terminate();
        return;
      }
      this.alive = false;
      ws.ping();
    }, options.pingIntervalMs);
    this.pingTimer.unref();
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    if (isBinary) {
      this.sendClosed('', makeStatus(400, 'invalid message on /-/ws: binary frames are not accepted'));
      return;
    }
    const parsed = parseClientMessage(rawDataToString(data));
    if ('error' in parsed) {
      // A bad message about an open watch still ends that watch: never leave one running the client gave up on.
      this.abortWatch(parsed.id);
      this.sendClosed(parsed.id, parsed.error);
      return;
    }
    if (parsed.op === 'unwatch') {
      // The client asked: nothing more is sent for this id (not even "closed").
      this.abortWatch(parsed.id);
      return;
    }
    this.startWatch(parsed.request);
  }

  private startWatch(request: WatchRequest): void {
    const { id } = request;
    if (this.watches.has(id)) {
      this.abortWatch(id);
      this.sendClosed(id, makeStatus(400, `duplicate watch id "${id}" on /-/ws: the earlier watch with this id is closed too`));
      return;
    }
    const target = this.options.contexts.get(request.context);
    if (!target) {
      this.sendClosed(id, makeStatus(400, `unknown context "${request.context}"`));
      return;
    }
    if (this.watches.size >= this.options.maxWatchesPerSocket) {
      this.sendClosed(id, makeStatus(429, `too many watches on one /-/ws socket (limit ${this.options.maxWatchesPerSocket})`));
      return;
    }
    const slot = this.options.clientLimits?.acquire('watches', this.person.limitKey) ?? (() => undefined);
    if (typeof slot !== 'function') {
      this.sendClosed(id, slot);
      return;
    }
    const watch: ActiveWatch = { id, done: false, batch: request.batch === true, pending: [], release: slot };
    this.watches.set(id, watch);
    void this.openUpstream(watch, target, request);
  }

  private async openUpstream(watch: ActiveWatch, target: ContextTarget, request: WatchRequest): Promise<void> {
    let upstream: ClientRequest;
    try {
      upstream = await openUpstreamRequest(target, {
        method: 'GET',
        pathAndQuery: watchPathAndQuery(request),
        headers: { accept: request.as === 'Table' ? TABLE_ACCEPT : 'application/json', 'user-agent': 'kubeglass' },
      }, this.person);
    } catch (error) {
      this.finish(watch, credentialErrorStatus(target, error));
      return;
    }
    if (watch.done) {
      discardUpstreamRequest(upstream);
      return;
    }
    watch.request = upstream;
    upstream.on('error', (error) => this.finish(watch, upstreamErrorStatus(target, error)));
    upstream.on('response', (response) => {
      watch.response = response;
      const code = response.statusCode ?? 502;
      if (code < 200 || code > 299) {
        this.relayError(watch, response, code);
        return;
      }
      if (this.congested) response.pause();
      const parser = new WatchStreamParser();
      response.on('data', (chunk: Buffer) => {
        let lines: string[];
        try {
          lines = parser.push(chunk);
        } catch (error) {
          this.finish(watch, makeStatus(502, `watch ${watch.id}: ${(error as Error).message}`));
          return;
        }
        this.relayEvents(watch, lines);
      });
      response.on('end', () => {
        this.relayEvents(watch, parser.end());
        this.finish(watch, null);
      });
      response.on('error', (error) => this.finish(watch, upstreamErrorStatus(target, error)));
      response.on('aborted', () =>
        this.finish(watch, makeStatus(503, `the watch connection to context "${target.info.name}" was lost`, 'ServiceUnavailable')),
      );
    });
    upstream.end();
  }

  private relayEvents(watch: ActiveWatch, lines: string[]): void {
    for (const line of lines) {
      if (watch.done) return;
      let event: unknown;
      try {
        event = JSON.parse(line);
      } catch {
        event = undefined;
      }
      if (typeof event !== 'object' || event === null || typeof (event as { type?: unknown }).type !== 'string') {
        this.finish(watch, makeStatus(502, `watch ${watch.id}: the upstream sent something that is not a watch event`));
        return;
      }
      // The line is valid JSON: splice it in verbatim instead of re-serializing the (possibly large) object.
      if (watch.batch) {
        watch.pending.push(line);
        this.flushSoon();
      } else this.send(`{"id":${JSON.stringify(watch.id)},"event":${line}}`);
    }
    this.checkBackpressure();
  }

  /**
   * Batched watches send what arrived during this event-loop turn as one frame (kube-apiserver flushes each
   * event by itself): in a storm the tab handles one message, one task and one parse per few events.
   */
  private flushSoon(): void {
    this.flushTimer ??= setImmediate(() => {
      this.flushTimer = undefined;
      for (const watch of this.watches.values()) this.flushPending(watch);
      this.checkBackpressure();
    });
  }

  private flushPending(watch: ActiveWatch): void {
    if (watch.pending.length === 0) return;
    const lines = watch.pending;
    watch.pending = [];
    this.send(`{"id":${JSON.stringify(watch.id)},"events":[${lines.join(',')}]}`);
  }

  private relayError(watch: ActiveWatch, response: IncomingMessage, code: number): void {
    collectErrorBody(response, (body) => this.finish(watch, statusFromErrorBody(code, body.toString('utf8'), response.headers['content-type'])));
    response.on('error', () => this.finish(watch, makeStatus(code, `the server responded with HTTP ${code}`)));
  }

  /** Ends a watch once: removes it, aborts upstream, tells the client why. */
  private finish(watch: ActiveWatch, status: unknown): void {
    if (watch.done) return;
    watch.done = true;
    watch.release();
    if (this.watches.get(watch.id) === watch) this.watches.delete(watch.id);
    watch.request?.destroy();
    watch.response?.destroy();
    // Events that arrived before the end still go first.
    this.flushPending(watch);
    this.sendClosed(watch.id, status);
  }

  private abortWatch(id: string): void {
    const watch = this.watches.get(id);
    if (!watch) return;
    watch.done = true;
    watch.release();
    this.watches.delete(id);
    watch.request?.destroy();
    watch.response?.destroy();
  }

  private sendClosed(id: string, status: unknown): void {
    this.send(JSON.stringify({ id, closed: true, status }));
  }

  private send(message: string): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(message);
  }

  /** Pauses every upstream read while the socket's send queue is above the high-water mark. */
  private checkBackpressure(): void {
    if (this.congested || this.ws.bufferedAmount <= this.options.highWaterMark) return;
    this.congested = true;
    for (const watch of this.watches.values()) watch.response?.pause();
    this.options.onCongestion(true);
    this.drainTimer = setInterval(() => {
      if (this.ws.bufferedAmount > this.options.lowWaterMark) return;
      clearInterval(this.drainTimer);
      this.drainTimer = undefined;
      this.congested = false;
      for (const watch of this.watches.values()) watch.response?.resume();
      this.options.onCongestion(false);
    }, this.options.drainPollMs);
  }

  /** Socket gone: abort every upstream watch. */
  dispose(): void {
    clearInterval(this.pingTimer);
    clearInterval(this.drainTimer);
    if (this.flushTimer !== undefined) clearImmediate(this.flushTimer);
    for (const id of [...this.watches.keys()]) this.abortWatch(id);
  }
}

function rawDataToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/** The /-/ws endpoint: accepts upgrades (already security-checked by the caller) and runs one session per socket. */
export class WatchMultiplexer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 });
  private readonly options: SessionOptions;
  private readonly sessions = new Set<WatchSession>();

  constructor(options: WatchMultiplexerOptions) {
    this.options = {
      highWaterMark: 4 * 1024 * 1024,
      lowWaterMark: 1024 * 1024,
      pingIntervalMs: 30_000,
      drainPollMs: 20,
      maxWatchesPerSocket: 500,
      onCongestion: () => undefined,
      ...options,
    };
  }

  /** Completes the WebSocket handshake and starts serving `person`'s watches on the socket (with their credentials). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, person: Person = kubeconfigPerson(req)): void {
    const bodyProblem = upgradeBodyProblem(req);
    if (bodyProblem !== null) {
      sendStatusOnSocket(socket, bodyProblem);
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const session = new WatchSession(ws, this.options, person);
      this.sessions.add(session);
      // Watches never outlive the token they were opened with: the app reconnects with its renewed session and
      // resumes each watch from its last resourceVersion.
      const expiry = person.expiresAt === undefined ? undefined : setTimeout(() => ws.close(TOKEN_EXPIRED_CLOSE_CODE, "the signed-in person's token expired"), Math.min(Math.max(0, person.expiresAt - Date.now()), MAX_TIMER_MS));
      expiry?.unref();
      ws.on('close', () => {
        clearTimeout(expiry);
        this.sessions.delete(session);
      });
    });
  }

  /** Aborts every upstream watch and closes every socket ("going away"), terminating those that do not close within 1 s. */
  async close(): Promise<void> {
    for (const session of this.sessions) session.dispose();
    const clients = [...this.wss.clients];
    await Promise.all(
      clients.map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === ws.CLOSED) {
              resolve();
              return;
            }
            const timer = setTimeout(() => ws.terminate(), 1000);
            ws.once('close', () => {
              clearTimeout(timer);
              resolve();
            });
            ws.close(1001, 'kubeglass is shutting down');
          }),
      ),
    );
    this.wss.close();
  }
}
