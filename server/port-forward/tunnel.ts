// One TCP connection carried to a pod's port: a WebSocket to the API server's pods/{name}/portforward (the kubelet's
// v4.channel.k8s.io framing), opened with the context's credentials or the person's token; when the server refuses the
// WebSocket upgrade (other than for who is asking), SPDY/3.1 as kubectl falls back to.
import type { Socket } from 'node:net';
import WebSocket from 'ws';
import type { ContextTarget } from '../contexts.js';
import type { Person } from '../person.js';
import { upstreamRequestOptions } from '../upstream.js';
import { ChannelReader, frame, PORT_FORWARD_PROTOCOL } from './channel-framing.js';
import { spdyTunnel } from './spdy-tunnel.js';
import { holdInto, type PodAddress, type TunnelEvents } from './tunnel-parts.js';

export type { PodAddress, TunnelEvents } from './tunnel-parts.js';

/** Carries the socket's bytes to the pod's port and back until either side closes; returns a function that ends it. */
export async function tunnel(target: ContextTarget, person: Person, address: PodAddress, socket: Socket, events: TunnelEvents): Promise<() => void> {
  const { namespace, pod, port } = address;
  const path = `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(pod)}/portforward?ports=${port}`;
  const held: Buffer[] = [];
  const hold = holdInto(held);
  socket.on('data', hold);
  socket.pause();
  const options = await upstreamRequestOptions(target, { method: 'GET', pathAndQuery: path, headers: { origin: target.server.origin, 'user-agent': 'kubeglass' } }, person);
  const scheme = target.server.protocol === 'https:' ? 'wss:' : 'ws:';
  const host = target.server.host;
  const { protocol: _protocol, hostname: _hostname, port: _port, method: _method, path: fullPath, ...connect } = options;
  const ws = new WebSocket(`${scheme}//${host}${fullPath ?? path}`, [PORT_FORWARD_PROTOCOL], { ...connect, perMessageDeflate: false, handshakeTimeout: 30_000 });
  const reader = new ChannelReader([port]);
  let closed = false;
  let fellBack = false;
  let fallback: (() => void) | undefined;
  const close = (): void => {
    if (fallback) return fallback();
    if (closed) return;
    closed = true;
    socket.destroy();
    if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.terminate();
  };
  ws.on('unexpected-response', (_request, response) => {
    if (shouldFallBack(response.statusCode ?? 0)) {
      fellBack = true;
      response.resume();
      ws.terminate();
      spdyTunnel(target, person, address, socket, held, events).then(
        (end) => void (fallback = end),
        (error: unknown) => {
          events.error(error instanceof Error ? error.message : String(error));
          socket.destroy();
        },
      );
      return;
    }
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let message = `the API server refused the port-forward upgrade (${response.statusCode ?? 0})`;
      try {
        const status = JSON.parse(text) as { message?: unknown };
        if (typeof status.message === 'string') message = status.message;
      } catch {
        if (text.trim() !== '') message = `${message}: ${text.trim().slice(0, 500)}`;
      }
      events.error(message);
      close();
    });
    response.on('error', close);
  });
  ws.on('open', () => {
    socket.off('data', hold);
    for (const chunk of held.splice(0)) send(chunk);
    socket.on('data', send);
    socket.resume();
  });
  const send = (chunk: Buffer): void => {
    events.bytesOut(chunk.length);
    ws.send(frame(0, chunk), { binary: true });
  };
  ws.on('message', (data: WebSocket.RawData) => {
    const message = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    const read = reader.read(message);
    if (read.kind === 'data') {
      events.bytesIn(read.data.length);
      socket.write(read.data);
    } else if (read.kind === 'error') {
      if (read.text !== '') events.error(read.text);
      close();
    } else if (read.kind === 'invalid') {
      events.error(`the API server's port-forward stream is not what the kubelet sends: ${read.why}`);
      close();
    }
  });
  ws.on('error', (error) => {
    if (fellBack) return;
    if (!closed) events.error(`port-forward WebSocket failed: ${error.message}`);
    close();
  });
  ws.on('close', () => {
    if (fellBack) return;
    // The pod closed the connection: the data written so far still reaches the client.
    if (!closed) {
      closed = true;
      socket.end();
    }
  });
  socket.on('end', () => {
    if (ws.readyState === WebSocket.OPEN) ws.close(1000);
  });
  socket.on('error', close);
  socket.on('close', close);
  return close;
}

/** kubectl falls back to SPDY when the WebSocket upgrade fails; not when the answer is about who asks or what. */
export function shouldFallBack(code: number): boolean {
  return code !== 401 && code !== 403 && code !== 404;
}
