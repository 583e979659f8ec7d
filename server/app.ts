// The kubeglass HTTP server: security filters first, then routes (/k8s proxy, /-/ endpoints, the SPA) and upgrades.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { BlockList } from 'node:net';
import { createAccessGate } from './access-gate.js';
import { createClientLimits, retryAfterHeader, type ClientLimitSettings } from './client-limits.js';
import { createListPageCache } from './list-pages/page-cache.js';
import { createPageReadAhead } from './list-pages/read-ahead.js';
import type { ContextRegistry } from './contexts.js';
import type { ApiAccess, Gate } from './gate.js';
import { kubeconfigPerson, type Person } from './person.js';
import { PROXY_PREFIX, proxyHttpRequest, proxyUpgrade, resolveProxyTarget } from './proxy.js';
import { checkFetchSite, checkHost, checkOrigin, checkSessionRequest, isApiPath, makeHostPolicy, setCommonSecurityHeaders, type HostPolicy } from './security.js';
import { handleOidcNavigation, handleSessionRefresh, isOidcNavigation, SESSION_REFRESH_PATH } from './oidc-endpoints.js';
import { handleLogin, handleLogout, LOGIN_PATH, LOGOUT_PATH, sendPageRefusal } from './sign-in.js';
import type { OidcClient } from './oidc-client.js';
import type { SessionSeal } from './session-seal.js';
import { serveStatic } from './static.js';
import { createTeamGate, type TeamAuth, type TeamGate } from './team-gate.js';
import { makeStatus, sendStatus, sendStatusOnSocket } from './status.js';
import { firstPagePath } from '../wire/list-paging.js';
import { WS_PATH } from '../wire/ws-protocol.js';
import { WatchMultiplexer } from './ws-multiplexer.js';
import { handlePortForwards, isPortForwardPath } from './port-forward/endpoint.js';
import { createPortForwards } from './port-forward/port-forwards.js';

export interface AppOptions {
  contexts: ContextRegistry;
  /** Folder of the built SPA (dist/web). */
  staticDir: string;
  onError?: (message: string) => void;
  /** Demanded on every API request and upgrade when set (a server listening beyond loopback must set one). */
  accessToken?: string;
  /** The URL users open when a TLS proxy is in front (e.g. https://kubeglass.example.com): Host, Origin, Secure cookie. */
  publicUrl?: URL;
  /** Limits per person (alone: per client address); default DEFAULT_CLIENT_LIMITS. */
  clientLimits?: Partial<ClientLimitSettings>;
  /** Team mode: people sign in as themselves; the contexts must hold no kubeconfig user (buildContextRegistry's team). */
  team?: TeamOptions;
  /** Sign-ins, sign-outs and other events worth a log line (never a credential). */
  onEvent?: (event: Record<string, unknown>) => void;
}

export interface TeamOptions {
  auth: TeamAuth;
  seal: SessionSeal;
  trustedProxies?: BlockList;
  oidc?: OidcClient;
  sessionSeconds?: number;
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

/** How people sign in here: GET answers {"signIn": "none" | "access-token" | "token" | "proxy"}. */
const AUTH_PATH = '/-/auth';

/** Liveness and readiness: answered before any sign-in, for the kubelet and load balancers. */
const isProbe = (pathname: string): boolean => pathname === '/-/healthz' || pathname === '/-/readyz';

function pathOf(url: string): string {
  return url.split('?', 1)[0] ?? '/';
}

/** Builds the server (not yet listening). */
export function createKubeglassServer(options: AppOptions): KubeglassServer {
  const { contexts, staticDir } = options;
  const limits = createClientLimits(options.clientLimits);
  const multiplexer = new WatchMultiplexer({ contexts, clientLimits: limits });
  const answers = createListPageCache();
  const ahead = { answers, readAhead: createPageReadAhead(answers) };
  const upgradedSockets = new Set<Duplex>();
  const portForwards = createPortForwards(contexts);
  let policy: HostPolicy | undefined;
  let gate: Gate | undefined;
  let teamGate: TeamGate | undefined;
  let issueSignInCode: (() => string) | undefined;
  let closing = false;
  const allowed = (req: IncomingMessage): ApiAccess => gate?.api(req) ?? { kind: 'allow', person: kubeconfigPerson(req) };

  const handleRequest = (req: IncomingMessage, res: ServerResponse): void => {
    setCommonSecurityHeaders(res);
    if (!policy) {
      sendStatus(res, makeStatus(503, 'kubeglass is starting', 'ServiceUnavailable'));
      return;
    }
    const url = req.url ?? '/';
    const pathname = pathOf(url);
    // The kubelet's probes name the pod's address as Host, which no Host policy knows; they learn nothing but "ok".
    if (isProbe(pathname) && (req.method === 'GET' || req.method === 'HEAD')) {
      const ready = pathname === '/-/healthz' || !closing;
      res.writeHead(ready ? 200 : 503, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : ready ? 'ok' : 'shutting down');
      return;
    }
    const isLogin = pathname === LOGIN_PATH && req.method === 'POST';
    const oidcNavigation = isOidcNavigation(teamGate, req.method, pathname);
    const refusal =
      checkHost(req, policy) ??
      (oidcNavigation
        ? null
        : (checkOrigin(req, policy, false) ??
          checkFetchSite(req, pathname) ??
          (gate?.carriesSessionCookie(req) === true && !isLogin ? checkSessionRequest(req, pathname, false) : null)));
    if (refusal) {
      sendStatus(res, refusal);
      req.resume();
      return;
    }
    const failed = (what: string) => (error: unknown) => options.onError?.(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
    if (gate && isLogin) {
      handleLogin(req, res, gate, failed('sign-in'));
      return;
    }
    if (teamGate && oidcNavigation) {
      handleOidcNavigation(req, res, teamGate, failed('sign-in'));
      return;
    }
    if (teamGate && pathname === SESSION_REFRESH_PATH && req.method === 'POST') {
      handleSessionRefresh(req, res, teamGate, failed('session refresh'));
      return;
    }
    if (!isApiPath(pathname)) {
      handlePage(req, res, pathname);
      return;
    }
    if (pathname === AUTH_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
      // Before any session: the sign-in screen asks what to ask for.
      const body = JSON.stringify({ signIn: teamGate?.auth ?? (gate ? 'access-token' : 'none'), ...(options.team?.oidc ? { issuer: options.team.oidc.issuer } : {}) });
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    const access = allowed(req);
    if (access.kind === 'refuse') {
      sendStatus(res, access.status, access.headers);
      req.resume();
      return;
    }
    const { person } = access;
    if (url.startsWith(PROXY_PREFIX)) {
      const slot = limits.acquire('requestsInFlight', person.limitKey);
      if (typeof slot !== 'function') {
        sendStatus(res, slot, retryAfterHeader(slot));
        req.resume();
        return;
      }
      res.once('close', slot);
      proxyHttpRequest(req, res, contexts, person, ahead).catch((error: unknown) => internalError(res, error));
      return;
    }
    handleKubeglassEndpoint(req, res, pathname, person);
  };

  /** The SPA's pages and assets: served without a session (the app shows its sign-in screen), never its data. */
  const handlePage = (req: IncomingMessage, res: ServerResponse, pathname: string): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendStatus(res, makeStatus(405, `method ${req.method ?? ''} is not allowed on ${pathname}`));
      req.resume();
      return;
    }
    const access = gate?.page(req) ?? { kind: 'serve', person: kubeconfigPerson(req) };
    if (access.kind === 'refuse') {
      sendPageRefusal(req, res, access);
      return;
    }
    if (access.kind === 'signed-in') {
      res.writeHead(303, { Location: access.location, 'Set-Cookie': access.setCookie, 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    serveStatic(req, res, staticDir);
    if (access.person) readListAhead(req, res, access.person);
  };

  /**
   * A list's document: once it has left, its first page is asked ahead (list-pages/read-ahead); not before, since the
   * embedded demo cluster answers in this process, and its work held the document ~20 ms.
   */
  const readListAhead = (req: IncomingMessage, res: ServerResponse, person: Person): void => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    // Split, not parsed: `new URL` throws on some targets Node accepts (`//[`), and this runs for every document.
    const firstPage = query === -1 ? firstPagePath(url, '') : firstPagePath(url.slice(0, query), url.slice(query));
    if (firstPage === null || res.statusCode !== 200) return;
    const resolved = resolveProxyTarget(firstPage, contexts);
    if ('kind' in resolved) return;
    const ask = (): void => ahead.readAhead.documentServed(resolved.target, resolved.pathAndQuery, req, person);
    if (res.writableFinished) ask();
    else res.once('finish', ask);
  };

  const handleKubeglassEndpoint = (req: IncomingMessage, res: ServerResponse, pathname: string, person: Person): void => {
    const readOnly = req.method === 'GET' || req.method === 'HEAD';
    if (pathname === '/-/contexts' && readOnly) {
      const team = teamGate
        ? { auth: teamGate.auth, ...(person.username !== undefined ? { signedInAs: person.username } : {}), ...(person.expiresAt !== undefined ? { sessionExpiresAt: person.expiresAt } : {}) }
        : {};
      const body = JSON.stringify({ ...contexts.list(), accessTokenRequired: options.accessToken !== undefined, ...team });
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    if (pathname === LOGOUT_PATH && req.method === 'POST' && gate) {
      handleLogout(req, res, gate, (error) => options.onError?.(`sign-out failed: ${error instanceof Error ? error.message : String(error)}`));
      return;
    }
    if (isPortForwardPath(pathname)) {
      handlePortForwards(req, res, pathname, person, portForwards);
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
    const access = allowed(req);
    if (access.kind === 'refuse') {
      sendStatusOnSocket(socket, access.status, { ...SOCKET_HEADERS, ...access.headers });
      return;
    }
    const { person } = access;
    if (pathname !== WS_PATH && !pathname.startsWith(PROXY_PREFIX)) {
      sendStatusOnSocket(socket, makeStatus(404, `no WebSocket endpoint at ${pathname}`), SOCKET_HEADERS);
      return;
    }
    const slot = limits.acquire('webSockets', person.limitKey);
    if (typeof slot !== 'function') {
      sendStatusOnSocket(socket, slot, { ...SOCKET_HEADERS, ...retryAfterHeader(slot) });
      return;
    }
    socket.once('close', slot);
    if (pathname === WS_PATH) {
      multiplexer.handleUpgrade(req, socket, head, person);
      return;
    }
    upgradedSockets.add(socket);
    socket.once('close', () => upgradedSockets.delete(socket));
    proxyUpgrade(req, socket, head, contexts, person).catch(() => socket.destroy());
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
          const secure = options.publicUrl?.protocol === 'https:';
          if (options.team) {
            teamGate = createTeamGate({ ...options.team, contexts, secure, log: options.onEvent });
            gate = teamGate;
          } else if (options.accessToken !== undefined) {
            const accessGate = createAccessGate({ token: options.accessToken, port: bound, secureCookie: secure });
            gate = accessGate;
            issueSignInCode = () => accessGate.issueSignInCode();
          }
          resolve(bound);
        });
      }),
    issueSignInCode: () => issueSignInCode?.() ?? null,
    close: async () => {
      closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await multiplexer.close();
      await portForwards.close();
      answers.close();
      for (const socket of upgradedSockets) socket.destroy();
      server.closeAllConnections();
      await closed;
    },
  };
}
