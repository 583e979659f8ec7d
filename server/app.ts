// The kubeglass HTTP server: security filters first, then routes (/k8s proxy, /-/ endpoints, the SPA) and upgrades.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { createAccessGate, type AccessGate } from './access-token.js';
import { createFirstPagePrefetch } from './first-page-prefetch.js';
import { createPageReadAhead } from './page-read-ahead.js';
import { createPrefetchedAnswers } from './prefetched-answers.js';
import type { ContextRegistry } from './contexts.js';
import { PROXY_PREFIX, proxyHttpRequest, proxyUpgrade } from './proxy.js';
import { checkFetchSite, checkHost, checkOrigin, makeHostPolicy, setCommonSecurityHeaders, type HostPolicy } from './security.js';
import { serveStatic } from './static.js';
import { makeStatus, sendStatus, sendStatusOnSocket } from './status.js';
import { WS_PATH } from '../wire/ws-protocol.js';
import { WatchMultiplexer } from './ws-multiplexer.js';

export interface AppOptions {
  contexts: ContextRegistry;
  /** Folder of the built SPA (dist/web). */
  staticDir: string;
  onError?: (message: string) => void;
  /** Demanded on every request and upgrade when set (a server listening beyond loopback must set one). */
  accessToken?: string;
}

export interface KubeglassServer {
  server: http.Server;
  /** Starts listening; resolves with the bound port once the Host policy is in place. */
  listen(port: number, host: string): Promise<number>;
  /** Stops accepting, aborts every proxied request, watch and upgraded socket. */
  close(): Promise<void>;
}

const SOCKET_HEADERS = { 'X-Content-Type-Options': 'nosniff' };

function pathOf(url: string): string {
  return url.split('?', 1)[0] ?? '/';
}

/** Builds the server (not yet listening). */
export function createKubeglassServer(options: AppOptions): KubeglassServer {
  const { contexts, staticDir } = options;
  const multiplexer = new WatchMultiplexer({ contexts });
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
    const refusal = checkHost(req, policy) ?? checkOrigin(req, policy, false) ?? checkFetchSite(req, pathOf(url));
    if (refusal) {
      sendStatus(res, refusal);
      req.resume();
      return;
    }
    const access = gate?.decide(req, false) ?? { kind: 'allow' };
    if (access.kind === 'login') {
      res.writeHead(302, { Location: access.location, 'Set-Cookie': access.setCookie, 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    if (access.kind === 'refuse') {
      sendStatus(res, access.status, { 'Cache-Control': 'no-store' });
      req.resume();
      return;
    }
    if (url.startsWith(PROXY_PREFIX)) {
      proxyHttpRequest(req, res, contexts, ahead).catch((error: unknown) => internalError(res, error));
      return;
    }
    const pathname = pathOf(url);
    if (pathname.startsWith('/-/')) {
      handleKubeglassEndpoint(req, res, pathname);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendStatus(res, makeStatus(405, `method ${req.method ?? ''} is not allowed on ${pathname}`));
      return;
    }
    // A list's document carries its navigation's nonce, and its first page is asked upstream for that tab while the
    // page loads (see first-page-prefetch), once the document has left: the embedded demo cluster answers in this
    // process, and its work held the document ~20 ms.
    const navigation = prefetch.navigation(req);
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
    const refusal = checkHost(req, policy) ?? checkOrigin(req, policy, true) ?? checkFetchSite(req, pathname);
    const access = gate?.decide(req, true);
    const denied = refusal ?? (access?.kind === 'refuse' ? access.status : null);
    if (denied) {
      sendStatusOnSocket(socket, denied, SOCKET_HEADERS);
      return;
    }
    if (pathname === WS_PATH) {
      multiplexer.handleUpgrade(req, socket, head);
      return;
    }
    if (pathname.startsWith(PROXY_PREFIX)) {
      upgradedSockets.add(socket);
      socket.once('close', () => upgradedSockets.delete(socket));
      proxyUpgrade(req, socket, head, contexts).catch(() => socket.destroy());
      return;
    }
    sendStatusOnSocket(socket, makeStatus(404, `no WebSocket endpoint at ${pathname}`), SOCKET_HEADERS);
  };

  const server = http.createServer({ noDelay: true }, handleRequest);
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
          policy = makeHostPolicy(host, bound);
          if (options.accessToken !== undefined) gate = createAccessGate(options.accessToken, bound);
          resolve(bound);
        });
      }),
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
