// The kubeglass HTTP server: security filters first, then routes (/k8s proxy, /-/ endpoints, the SPA) and upgrades.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { createAccessGate, type AccessGate } from './access-gate.js';
import { clientAddress, createClientLimits, retryAfterHeader, type ClientLimitSettings } from './client-limits.js';
import { createFirstPagePrefetch } from './first-page-prefetch.js';
import { createPageReadAhead } from './page-read-ahead.js';
import { createPrefetchedAnswers } from './prefetched-answers.js';
import type { ContextRegistry } from './contexts.js';
import { PROXY_PREFIX, proxyHttpRequest, proxyUpgrade } from './proxy.js';
import { checkFetchSite, checkHost, checkOrigin, checkSessionRequest, isApiPath, makeHostPolicy, setCommonSecurityHeaders, type HostPolicy } from './security.js';
import { handleLogin, handleLogout, LOGIN_PATH, LOGOUT_PATH, sendPageRefusal } from './sign-in.js';
import { serveStatic } from './static.js';
import { makeStatus, sendStatus, sendStatusOnSocket } from './status.js';
import { WS_PATH } from '../wire/ws-protocol.js';
import { WatchMultiplexer } from './ws-multiplexer.js';

export interface AppOptions {
  contexts: ContextRegistry;
  /** Folder of the built SPA (dist/web). */
  staticDir: string;
  onError?: (message: string) => void;
  /** Demanded on every API request and upgrade when set (a server listening beyond loopback must set one). */
  accessToken?: string;
  /** The URL users open when a TLS proxy is in front (e.g. https://kubeglass.example.com): Host, Origin, Secure cookie. */
  publicUrl?: URL;
  /** Limits per client address; default DEFAULT_CLIENT_LIMITS. */
  clientLimits?: Partial<ClientLimitSettings>;
}

export interface KubeglassServer {
  server: http.Server;
  /** Starts listening; resolves with the bound port once the Host policy is in place. */
  listen(port: number, host: string): Promise<number>;
  /** A one-time sign-in code for the start URL (null when no access token is demanded); valid once listening. */
  issueSignInCode(): string | null;
  /** Stops accepting, aborts every proxied request, watch and upgraded socket. */
  close(): Promise<void>;
}

const SOCKET_HEADERS = { 'X-Content-Type-Options': 'nosniff' };
/** A connection must send its whole request head within this; upgrades are authenticated in their head too. */
export const HEADERS_TIMEOUT_MS = 10_000;
/** ...and its whole request (a large apply body included) within this. */
const REQUEST_TIMEOUT_MS = 120_000;

function pathOf(url: string): string {
  return url.split('?', 1)[0] ?? '/';
}

/** Builds the server (not yet listening). */
export function createKubeglassServer(options: AppOptions): KubeglassServer {
  const { contexts, staticDir } = options;
  const limits = createClientLimits(options.clientLimits);
  const multiplexer = new WatchMultiplexer({ contexts, clientLimits: limits });
  const answers = createPrefetchedAnswers();
  const prefetch = createFirstPagePrefetch(contexts, answers);
  const ahead = { answers, readAhead: createPageReadAhead(answers) };
  const upgradedSockets = new Set<Duplex>();
  let policy: HostPolicy | undefined;
  let gate: AccessGate | undefined;

  const handleRequest = (req: IncomingMessage, res: ServerResponse): void => {
    setCommonSecurityHeaders(res);
    if (!policy) {
      sendStatus(res, makeStatus(503, 'kubeglass is starting', 'ServiceUnavailable'));
      return;
    }
    const url = req.url ?? '/';
    const pathname = pathOf(url);
    const isLogin = pathname === LOGIN_PATH && req.method === 'POST';
    const refusal =
      checkHost(req, policy) ??
      checkOrigin(req, policy, false) ??
      checkFetchSite(req, pathname) ??
      (gate?.carriesSessionCookie(req) === true && !isLogin ? checkSessionRequest(req, pathname, false) : null);
    if (refusal) {
      sendStatus(res, refusal);
      req.resume();
      return;
    }
    if (gate && isLogin) {
      handleLogin(req, res, gate);
      return;
    }
    if (!isApiPath(pathname)) {
      handlePage(req, res, pathname);
      return;
    }
    const access = gate?.api(req) ?? { kind: 'allow' };
    if (access.kind === 'refuse') {
      sendStatus(res, access.status, access.headers);
      req.resume();
      return;
    }
    if (url.startsWith(PROXY_PREFIX)) {
      const slot = limits.acquire('requestsInFlight', clientAddress(req));
      if (typeof slot !== 'function') {
        sendStatus(res, slot, retryAfterHeader(slot));
        req.resume();
        return;
      }
      res.once('close', slot);
      proxyHttpRequest(req, res, contexts, ahead).catch((error: unknown) => internalError(res, error));
      return;
    }
    handleKubeglassEndpoint(req, res, pathname);
  };

  /** The SPA's pages and assets: served without a session (the app shows its sign-in screen), never its data. */
  const handlePage = (req: IncomingMessage, res: ServerResponse, pathname: string): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendStatus(res, makeStatus(405, `method ${req.method ?? ''} is not allowed on ${pathname}`));
      req.resume();
      return;
    }
    const access = gate?.page(req) ?? { kind: 'serve', signedIn: true };
    if (access.kind === 'refuse') {
      sendPageRefusal(req, res, access);
      return;
    }
    if (access.kind === 'signed-in') {
      res.writeHead(303, { Location: access.location, 'Set-Cookie': access.setCookie, 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    // A list's document carries its navigation's nonce, and its first page is asked upstream for that tab while the
    // page loads (see first-page-prefetch), once the document has left: the embedded demo cluster answers in this
    // process, and its work held the document ~20 ms.
    const navigation = access.signedIn ? prefetch.navigation(req) : null;
    if (!serveStatic(req, res, staticDir, navigation?.nonce) || navigation === null) return;
    if (res.writableFinished) navigation.start();
    else res.once('finish', () => navigation.start());
  };

  const handleKubeglassEndpoint = (req: IncomingMessage, res: ServerResponse, pathname: string): void => {
    const readOnly = req.method === 'GET' || req.method === 'HEAD';
    if (pathname === '/-/contexts' && readOnly) {
      const body = JSON.stringify({ ...contexts.list(), accessTokenRequired: options.accessToken !== undefined });
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    if (pathname === LOGOUT_PATH && req.method === 'POST' && gate) {
      handleLogout(req, res, gate);
      return;
    }
    if (pathname === '/-/healthz' && readOnly) {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : 'ok');
      return;
    }
    if (pathname === WS_PATH) {
      sendStatus(res, makeStatus(400, `${WS_PATH} expects a WebSocket upgrade`));
      return;
    }
    sendStatus(res, makeStatus(404, `kubeglass has no endpoint ${pathname}`));
  };

  const internalError = (res: ServerResponse, error: unknown): void => {
    options.onError?.(`internal error: ${error instanceof Error ? error.message : String(error)}`);
    sendStatus(res, makeStatus(500, 'kubeglass internal error'));
  };

  const handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => socket.destroy());
    if (!policy) {
      socket.destroy();
      return;
    }
    const pathname = pathOf(req.url ?? '/');
    const refusal =
      checkHost(req, policy) ??
      checkOrigin(req, policy, true) ??
      checkFetchSite(req, pathname) ??
      (gate?.carriesSessionCookie(req) === true ? checkSessionRequest(req, pathname, true) : null);
    if (refusal) {
      sendStatusOnSocket(socket, refusal, SOCKET_HEADERS);
      return;
    }
    const access = gate?.api(req) ?? { kind: 'allow' };
    if (access.kind === 'refuse') {
      sendStatusOnSocket(socket, access.status, { ...SOCKET_HEADERS, ...access.headers });
      return;
    }
    if (pathname !== WS_PATH && !pathname.startsWith(PROXY_PREFIX)) {
      sendStatusOnSocket(socket, makeStatus(404, `no WebSocket endpoint at ${pathname}`), SOCKET_HEADERS);
      return;
    }
    const slot = limits.acquire('webSockets', clientAddress(req));
    if (typeof slot !== 'function') {
      sendStatusOnSocket(socket, slot, { ...SOCKET_HEADERS, ...retryAfterHeader(slot) });
      return;
    }
    socket.once('close', slot);
    if (pathname === WS_PATH) {
      multiplexer.handleUpgrade(req, socket, head);
      return;
    }
    upgradedSockets.add(socket);
    socket.once('close', () => upgradedSockets.delete(socket));
    proxyUpgrade(req, socket, head, contexts).catch(() => socket.destroy());
  };

  // connectionsCheckingInterval: the timeouts are enforced by a sweep (default every 30 s).
  const server = http.createServer(
    { noDelay: true, headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: 1000 },
    handleRequest,
  );
  server.on('upgrade', handleUpgrade);
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  return {
    server,
    listen: (port, host) =>
      new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const address = server.address();
          const bound = typeof address === 'object' && address !== null ? address.port : port;
          policy = makeHostPolicy(host, bound, options.publicUrl);
          if (options.accessToken !== undefined) {
            gate = createAccessGate({ token: options.accessToken, port: bound, secureCookie: options.publicUrl?.protocol === 'https:' });
          }
          resolve(bound);
        });
      }),
    issueSignInCode: () => gate?.issueSignInCode() ?? null,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await multiplexer.close();
      prefetch.close();
      for (const socket of upgradedSockets) socket.destroy();
      server.closeAllConnections();
      await closed;
    },
  };
}
