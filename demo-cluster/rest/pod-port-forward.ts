// pods/portforward over WebSocket as the kubelet serves it (cri streaming portforward/websocket.go): the ports come
// in `?ports=` (the apiserver passes them on as the kubelet's `port`), each port i has data channel 2i and error
// channel 2i+1, one channel byte a message, and the first message the server sends on each is the port, 2 bytes
// little-endian. One WebSocket is one TCP connection per port.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { RawData, WebSocket } from 'ws';
import { badRequest, notFound } from '../http/errors.js';
import type { KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { closableSession } from '../store/watch.js';
import type { WatchSession } from '../store/watch.js';
import { connectToPod, type PodConnection } from './port-forward-app.js';
import { spdyPortForwardSession, SPDY_PORT_FORWARD_PROTOCOL, SPDY_TUNNELING_PROTOCOL } from './pod-port-forward-spdy.js';

/** The kubelet's binary protocols ('' = none offered); the base64 one is not served here. */
export const PORT_FORWARD_WEBSOCKET_PROTOCOLS = ['v4.channel.k8s.io', SPDY_TUNNELING_PROTOCOL];
const BEARER_PROTOCOL_PREFIX = 'base64url.bearer.authorization.k8s.io.';

/**
 * Checks the request against the pod as PortForwardLocation and the kubelet's NewV4Options do; returns the ports.
 * Only the WebSocket protocol takes them from the query (SPDY names each stream's port in its headers).
 */
export function parsePortForwardRequest(pod: KubeObject | undefined, name: string, query: URLSearchParams, portsRequired = true): { pod: KubeObject; ports: number[] } {
  if (!pod) throw notFound('', 'pods', name);
  const spec = isPlainObject(pod.spec) ? pod.spec : {};
  if (typeof spec.nodeName !== 'string' || spec.nodeName === '') throw badRequest(`pod ${name} does not have a host assigned`);
  const texts = query.getAll('ports').flatMap((p) => p.split(','));
  if (texts.length === 0 && portsRequired) throw badRequest('query parameter "port" is required');
  const ports = texts.map((text) => {
    const port = Number(text);
    if (!/^\d+$/.test(text) || port > 65535) throw badRequest(`unable to parse "${text}" as a port: strconv.ParseUint: parsing "${text}": invalid syntax`);
    if (port < 1) throw badRequest(`port "${text}" must be > 0`);
    return port;
  });
  return { pod, ports };
}

/** The WebSocket protocol the demo answers with: the first it knows, '' for none offered, null when none fits. */
export function pickPortForwardProtocol(offered: string[]): string | null {
  const rest = offered.filter((p) => !p.startsWith(BEARER_PROTOCOL_PREFIX));
  if (rest.length === 0) return '';
  return rest.find((p) => PORT_FORWARD_WEBSOCKET_PROTOCOLS.includes(p)) ?? null;
}

export function createPortForwardSocketServer(): WebSocketServer {
  return new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => {
      const picked = pickPortForwardProtocol([...protocols]);
      return picked === null || picked === '' ? false : picked;
    },
  });
}

/** The two bytes each channel's first message carries: the port, little-endian. */
export function portPrefix(port: number): Buffer {
  return Buffer.from([port & 0xff, port >> 8]);
}

/** Upgrades and connects each port; the socket closes once every port's connection has ended. */
export function servePortForwardWebSocket(
  wss: WebSocketServer,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  request: { pod: KubeObject; ports: number[] },
  sessions: Set<WatchSession>,
): void {
  wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
    const send = (channel: number, data: Buffer): void => {
      if (ws.readyState === ws.OPEN) ws.send(Buffer.concat([Buffer.from([channel]), data]), { binary: true });
    };
    let open = request.ports.length;
    const ended = (): void => {
      open -= 1;
      if (open === 0 && ws.readyState === ws.OPEN) ws.close(1000);
    };
    const connections: Array<PodConnection | undefined> = request.ports.map((port, i) => {
      send(2 * i, portPrefix(port));
      send(2 * i + 1, portPrefix(port));
      let done = false;
      const once = (): void => {
        if (!done) {
          done = true;
          ended();
        }
      };
      const connection = connectToPod(request.pod, port, { data: (data) => send(2 * i, data), close: once });
      if (typeof connection === 'string') {
        send(2 * i + 1, Buffer.from(connection, 'utf8'));
        once();
        return undefined;
      }
      return connection;
    });
    const session = closableSession(() => {
      sessions.delete(session);
      for (const c of connections) c?.end();
      if (ws.readyState === ws.OPEN) ws.close(1000);
    });
    sessions.add(session);
    ws.on('message', (data: RawData) => {
      const message = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
      const channel = message[0];
      // Only data channels carry input; what comes on an error channel is dropped, as wsstream's WriteChannel does.
      if (channel === undefined || channel % 2 !== 0) return;
      connections[channel / 2]?.write(message.subarray(1));
    });
    ws.on('close', () => session.close());
    ws.on('error', () => session.close());
  });
}

const toBuffer = (data: RawData): Buffer => (Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data));

/** Placeholder for the tunneling protocol in the handshake ws reads: ws refuses the `/` of SPDY/3.1 in a token. */
const TUNNEL_TOKEN = 'spdy-tunneling-portforward';

/** Answers a tunneling handshake with the protocol kubectl offered, `SPDY/3.1+portforward.k8s.io`. */
export function createSpdyTunnelSocketServer(): WebSocketServer {
  return new WebSocketServer({ noServer: true, handleProtocols: (protocols) => (protocols.has(TUNNEL_TOKEN) ? SPDY_TUNNELING_PROTOCOL : false) });
}

/** SPDY tunneled in WebSocket binary messages (`SPDY/3.1+portforward.k8s.io`), as the apiserver offers kubectl 1.31+. */
export function serveTunneledSpdyPortForward(wss: WebSocketServer, req: IncomingMessage, socket: Duplex, head: Buffer, pod: KubeObject, sessions: Set<WatchSession>): void {
  req.headers['sec-websocket-protocol'] = TUNNEL_TOKEN;
  wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
    const spdy = spdyPortForwardSession(
      pod,
      (bytes) => {
        if (ws.readyState === ws.OPEN) ws.send(bytes, { binary: true });
      },
      () => ws.close(1000),
    );
    const session = closableSession(() => {
      sessions.delete(session);
      spdy.end();
      if (ws.readyState === ws.OPEN) ws.close(1000);
    });
    sessions.add(session);
    ws.on('message', (data: RawData) => spdy.receive(toBuffer(data)));
    ws.on('close', () => session.close());
    ws.on('error', () => session.close());
  });
}

/** SPDY/3.1 straight on the upgraded connection (kubectl's fallback when the WebSocket upgrade is refused). */
export function serveSpdyPortForward(socket: Duplex, head: Buffer, pod: KubeObject, sessions: Set<WatchSession>): void {
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: SPDY/3.1\r\nX-Stream-Protocol-Version: ${SPDY_PORT_FORWARD_PROTOCOL}\r\n\r\n`);
  const spdy = spdyPortForwardSession(
    pod,
    (bytes) => {
      if (socket.writable) socket.write(bytes);
    },
    () => socket.end(),
  );
  const session = closableSession(() => {
    sessions.delete(session);
    spdy.end();
    socket.destroy();
  });
  sessions.add(session);
  if (head.length > 0) spdy.receive(head);
  socket.on('data', (data: Buffer) => spdy.receive(data));
  socket.on('close', () => session.close());
  socket.on('error', () => session.close());
}
