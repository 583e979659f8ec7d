// Opens requests to a context's API server with that context's credentials (certs, tokens, exec plugins,
// insecure-skip-tls-verify, proxy-url) via client-node's applyToHTTPSOptions, on plain node http/https.
import http, { type ClientRequest, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { ContextTarget } from './contexts.js';
import type { Person } from './person.js';
import { makeStatus, type KubeStatus } from './status.js';

export interface UpstreamRequestInit {
  method: string;
  /** Path and query relative to the API root, e.g. /api/v1/pods?watch=1. */
  pathAndQuery: string;
  /** Headers to send; credentials are added afterwards and always win. */
  headers: OutgoingHttpHeaders;
}

/**
 * Builds the http(s) request options for a context: URL joined with the server's path prefix, credentials applied:
 * the person's bearer token where they signed in (team mode, whose contexts hold no user), else the kubeconfig's.
 */
export async function upstreamRequestOptions(
  target: ContextTarget,
  init: UpstreamRequestInit,
  person?: Person,
): Promise<https.RequestOptions> {
  const { server } = target;
  const prefix = server.pathname.replace(/\/+$/, '');
  const options: https.RequestOptions = {
    protocol: server.protocol,
    hostname: server.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: server.port || (server.protocol === 'https:' ? 443 : 80),
    method: init.method,
    path: prefix + init.pathAndQuery,
    headers: { ...init.headers },
  };
  await target.kubeConfig.applyToHTTPSOptions(options);
  if (person?.bearer !== undefined) options.headers = { ...options.headers, authorization: `Bearer ${person.bearer}` };
  reuseKeepAliveAgent(target, options);
  return options;
}

const agents = new WeakMap<ContextTarget, { material: TlsMaterial; agent: http.Agent }>();

/** What an agent's connections are made with: a new agent when any of it changes. */
type TlsMaterial = readonly unknown[];

function tlsMaterialOf(target: ContextTarget, options: https.RequestOptions): TlsMaterial {
  return [target.server.protocol, options.ca, options.cert, options.key, options.pfx, options.passphrase, options.servername, options.rejectUnauthorized];
}

/** Equal strings and booleans, equal bytes (a file read again each request), equal lists of them. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Buffer.isBuffer(a) && Buffer.isBuffer(b)) return a.equals(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  return false;
}

/**
 * applyToHTTPSOptions makes a fresh agent per call, without keep-alive: every request would pay a new TCP and
 * TLS handshake. Reuse one keep-alive agent per context while its TLS material stays the same (exec plugins may
 * rotate client certificates). Clusters with proxy-url keep client-node's proxy agent. Compared as it is, not
 * hashed: a sha256 per request was ~60 us of each proxied request's ~1 ms in the proxy.
 */
function reuseKeepAliveAgent(target: ContextTarget, options: https.RequestOptions): void {
  if (target.kubeConfig.getCurrentCluster()?.proxyUrl) return;
  const material = tlsMaterialOf(target, options);
  let cached = agents.get(target);
  if (!cached || !sameValue(cached.material, material)) {
    // Drop idle sockets after 4 s, before servers with Node's default 5 s keep-alive timeout (the demo cluster)
    // close them, so a reused socket is never one the server is closing.
    const base = { keepAlive: true, timeout: 4000, scheduling: 'lifo' as const };
    const agent =
      target.server.protocol === 'https:'
        ? new https.Agent({
            ...base,
            ca: options.ca,
            cert: options.cert,
            key: options.key,
            pfx: options.pfx,
            passphrase: options.passphrase,
            servername: options.servername,
            ...(options.rejectUnauthorized !== undefined ? { rejectUnauthorized: options.rejectUnauthorized } : {}),
          })
        : new http.Agent(base);
    cached = { material, agent };
    agents.set(target, cached);
  }
  options.agent = cached.agent;
}

/** Starts a request to the context's API server (not yet ended: the caller writes or pipes the body). */
export async function openUpstreamRequest(target: ContextTarget, init: UpstreamRequestInit, person?: Person): Promise<ClientRequest> {
  const options = await upstreamRequestOptions(target, init, person);
  return target.server.protocol === 'https:' ? https.request(options) : http.request(options);
}

/**
 * Ends a request nobody waits for any more. A ClientRequest destroyed before its response emits 'error' (socket hang
 * up), which with no listener would end the process: the listener takes it.
 */
export function discardUpstreamRequest(request: ClientRequest): void {
  request.on('error', () => undefined);
  request.destroy();
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
]);

/** Maps a failure to reach the upstream into a Status: 503 when unreachable, 502 for TLS/protocol failures. */
export function upstreamErrorStatus(target: ContextTarget, error: unknown): KubeStatus {
  const err = error as NodeJS.ErrnoException;
  const where = `the API server of context "${target.info.name}" (${target.info.server})`;
  const detail = err.message || String(error);
  if (err.code && UNREACHABLE_CODES.has(err.code)) {
    return makeStatus(503, `kubeglass could not reach ${where}: ${detail}`, 'ServiceUnavailable');
  }
  return makeStatus(502, `kubeglass failed talking to ${where}: ${detail}`, 'InternalError');
}

/** Status for a failure to obtain credentials (exec plugin, unreadable cert file...). */
export function credentialErrorStatus(target: ContextTarget, error: unknown): KubeStatus {
  const detail = error instanceof Error ? error.message : String(error);
  return makeStatus(500, `kubeglass could not load the credentials of context "${target.info.name}": ${detail}`);
}

/**
 * The apiserver pretty-prints JSON for a User-Agent starting with Mozilla/5.0 (also curl, Wget): a browser's list
 * would cost twice the bytes and leave the server's fast path. The browser's agent is kept behind our own name,
 * so audit logs still tell who asked; curl and kubectl keep theirs.
 */
export function upstreamUserAgent(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const agent = headers['user-agent'];
  if (typeof agent !== 'string' || !agent.startsWith('Mozilla/')) return headers;
  return { ...headers, 'user-agent': `kubeglass (${agent})` };
}
