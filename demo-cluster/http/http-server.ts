// The HTTP front: public health/version endpoints, authentication, discovery, resource routing, and
// WebSocket upgrades for watches (403 without Origin, like golang.org/x/net/websocket).
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { ApiError, badRequest, internalError, methodNotAllowed, notAcceptable, restfulNotAcceptable, routeNotAcceptable, routeNotFound } from './errors.js';
import { authenticate, authorizePath, nonAuthProtocols } from '../auth/auth.js';
import type { Tokens } from '../auth/auth.js';
import { aggregatedDiscovery, apiGroup, apiGroupList, apiResourceList, apiVersions, negotiateAggregated } from './discovery.js';
import { PROTOBUF, RESOURCE_MEDIA_TYPES, VERSION_MEDIA_TYPES, negotiateDiscovery, negotiateResource, restfulAcceptable } from './negotiate.js';
import { encodeKubernetesProtobuf, encodeWatchEventMessage } from '../protobuf/encode.js';
import { protobufFor } from '../rest/representation.js';
import type { Faults } from '../faults/faults.js';
import type { Storm } from '../storm/storm.js';
import { isStormPath, serveStormControl } from '../storm/storm-control.js';
import { parseRequestPath } from './request-info.js';
import type { OpenApi } from '../openapi/openapi.js';
import { serveOpenApi } from '../openapi/serve.js';
import { authorizeRequest, handleResource, planResourceWatch, resolveType, verbOf } from '../rest/rest.js';
import type { RestContext } from '../rest/rest.js';
import { endBody } from './compress.js';
import { baseHeaders, sendError, sendObject, sendPageNotFound } from './respond.js';
import { createHash } from 'node:crypto';
import type { Status } from '../resources/types.js';
import { storageKey } from '../resources/registry.js';
import { createExecSocketServer, parseExecRequest, pickExecProtocol, serveExec } from '../rest/pod-exec.js';
import { isHealthEndpoint, serveHealth } from './health.js';
import {
  createPortForwardSocketServer,
  parsePortForwardRequest,
  pickPortForwardProtocol,
  PORT_FORWARD_WEBSOCKET_PROTOCOLS,
  servePortForwardWebSocket,
  createSpdyTunnelSocketServer,
  serveSpdyPortForward,
  serveTunneledSpdyPortForward,
} from '../rest/pod-port-forward.js';
import { SPDY_TUNNELING_PROTOCOL } from '../rest/pod-port-forward-spdy.js';

export interface ApiServerContext extends RestContext {
  tokens: Tokens;
  /** host:port as /api reports it in serverAddressByClientCIDRs. */
  serverAddress(): string;
  version: Record<string, string>;
  openapi: OpenApi;
  /** Fault injection (startDemoClusterWithOptions faultInjection); absent = off. */
  faults?: Faults;
  /** The watch storm generator (startDemoClusterWithOptions storm); absent = off. */
  storm?: { generator: Storm; listensOnLoopbackOnly: boolean };
}

/** /api, /api/v1 and /apis/G/V are go-restful routes (own 406 for text/html); /apis and /apis/G list the media types. */
function discoveryNotAcceptable(restful: boolean, accept: string | undefined): ApiError {
  return restful ? routeNotAcceptable(restfulAcceptable(accept), RESOURCE_MEDIA_TYPES) : notAcceptable(RESOURCE_MEDIA_TYPES);
}

/** Paths under /api/ or a served /apis/G/V prefix: unknown ones get go-restful's NotFound Status, not the mux text. */
function underServedPrefix(ctx: ApiServerContext, path: string): boolean {
  const parts = path.split('/').filter((p) => p !== '');
  if (parts[0] === 'api') return parts.length > 1;
  return parts[0] === 'apis' && parts.length > 2 && ctx.registry.groupVersions(parts[1] ?? '').length > 0;
}

function handleDiscovery(ctx: ApiServerContext, req: IncomingMessage, res: ServerResponse, query: URLSearchParams): boolean {
  const url = new URL(req.url ?? '/', 'http://x');
  const info = parseRequestPath(url.pathname);
  let body: unknown;
  if (info.kind === 'core-versions' || info.kind === 'groups') {
    if (req.method !== 'GET' && req.method !== 'HEAD') throw methodNotAllowed();
    const wanted = negotiateAggregated(req.headers.accept);
    if (wanted === undefined) throw discoveryNotAcceptable(info.kind === 'core-versions', req.headers.accept);
    if (wanted === 'v2' || wanted === 'v2-protobuf') {
      const unavailable = (g: string, v: string): boolean => ctx.faults?.failsGet(`/apis/${g}/${v}`) ?? false;
      sendAggregated(req, res, aggregatedDiscovery(ctx.registry, info.kind === 'core-versions', unavailable), wanted === 'v2-protobuf');
      return true;
    }
  }
  switch (info.kind) {
    case 'core-versions':
      body = apiVersions(ctx.serverAddress());
      break;
    case 'core-resources':
      if (info.version !== 'v1') return false;
      body = apiResourceList(ctx.registry, '', 'v1');
      break;
    case 'groups':
      body = apiGroupList(ctx.registry);
      break;
    case 'group':
      if (ctx.registry.groupVersions(info.group).length === 0) return false;
      body = apiGroup(ctx.registry, info.group);
      break;
    case 'group-resources':
      if (!ctx.registry.hasGroupVersion(info.group, info.version)) return false;
      body = apiResourceList(ctx.registry, info.group, info.version);
      break;
    default:
      return false;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') throw methodNotAllowed();
  const format = negotiateDiscovery(req.headers.accept);
  if (format === undefined) throw discoveryNotAcceptable(info.kind !== 'groups' && info.kind !== 'group', req.headers.accept);
  sendObject(req, res, 200, body, format, query);
  return true;
}

/** Aggregated discovery answer: typed Content-Type, strong ETag (uppercase SHA-512), 304 on If-None-Match. */
function sendAggregated(req: IncomingMessage, res: ServerResponse, body: unknown, protobuf: boolean): void {
  const text = JSON.stringify(body);
  // The protobuf form has the JSON's ETag.
  const etag = `"${createHash('sha512').update(text).digest('hex').toUpperCase()}"`;
  const headers = {
    ...baseHeaders(`${protobuf ? PROTOBUF : 'application/json'};g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList`),
    ETag: etag,
    Vary: 'Accept',
    'Cache-Control': 'public',
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  endBody(req, res, 200, headers, protobuf ? encodeKubernetesProtobuf(body as Record<string, unknown>) : `${text}\n`);
}

async function handleRequest(ctx: ApiServerContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://x');
  const query = url.searchParams;
  try {
    const path = url.pathname;
    if (ctx.storm && isStormPath(path)) return await serveStormControl(ctx.storm.generator, req, res, path, query, ctx.tokens, ctx.storm.listensOnLoopbackOnly);
    if (ctx.faults && (await ctx.faults.intercept(req, res, path, query, ctx.tokens))) return;
    // system:public-info-viewer: anyone may read the three endpoints, their single checks need a user.
    if (isHealthEndpoint(path) && serveHealth(res, path, query)) return;
    if (path === '/version' || path === '/version/') {
      if (!restfulAcceptable(req.headers.accept, VERSION_MEDIA_TYPES)) throw restfulNotAcceptable(VERSION_MEDIA_TYPES);
      sendObject(req, res, 200, ctx.version, 'json', query);
      return;
    }
    const user = authenticate(req.headers, ctx.tokens);
    if (parseRequestPath(path).kind !== 'resource') {
      const denied = authorizePath(user, req.method ?? 'GET', path);
      if (denied) throw denied;
    }
    if (serveHealth(res, path, query)) return;
    if (handleDiscovery(ctx, req, res, query)) return;
    if (path.startsWith('/openapi/') && serveOpenApi(ctx.openapi, req, res, url)) return;
    const info = parseRequestPath(path);
    if (info.kind === 'resource') {
      await handleResource(ctx, req, res, info, query, user);
      return;
    }
    if (underServedPrefix(ctx, path)) throw routeNotFound();
    sendPageNotFound(res);
  } catch (err) {
    sendError(req, res, err, query);
  }
}

/** Writes a raw HTTP answer on an upgrade socket and closes it. */
function rejectUpgrade(socket: Duplex, code: number, status?: Status): void {
  const body = status ? `${JSON.stringify(status)}\n` : '';
  const reason = http.STATUS_CODES[code] ?? '';
  const headers = status ? `Content-Type: application/json\r\n` : '';
  socket.end(`HTTP/1.1 ${code} ${reason}\r\n${headers}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

interface UpgradeServers {
  wss: WebSocketServer;
  execWss: WebSocketServer;
  portForwardWss: WebSocketServer;
  spdyTunnelWss: WebSocketServer;
}

function handleUpgrade(ctx: ApiServerContext, { wss, execWss, portForwardWss, spdyTunnelWss }: UpgradeServers, req: IncomingMessage, socket: Duplex, head: Buffer): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const query = url.searchParams;
  try {
    const user = authenticate(req.headers, ctx.tokens);
    const info = parseRequestPath(url.pathname);
    const t = info.kind === 'resource' ? resolveType(ctx, info) : undefined;
    if (info.kind !== 'resource' || !t) {
      rejectUpgrade(socket, 404);
      return;
    }
    if (t.resource === 'pods' && t.group === '' && (info.subresource === 'exec' || info.subresource === 'attach') && info.name !== undefined) {
      // 1.31+ (AuthorizePodWebsocketUpgradeCreatePermission): a WebSocket GET must also be allowed to create.
      const refused = authorizeRequest(user, 'create', info);
      if (refused) throw refused;
      const request = parseExecRequest(ctx.store.get(storageKey(t), info.namespace, info.name), info.name, info.subresource, query);
      // kubectl falls back to SPDY only when the WebSocket handshake fails, which it does not here.
      if ((req.headers.upgrade ?? '').toLowerCase() !== 'websocket') {
        throw badRequest(`the demo cluster serves ${info.subresource} over WebSocket only (v5.channel.k8s.io, v4.channel.k8s.io, channel.k8s.io), not ${req.headers.upgrade ?? 'plain HTTP'}`);
      }
      const offered = nonAuthProtocols(req.headers);
      if (pickExecProtocol(offered) === null) {
        throw badRequest(`requested protocol(s) are not supported: [${offered.join(' ')}]; supports [v5.channel.k8s.io v4.channel.k8s.io channel.k8s.io]`);
      }
      serveExec(execWss, req, socket, head, request, ctx.watches);
      return;
    }
    if (t.resource === 'pods' && t.group === '' && info.subresource === 'portforward' && info.name !== undefined) {
      const refused = authorizeRequest(user, 'create', info);
      if (refused) throw refused;
      const upgrade = (req.headers.upgrade ?? '').toLowerCase();
      const offered = nonAuthProtocols(req.headers);
      const protocol = upgrade === 'websocket' ? pickPortForwardProtocol(offered) : null;
      const spdy = upgrade === 'spdy/3.1' || protocol === SPDY_TUNNELING_PROTOCOL;
      const request = parsePortForwardRequest(ctx.store.get(storageKey(t), info.namespace, info.name), info.name, query, !spdy);
      if (upgrade === 'spdy/3.1') {
        serveSpdyPortForward(socket, head, request.pod, ctx.watches);
        return;
      }
      if (upgrade !== 'websocket') throw badRequest(`unable to upgrade: missing upgrade headers in request: ${req.headers.upgrade ?? 'plain HTTP'}`);
      if (protocol === null) {
        throw badRequest(`requested protocol(s) are not supported: [${offered.join(' ')}]; supports [${PORT_FORWARD_WEBSOCKET_PROTOCOLS.join(' ')}]`);
      }
      if (protocol === SPDY_TUNNELING_PROTOCOL) serveTunneledSpdyPortForward(spdyTunnelWss, req, socket, head, request.pod, ctx.watches);
      else servePortForwardWebSocket(portForwardWss, req, socket, head, request, ctx.watches);
      return;
    }
    const verb = verbOf(req.method ?? 'GET', info, query);
    const denied = authorizeRequest(user, verb, info);
    if (denied) throw denied;
    if (verb !== 'watch') {
      rejectUpgrade(socket, 400);
      return;
    }
    const plan = planResourceWatch(ctx, t, info, query, req.headers.accept);
    const rep = negotiateResource(req.headers.accept, true, protobufFor(t));
    // Protobuf events go one WatchEvent a binary message (the WebSocket framing replaces the length prefix).
    const protobuf = rep?.kind === 'protobuf' || (rep?.kind === 'partial' && rep.protobuf === true);
    // golang.org/x/net/websocket refuses handshakes without Origin (403, empty body).
    if (req.headers.origin === undefined) {
      rejectUpgrade(socket, 403);
      return;
    }
    if (nonAuthProtocols(req.headers).length > 1) {
      rejectUpgrade(socket, 400);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      const session = plan.start(
        {
          write(text) {
            if (ws.readyState !== ws.OPEN) return false;
            if (protobuf) {
              const event = JSON.parse(text) as { type: string; object: Record<string, unknown> };
              ws.send(encodeWatchEventMessage(event.type, event.object), { binary: true });
            } else ws.send(text);
            return ws.bufferedAmount < 64 * 1024 * 1024;
          },
          end() {
            if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(1000);
          },
        },
        () => ctx.watches.delete(session),
      );
      if (!session.closed) {
        ctx.watches.add(session);
        ws.on('close', () => session.close());
        ws.on('error', () => session.close());
      }
      // The apiserver ignores anything the client sends on a watch socket.
      ws.on('message', () => undefined);
    });
  } catch (err) {
    const apiErr = err instanceof ApiError ? err : internalError(err);
    rejectUpgrade(socket, apiErr.code, apiErr.status);
  }
}

/**
 * A Duplex over a socket whose first bytes were already read: TLS cannot take the raw socket back
 * (it reads the handle directly, skipping unshifted data), so it gets this JS stream instead.
 */
function bufferedDuplex(socket: net.Socket, first: Buffer): Duplex {
  const duplex = new Duplex({
    read() {
      socket.resume();
    },
    write(chunk: Buffer, _encoding, callback) {
      socket.write(chunk, callback);
    },
    final(callback) {
      socket.end(callback);
    },
    destroy(err, callback) {
      socket.destroy(err ?? undefined);
      callback(err);
    },
  });
  duplex.push(first);
  socket.on('data', (d: Buffer) => {
    if (!duplex.push(d)) socket.pause();
  });
  socket.on('end', () => duplex.push(null));
  socket.on('close', () => duplex.destroy());
  return duplex;
}

export interface ApiListener {
  /** Accepts plain HTTP and TLS on the same port (the first byte of a connection decides). */
  listener: net.Server;
  /** Ends every connection at once. */
  destroyConnections(): void;
}

/** Creates the API server (not yet listening): HTTP and HTTPS share one port. */
export function createApiServer(ctx: ApiServerContext, tls: { keyPem: string; certPem: string }): ApiListener {
  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    void handleRequest(ctx, req, res);
  };
  const httpServer = http.createServer(onRequest);
  const httpsServer = https.createServer({ key: tls.keyPem, cert: tls.certPem }, onRequest);
  const wss = new WebSocketServer({
    noServer: true,
    // Answer with the single non-token protocol, if any (the token protocol is consumed by authentication).
    handleProtocols: (protocols) => {
      const rest = [...protocols].filter((p) => !p.startsWith('base64url.bearer.authorization.k8s.io.'));
      return rest[0] ?? false;
    },
  });
  const execWss = createExecSocketServer();
  const portForwardWss = createPortForwardSocketServer();
  const spdyTunnelWss = createSpdyTunnelSocketServer();
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => handleUpgrade(ctx, { wss, execWss, portForwardWss, spdyTunnelWss }, req, socket, head);
  httpServer.on('upgrade', onUpgrade);
  httpsServer.on('upgrade', onUpgrade);
  httpsServer.on('tlsClientError', (_err, socket) => socket.destroy());

  const sockets = new Set<net.Socket>();
  const listener = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.once('data', (first: Buffer) => {
      socket.pause();
      // 0x16 = a TLS handshake record.
      if (first[0] === 0x16) {
        httpsServer.emit('connection', bufferedDuplex(socket, first));
      } else {
        socket.unshift(first);
        httpServer.emit('connection', socket);
        socket.resume();
      }
    });
    socket.on('error', () => socket.destroy());
  });
  listener.on('close', () => {
    wss.close();
    execWss.close();
    portForwardWss.close();
    spdyTunnelWss.close();
  });
  return {
    listener,
    destroyConnections() {
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
  };
}
