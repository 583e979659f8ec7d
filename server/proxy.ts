// /k8s/{context}/{API path}: a transparent, streaming proxy to the context's API server. The browser's (or
// kubectl's) own credentials are never forwarded; the context's kubeconfig credentials are, or in team mode the
// signed-in person's bearer token.
import type { ClientRequest, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { apiPathProblem } from './api-path.js';
import { requestBodyFraming, upgradeBodyProblem, type BodyFraming } from './body-framing.js';
import type { ContextRegistry, ContextTarget } from './contexts.js';
import { collectErrorBody } from './error-body.js';
import { forwardedAcceptEncoding } from './hop-encoding.js';
import type { ListPageCache, KeptPage } from './list-pages/page-cache.js';
import type { PageReadAhead } from './list-pages/read-ahead.js';
import type { Person } from './person.js';
import { PROXY_CONTENT_SECURITY_POLICY } from './security.js';
import { makeStatus, sendStatus, sendStatusOnSocket, type KubeStatus } from './status.js';
import { isStream } from './stream-path.js';
import { credentialErrorStatus, discardUpstreamRequest, openUpstreamRequest, upstreamErrorStatus, upstreamUserAgent } from './upstream.js';

export const PROXY_PREFIX = '/k8s/';

/**
 * Request headers forwarded upstream. Everything else (Cookie, Authorization, Origin, Impersonate-*...) is dropped.
 * Transfer-Encoding is set by kubeglass itself (see body-framing), never copied.
 */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-encoding',
  'content-type',
  'content-length',
  'content-encoding',
  'if-none-match',
  'if-match',
  'if-modified-since',
  'user-agent',
] as const;

/** An upgrade has no body, so none of the headers describing one. */
const FORWARDED_UPGRADE_REQUEST_HEADERS = FORWARDED_REQUEST_HEADERS.filter((name) => !name.startsWith('content-'));

/** Response headers relayed back to the client. Cache-Control is not: every /k8s/ response is no-store (see below). */
const RELAYED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'warning',
  'retry-after',
  'etag',
  'vary',
  'last-modified',
  'audit-id',
] as const;

/** Headers a WebSocket/SPDY upgrade needs on top of the ordinary ones. */
const FORWARDED_UPGRADE_HEADERS = [
  'sec-websocket-key',
  'sec-websocket-version',
  'sec-websocket-extensions',
  'x-stream-protocol-version',
] as const;

/**
 * The only headers of an upstream's 101 the browser gets, as they are spelled there: what the WebSocket handshake
 * checks, and the channel protocol kubectl's SPDY exec and port-forward agree on. No Set-Cookie reaches our origin.
 */
const RELAYED_UPGRADE_HEADERS = {
  upgrade: 'Upgrade',
  connection: 'Connection',
  'sec-websocket-accept': 'Sec-WebSocket-Accept',
  'sec-websocket-protocol': 'Sec-WebSocket-Protocol',
  'sec-websocket-extensions': 'Sec-WebSocket-Extensions',
  'x-stream-protocol-version': 'X-Stream-Protocol-Version',
} as const;

/** A header value that stays on its line: no CR, LF or other control character but tab. */
const SAFE_HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Until upstream response headers arrive; a watch gets its headers at once, so this never cuts a watch. */
const UPSTREAM_HEADERS_TIMEOUT_MS = 60_000;

export interface ProxyTarget {
  target: ContextTarget;
  /** Path and query to request upstream, relative to the API root. */
  pathAndQuery: string;
}

/** Resolves /k8s/{context}/{path} (context URL-encoded) to a context and an upstream path, or a Status explaining why not. */
export function resolveProxyTarget(url: string, contexts: ContextRegistry): ProxyTarget | KubeStatus {
  const rest = url.slice(PROXY_PREFIX.length);
  const end = rest.search(/[/?]/);
  const encodedName = end === -1 ? rest : rest.slice(0, end);
  let pathAndQuery = end === -1 ? '/' : rest.slice(end);
  if (pathAndQuery.startsWith('?')) pathAndQuery = `/${pathAndQuery}`;
  let name: string;
  try {
    name = decodeURIComponent(encodedName);
  } catch {
    return makeStatus(400, `invalid context name in URL: ${encodedName}`);
  }
  const target = contexts.get(name);
  if (!target) {
    return makeStatus(404, `kubeglass has no context named "${name}"`, 'NotFound');
  }
  const problem = apiPathProblem(pathAndQuery.split('?', 1)[0] ?? '');
  if (problem !== null) return makeStatus(400, problem);
  return { target, pathAndQuery };
}

/** Copies the named headers, keeping repeated ones as separate lines (X-Stream-Protocol-Version lists several). */
function pickHeaders(req: IncomingMessage, names: readonly string[]): OutgoingHttpHeaders {
  const picked: OutgoingHttpHeaders = {};
  for (const name of names) {
    const values = req.headersDistinct[name];
    if (values !== undefined) picked[name] = values.length === 1 ? values.join('') : values;
  }
  return picked;
}

function withAcceptEncoding(headers: OutgoingHttpHeaders, acceptEncoding: string): OutgoingHttpHeaders {
  if (acceptEncoding === '') return headers;
  return { ...headers, 'accept-encoding': acceptEncoding };
}

/** Rewrites an upstream redirect (e.g. /openapi/v3 stale hash -> 301) so it stays inside /k8s/{context}. */
function rewriteLocation(location: string, target: ContextTarget): string {
  let url: URL;
  try {
    url = new URL(location, target.server);
  } catch {
    return location;
  }
  if (url.origin !== target.server.origin) return location;
  const prefix = target.server.pathname.replace(/\/+$/, '');
  const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname;
  return `${PROXY_PREFIX}${encodeURIComponent(target.info.name)}${path}${url.search}`;
}


/**
 * Proxies one HTTP request; streams the upstream body back unbuffered and aborts upstream when the client goes away.
 * A list's page may already be on its way (`ahead.answers`): asked once the page before was relayed (list-pages/read-ahead).
 */
export async function proxyHttpRequest(
  req: IncomingMessage,
  res: ServerResponse,
  contexts: ContextRegistry,
  person: Person,
  ahead?: { answers: ListPageCache; readAhead: PageReadAhead },
): Promise<void> {
  res.setHeader('Content-Security-Policy', PROXY_CONTENT_SECURITY_POLICY);
  // The cluster says `no-cache, private`, which still lets a browser keep a Secret's body in its disk cache.
  res.setHeader('Cache-Control', 'no-store');
  const framing = requestBodyFraming(req);
  if (typeof framing !== 'string') {
    // The client's framing is in doubt: nothing more is read from its connection.
    sendStatus(res, framing, { Connection: 'close' });
    return;
  }
  const resolved = resolveProxyTarget(req.url ?? '/', contexts);
  if ('kind' in resolved) {
    sendStatus(res, resolved);
    return;
  }
  const { target, pathAndQuery } = resolved;
  // A page asked before this write may not show it.
  if (req.method !== 'GET' && req.method !== 'HEAD') ahead?.answers.dropWritten(target.info.name, pathAndQuery);
  const claimed = await (ahead?.answers.claim(target, pathAndQuery, req, person) ?? null);
  if (claimed) {
    req.resume();
    sendPrefetched(res, claimed);
    return;
  }
  let upstream: ClientRequest;
  try {
    upstream = await openUpstreamRequest(target, {
      method: req.method ?? 'GET',
      pathAndQuery,
      headers: framedBody(framing, upstreamUserAgent(withAcceptEncoding(pickHeaders(req, FORWARDED_REQUEST_HEADERS), forwardedAcceptEncoding(req, target)))),
    }, person);
  } catch (error) {
    sendStatus(res, credentialErrorStatus(target, error));
    req.resume();
    return;
  }
  // A body that did not arrive whole leaves the upstream connection mid-request: it is closed, never reused.
  const bodyCut = (): boolean => framing !== 'none' && !req.complete;
  if (res.destroyed || (req.destroyed && bodyCut())) {
    discardUpstreamRequest(upstream);
    return;
  }
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.on('close', () => {
    if (bodyCut()) upstream.destroy();
  });
  upstream.setTimeout(UPSTREAM_HEADERS_TIMEOUT_MS, () => {
    upstream.destroy(Object.assign(new Error('no response headers within 60s'), { code: 'ETIMEDOUT' }));
  });
  const failed = (error: Error): void => {
    if (!res.headersSent) sendStatus(res, upstreamErrorStatus(target, error));
    else res.destroy();
  };
  upstream.on('error', failed);
  const relay = (upstreamRes: IncomingMessage): void => {
    upstream.setTimeout(0);
    const headers = relayedHeaders(upstreamRes.headersDistinct);
    const location = upstreamRes.headers.location;
    if (location !== undefined) headers.location = rewriteLocation(location, target);
    res.writeHead(upstreamRes.statusCode ?? 502, headers);
    // A stream may not produce its first byte for minutes, and its client waits for the 200: send its headers now.
    // Any other answer's headers leave with its first bytes, in one write instead of two.
    if (isStream(pathAndQuery)) res.flushHeaders();
    upstreamRes.on('error', () => res.destroy());
    ahead?.readAhead.relaying(target, pathAndQuery, req, person, upstreamRes, res);
    upstreamRes.pipe(res);
  };
  upstream.on('response', relay);
  if (framing === 'none') {
    req.resume();
    upstream.end();
    return;
  }
  req.pipe(upstream);
}

/** The headers that frame the body upstream: Content-Length as the client sent it, else chunked for every method. */
function framedBody(framing: BodyFraming, headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  return framing === 'chunked' ? { ...headers, 'transfer-encoding': 'chunked' } : headers;
}

function relayedHeaders(upstream: NodeJS.Dict<string[]>): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const name of RELAYED_RESPONSE_HEADERS) {
    const values = upstream[name];
    if (values !== undefined) headers[name] = values.length === 1 ? values.join('') : values;
  }
  return headers;
}

/** A list page asked ahead (a GET, so no Location to rewrite), whole: its length is the one we hold. */
function sendPrefetched(res: ServerResponse, answer: KeptPage): void {
  if (res.destroyed) return;
  res.writeHead(answer.statusCode, { ...relayedHeaders(answer.headers), 'content-length': String(answer.body.length) });
  res.end(answer.body);
}

/** Upgrade subprotocols offered by the client, minus the bearer-token carrier (browser auth is never forwarded). */
function forwardedSubprotocols(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const kept = header
    .split(',')
    .map((protocol) => protocol.trim())
    .filter((protocol) => protocol !== '' && !protocol.startsWith('base64url.bearer.authorization.k8s.io.'));
  return kept.length > 0 ? kept.join(', ') : undefined;
}

function rawResponseHead(statusCode: number, statusMessage: string, rawHeaders: string[]): string {
  const lines = [`HTTP/1.1 ${statusCode} ${SAFE_HEADER_VALUE.test(statusMessage) ? statusMessage : ''}`];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const value = rawHeaders[i + 1] ?? '';
    if (SAFE_HEADER_VALUE.test(value)) lines.push(`${rawHeaders[i]}: ${value}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** The browser's 101: the upstream's upgrade headers, each line it sent for them, and nothing else. */
function upgradeAnswerHead(upstreamRes: IncomingMessage): string {
  const relayed: string[] = [];
  for (const [name, spelled] of Object.entries(RELAYED_UPGRADE_HEADERS)) {
    for (const value of upstreamRes.headersDistinct[name] ?? []) relayed.push(spelled, value);
  }
  return rawResponseHead(101, 'Switching Protocols', relayed);
}

/**
 * Proxies a WebSocket (or SPDY) upgrade on /k8s/{context}/... to the upstream and splices the two sockets.
 * Sets Origin to the upstream's own origin: the apiserver's websocket library refuses handshakes without one.
 */
export async function proxyUpgrade(
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  contexts: ContextRegistry,
  person: Person,
): Promise<void> {
  const resolved = resolveProxyTarget(req.url ?? '/', contexts);
  if ('kind' in resolved) {
    sendStatusOnSocket(socket, resolved);
    return;
  }
  const { target, pathAndQuery } = resolved;
  const bodyProblem = upgradeBodyProblem(req);
  if (bodyProblem !== null) {
    sendStatusOnSocket(socket, bodyProblem);
    return;
  }
  const headers: OutgoingHttpHeaders = {
    ...pickHeaders(req, FORWARDED_UPGRADE_REQUEST_HEADERS),
    ...pickHeaders(req, FORWARDED_UPGRADE_HEADERS),
    connection: 'Upgrade',
    upgrade: req.headers.upgrade ?? 'websocket',
    origin: target.server.origin,
  };
  const protocols = forwardedSubprotocols(req.headers['sec-websocket-protocol']);
  if (protocols !== undefined) headers['sec-websocket-protocol'] = protocols;
  let upstream;
  try {
    upstream = await openUpstreamRequest(target, { method: req.method ?? 'GET', pathAndQuery, headers }, person);
  } catch (error) {
    sendStatusOnSocket(socket, credentialErrorStatus(target, error));
    return;
  }
  if (socket.destroyed) {
    discardUpstreamRequest(upstream);
    return;
  }
  let upgraded = false;
  const onClientGone = (): void => {
    if (!upgraded) upstream.destroy();
  };
  socket.once('close', onClientGone);
  socket.on('error', onClientGone);
  upstream.setTimeout(UPSTREAM_HEADERS_TIMEOUT_MS, () => {
    upstream.destroy(Object.assign(new Error('no upgrade response within 60s'), { code: 'ETIMEDOUT' }));
  });
  upstream.on('error', (error) => {
    if (!upgraded) sendStatusOnSocket(socket, upstreamErrorStatus(target, error));
  });
  upstream.on('upgrade', (upstreamRes, upstreamSocket, upstreamHead) => {
    upgraded = true;
    upstream.setTimeout(0);
    socket.write(upgradeAnswerHead(upstreamRes));
    if (upstreamHead.length > 0) socket.write(upstreamHead);
    if (head.length > 0) upstreamSocket.write(head);
    const closeBoth = (): void => {
      socket.destroy();
      upstreamSocket.destroy();
    };
    upstreamSocket.on('error', closeBoth);
    upstreamSocket.on('close', closeBoth);
    socket.on('error', closeBoth);
    socket.on('close', closeBoth);
    upstreamSocket.pipe(socket);
    socket.pipe(upstreamSocket);
  });
  upstream.on('response', (upstreamRes) => {
    // The upstream refused the upgrade (403 without Origin, 400 for two subprotocols, 401...): relay its answer.
    upstream.setTimeout(0);
    collectErrorBody(upstreamRes, (body) => {
      const relayed: string[] = ['Connection', 'close', 'Content-Length', String(body.length)];
      for (const name of RELAYED_RESPONSE_HEADERS) {
        const value = upstreamRes.headers[name];
        if (name !== 'content-length' && typeof value === 'string') relayed.push(name, value);
      }
      socket.end(Buffer.concat([Buffer.from(rawResponseHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage ?? '', relayed)), body]));
    });
    upstreamRes.on('error', () => socket.destroy());
  });
  upstream.end();
}
