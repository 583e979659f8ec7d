// Fault injection for reliability tests (off unless enabled at start): per-route delays, 429 with
// Retry-After, 500/503 Statuses, dropped watch connections and forced compaction. Configured by
// start options or by the loopback-only, admin-only control endpoint /-/demo/faults.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { bearerToken } from '../auth/auth.js';
import type { Tokens } from '../auth/auth.js';
import { ApiError, badRequest, failure, methodNotAllowed } from '../http/errors.js';
import { sendError, sendObject } from '../http/respond.js';
import type { Store } from '../store/store.js';
import type { Status } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { queryFlag } from '../http/query-bool.js';

/** One rule: requests whose path (and method, if given) match get delayed and/or answered with an error. */
export interface FaultRule {
  /** Regular expression tested against the URL path (no query). */
  path: string;
  /** HTTP methods the rule applies to (default all). */
  methods?: string[];
  /** Delay before the request is handled (or before the injected error). */
  delayMs?: number;
  /** Injected answer instead of handling the request. */
  status?: 429 | 500 | 503;
  /** Retry-After (and details.retryAfterSeconds) of 429/503 answers; default 1 for 429. */
  retryAfterSeconds?: number;
  /** How many matching requests the rule affects; unlimited when absent. */
  times?: number;
}

export const FAULTS_PATH = '/-/demo/faults';

interface ActiveRule extends FaultRule {
  regex: RegExp;
  remaining: number;
}

function statusFor(rule: FaultRule): Status {
  const retry = rule.retryAfterSeconds ?? (rule.status === 429 ? 1 : undefined);
  const details = retry !== undefined ? { retryAfterSeconds: retry } : undefined;
  switch (rule.status) {
    case 429:
      return failure(429, 'TooManyRequests', 'Too many requests, please try again later.', details);
    case 503:
      return failure(503, 'ServiceUnavailable', 'The server is currently unable to handle the request', details);
    default:
      return failure(500, 'InternalError', 'Internal error occurred: injected fault', { causes: [{ message: 'injected fault' }] });
  }
}

function parseRule(raw: unknown): FaultRule {
  if (!isPlainObject(raw) || typeof raw.path !== 'string') throw badRequest('fault rule: "path" (a regular expression) is required');
  try {
    new RegExp(raw.path);
  } catch (e) {
    throw badRequest(`fault rule: invalid path regex: ${(e as Error).message}`);
  }
  const rule: FaultRule = { path: raw.path };
  if (Array.isArray(raw.methods)) rule.methods = raw.methods.map((m) => String(m).toUpperCase());
  if (typeof raw.delayMs === 'number' && raw.delayMs >= 0) rule.delayMs = raw.delayMs;
  if (raw.status !== undefined) {
    if (raw.status !== 429 && raw.status !== 500 && raw.status !== 503) throw badRequest('fault rule: status must be 429, 500 or 503');
    rule.status = raw.status;
  }
  if (typeof raw.retryAfterSeconds === 'number') rule.retryAfterSeconds = raw.retryAfterSeconds;
  if (typeof raw.times === 'number') rule.times = raw.times;
  return rule;
}

export function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

function isWatch(path: string, query: URLSearchParams): boolean {
  return queryFlag(query, 'watch') || /^\/apis?\/(.+\/)?watch\//.test(path);
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw badRequest(`json: ${(e as Error).message}`);
  }
}

/** The fault injector of one cluster. */
export class Faults {
  private rules: ActiveRule[] = [];
  private readonly watches = new Map<Socket, string>();

  constructor(
    private readonly store: Store,
    initial: FaultRule[] = [],
    /** True when the cluster listens on loopback only: then every client is local, TLS ones included. */
    private readonly listensOnLoopbackOnly = true,
  ) {
    this.setRules(initial);
  }

  /**
   * A TLS request's socket reports no address (the port speaks HTTP and TLS, so TLS runs over a stream that
   * http-server.ts hands over): it is local when the cluster listens on loopback only, else refused.
   */
  private isLocalClient(socket: Socket): boolean {
    const address = socket.remoteAddress;
    return address !== undefined ? isLoopback(address) : this.listensOnLoopbackOnly;
  }

  /** Replaces the rules. */
  setRules(rules: FaultRule[]): void {
    this.rules = rules.map((r) => ({ ...r, regex: new RegExp(r.path), remaining: r.times ?? Infinity }));
  }

  /** The rules in effect (remaining counts included). */
  listRules(): (FaultRule & { remaining?: number })[] {
    return this.rules.map(({ regex: _r, remaining, ...rule }) => (Number.isFinite(remaining) ? { ...rule, remaining } : rule));
  }

  /** Destroys the connections of open watches whose path matches (all when no regex): no final chunk, like a dropped TCP connection. */
  dropWatches(pathRegex?: string): number {
    const re = pathRegex !== undefined ? new RegExp(pathRegex) : undefined;
    let n = 0;
    for (const [socket, path] of [...this.watches]) {
      if (re && !re.test(path)) continue;
      socket.destroy();
      this.watches.delete(socket);
      n++;
    }
    return n;
  }

  /** Forgets every collection's event history: resuming from an older resourceVersion gets 410 Gone. */
  compact(): number {
    return this.store.compact();
  }

  /**
   * Runs before routing. Returns true when the request was answered here (control endpoint or an
   * injected error); otherwise the request continues after any delay.
   */
  /** Whether a GET of the path would be answered with an injected error (without using up the rule). */
  failsGet(path: string): boolean {
    return this.rules.some((r) => r.remaining > 0 && r.status !== undefined && r.regex.test(path) && (!r.methods || r.methods.includes('GET')));
  }

  async intercept(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams, tokens: Tokens): Promise<boolean> {
    if (path === FAULTS_PATH || path.startsWith(`${FAULTS_PATH}/`)) {
      try {
        await this.control(req, res, path, tokens);
      } catch (err) {
        sendError(req, res, err, query);
      }
      return true;
    }
    const method = req.method ?? 'GET';
    const rule = this.rules.find((r) => r.remaining > 0 && r.regex.test(path) && (!r.methods || r.methods.includes(method)));
    if (rule) {
      rule.remaining--;
      if (rule.delayMs !== undefined && rule.delayMs > 0) await new Promise((r) => setTimeout(r, rule.delayMs));
      if (rule.status !== undefined) {
        sendError(req, res, new ApiError(statusFor(rule)), query);
        return true;
      }
    }
    if (method === 'GET' && isWatch(path, query)) {
      const socket = req.socket;
      this.watches.set(socket, path);
      res.on('close', () => this.watches.delete(socket));
    }
    return false;
  }

  private async control(req: IncomingMessage, res: ServerResponse, path: string, tokens: Tokens): Promise<void> {
    if (!this.isLocalClient(req.socket)) throw new ApiError(failure(403, 'Forbidden', 'the fault injection endpoint only answers loopback clients', {}));
    const token = bearerToken(req.headers);
    if (token === undefined || token !== tokens.admin) throw new ApiError(failure(403, 'Forbidden', 'the fault injection endpoint needs the admin token', {}));
    const action = path.slice(FAULTS_PATH.length);
    const method = req.method ?? 'GET';
    if (action === '' || action === '/') {
      // The open watches let a test wait for one before it cuts it (a watch opens after its list).
      if (method === 'GET') return sendObject(req, res, 200, { rules: this.listRules(), watches: [...this.watches.values()] });
      if (method === 'DELETE') {
        this.setRules([]);
        return sendObject(req, res, 200, { rules: [] });
      }
      if (method === 'POST' || method === 'PUT') {
        const body = await readJson(req);
        const raw = isPlainObject(body) && Array.isArray(body.rules) ? body.rules : Array.isArray(body) ? body : undefined;
        if (!raw) throw badRequest('expected {"rules": [...]}');
        this.setRules(raw.map(parseRule));
        return sendObject(req, res, 200, { rules: this.listRules() });
      }
      throw methodNotAllowed();
    }
    if (method !== 'POST') throw methodNotAllowed();
    const body = await readJson(req);
    if (action === '/drop-watches') {
      const regex = isPlainObject(body) && typeof body.path === 'string' ? body.path : undefined;
      return sendObject(req, res, 200, { dropped: this.dropWatches(regex) });
    }
    if (action === '/compact') return sendObject(req, res, 200, { compactedThrough: this.compact() });
    throw new ApiError(failure(404, 'NotFound', `unknown fault action ${action}`, {}));
  }
}
