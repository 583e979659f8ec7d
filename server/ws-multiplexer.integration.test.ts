import type { ServerResponse } from 'node:http';
import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TABLE_ACCEPT } from '../wire/ws-protocol.js';
import { createKubeglassServer, type KubeglassServer } from './app.js';
import { buildContextRegistry, loadKubeconfig } from './contexts.js';
import { parseClientMessage, WatchMultiplexer } from './ws-multiplexer.js';
import {
  connectWebSocket,
  FAKE_TOKEN,
  startFakeUpstream,
  waitUntil,
  writeKubeconfig,
  type FakeUpstream,
  type MessageCollector,
} from './testing/fake-upstream.js';
import type { WebSocket } from 'ws';

let upstream: FakeUpstream;
let app: KubeglassServer;
let port: number;
let ws: WebSocket;
let received: MessageCollector;
/** Upstream watch responses by path, to push events in tests. */
let watches: Map<string, ServerResponse>;

const event = (type: string, name: string, rv: string) => ({ type, object: { kind: 'Pod', metadata: { name, resourceVersion: rv } } });
const line = (value: unknown) => `${JSON.stringify(value)}\n`;

beforeEach(async () => {
  upstream = await startFakeUpstream();
  watches = new Map();
  upstream.handler = (req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
    res.flushHeaders();
    watches.set((req.url ?? '').split('?')[0] ?? '', res);
  };
  const contexts = buildContextRegistry({ kubeconfig: loadKubeconfig({ path: writeKubeconfig(upstream.url) }) });
  app = createKubeglassServer({ contexts, staticDir: '/nonexistent' });
  port = await app.listen(0, '127.0.0.1');
  const attempt = await connectWebSocket(`ws://127.0.0.1:${port}/-/ws`);
  if (!('ws' in attempt)) throw new Error(`refused ${attempt.status}`);
  ({ ws, received } = attempt);
});

afterEach(async () => {
  ws.terminate();
  await app.close();
  await upstream.close();
});

const send = (message: unknown) => ws.send(typeof message === 'string' ? message : JSON.stringify(message));

describe('/-/ws watch multiplexer', () => {
  it('opens the upstream watch, relays each event unchanged, and reports the normal end', async () => {
    send({ op: 'watch', id: 'w1', context: 'fake', path: '/api/v1/namespaces/default/pods', query: { resourceVersion: '10', labelSelector: 'app=web' }, as: 'Table' });
    await waitUntil(() => watches.has('/api/v1/namespaces/default/pods'), 3000, 'upstream watch');
    const seen = upstream.requests[0];
    const url = new URL(seen?.url ?? '', upstream.url);
    expect(url.searchParams.get('watch')).toBe('1');
    expect(url.searchParams.get('resourceVersion')).toBe('10');
    expect(url.searchParams.get('labelSelector')).toBe('app=web');
    expect(seen?.headers.accept).toBe(TABLE_ACCEPT);
    expect(seen?.headers.authorization).toBe(`Bearer ${FAKE_TOKEN}`);

    const res = watches.get('/api/v1/namespaces/default/pods');
    const first = event('ADDED', 'a', '11');
    const second = event('MODIFIED', 'a', '12');
    const third = event('DELETED', 'a', '13');
    // Two events in one chunk, then one split across three chunks.
    res?.write(line(first) + line(second));
    const text = line(third);
    res?.write(text.slice(0, 5));
    res?.write(text.slice(5, 30));
    res?.end(text.slice(30));
    expect(await received.waitFor(4)).toEqual([
      { id: 'w1', event: first },
      { id: 'w1', event: second },
      { id: 'w1', event: third },
      { id: 'w1', closed: true, status: null },
    ]);
  });

  it('batch: events that arrive together leave in one {"id","events"} frame, in order, before the close', async () => {
    send({ op: 'watch', id: 'b', context: 'fake', path: '/api/v1/pods', batch: true });
    await waitUntil(() => watches.has('/api/v1/pods'), 3000, 'upstream watch');
    const res = watches.get('/api/v1/pods');
    const sent = [event('ADDED', 'a', '11'), event('MODIFIED', 'a', '12'), event('MODIFIED', 'a', '13'), event('DELETED', 'a', '14')];
    // Three events in one chunk (one read, one frame), then one more and the end.
    res?.write(sent.slice(0, 3).map(line).join(''));
    await waitUntil(() => received.messages.length === 1, 3000, 'the first batch');
    expect(received.messages[0]).toEqual({ id: 'b', events: sent.slice(0, 3) });
    res?.end(line(sent[3]));
    await waitUntil(() => received.messages.some((m) => (m as { closed?: boolean }).closed === true), 3000, 'the close');
    const messages = received.messages as { id: string; events?: unknown[]; closed?: boolean }[];
    expect(messages.at(-1)).toEqual({ id: 'b', closed: true, status: null });
    expect(messages.slice(0, -1).every((m) => m.id === 'b' && Array.isArray(m.events))).toBe(true);
    expect(messages.slice(0, -1).flatMap((m) => m.events)).toEqual(sent);
  });

  it('batch: events before a line that is not a watch event are still delivered, then the 502 close', async () => {
    send({ op: 'watch', id: 'b', context: 'fake', path: '/api/v1/pods', batch: true });
    await waitUntil(() => watches.has('/api/v1/pods'), 3000, 'upstream watch');
    const good = event('ADDED', 'a', '11');
    watches.get('/api/v1/pods')?.write(`${line(good)}{"not":"an event"}\n`);
    expect(await received.waitFor(2)).toEqual([
      { id: 'b', events: [good] },
      { id: 'b', closed: true, status: expect.objectContaining({ code: 502, message: 'watch b: the upstream sent something that is not a watch event' }) },
    ]);
  });

  it('asks for plain objects when as=Object', async () => {
    send({ op: 'watch', id: 'o', context: 'fake', path: '/api/v1/namespaces' });
    await waitUntil(() => upstream.requests.length === 1, 3000, 'upstream watch');
    expect(upstream.requests[0]?.headers.accept).toBe('application/json');
  });

  it('multiplexes several watches on one socket', async () => {
    send({ op: 'watch', id: 'pods', context: 'fake', path: '/api/v1/pods' });
    send({ op: 'watch', id: 'cms', context: 'fake', path: '/api/v1/configmaps' });
    await waitUntil(() => watches.size === 2, 3000, 'two upstream watches');
    watches.get('/api/v1/configmaps')?.write(line(event('ADDED', 'cm', '1')));
    watches.get('/api/v1/pods')?.write(line(event('ADDED', 'pod', '2')));
    const messages = await received.waitFor(2);
    expect(messages).toContainEqual({ id: 'cms', event: event('ADDED', 'cm', '1') });
    expect(messages).toContainEqual({ id: 'pods', event: event('ADDED', 'pod', '2') });
  });

  it('closes with the upstream Status on an HTTP error, wrapping non-JSON bodies', async () => {
    const forbidden = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'pods is forbidden', reason: 'Forbidden', details: { kind: 'pods' }, code: 403 };
    upstream.handler = (req, res) => {
      if (req.url?.startsWith('/api/v1/pods')) {
        res.writeHead(403, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(forbidden));
      } else {
        res.writeHead(429, { 'Content-Type': 'text/plain', 'Retry-After': '1' });
        res.end('Too many requests, please try again later.\n');
      }
    };
    send({ op: 'watch', id: 'a', context: 'fake', path: '/api/v1/pods' });
    expect(await received.waitFor(1)).toEqual([{ id: 'a', closed: true, status: forbidden }]);
    send({ op: 'watch', id: 'b', context: 'fake', path: '/api/v1/secrets' });
    const [, second] = await received.waitFor(2);
    expect(second).toMatchObject({
      id: 'b',
      closed: true,
      status: { kind: 'Status', status: 'Failure', code: 429, reason: 'TooManyRequests', message: 'Too many requests, please try again later.' },
    });
  });

  it('stops the upstream watch on unwatch and sends nothing more for that id', async () => {
    send({ op: 'watch', id: 'w', context: 'fake', path: '/api/v1/pods' });
    await waitUntil(() => watches.size === 1, 3000, 'upstream watch');
    let aborted = false;
    void upstream.requests[0]?.closed.then(() => (aborted = true));
    send({ op: 'unwatch', id: 'w' });
    await waitUntil(() => aborted, 3000, 'upstream abort');
    send({ op: 'watch', id: 'probe', context: 'nope', path: '/api/v1/pods' });
    expect(await received.waitFor(1)).toEqual([expect.objectContaining({ id: 'probe', closed: true })]);
  });

  it('aborts every upstream watch when the socket closes', async () => {
    send({ op: 'watch', id: 'a', context: 'fake', path: '/api/v1/pods' });
    send({ op: 'watch', id: 'b', context: 'fake', path: '/api/v1/configmaps' });
    await waitUntil(() => watches.size === 2, 3000, 'upstream watches');
    let aborted = 0;
    for (const request of upstream.requests) void request.closed.then(() => aborted++);
    ws.close();
    await waitUntil(() => aborted === 2, 3000, 'both upstream aborts');
  });

  it.each([
    ['not json', 'not JSON', ''],
    ['[1,2]', 'expected a JSON object', ''],
    [JSON.stringify({ op: 'watch' }), '"id" must be a non-empty string', ''],
    [JSON.stringify({ op: 'stare', id: 'x' }), '"op" must be "watch" or "unwatch"', 'x'],
    [JSON.stringify({ op: 'watch', id: 'x', path: '/api/v1/pods' }), '"context" must be a non-empty string', 'x'],
    [JSON.stringify({ op: 'watch', id: 'x', context: 'fake' }), '"path" must be an API path', 'x'],
    [JSON.stringify({ op: 'watch', id: 'x', context: 'fake', path: '/api/v1/pods?watch=1' }), '"path" must be an API path', 'x'],
    [JSON.stringify({ op: 'watch', id: 'x', context: 'fake', path: '/api/v1/pods', query: { limit: 5 } }), '"query" values must be strings', 'x'],
    [JSON.stringify({ op: 'watch', id: 'x', context: 'fake', path: '/api/v1/pods', as: 'Yaml' }), '"as" must be "Table" or "Object"', 'x'],
    [JSON.stringify({ op: 'watch', id: 'x', context: 'nope', path: '/api/v1/pods' }), 'unknown context "nope"', 'x'],
  ])('answers the bad message %s with a 400 closed message and keeps serving', async (message, why, id) => {
    send(message);
    const [reply] = await received.waitFor(1);
    expect(reply).toMatchObject({ id, closed: true, status: { kind: 'Status', status: 'Failure', reason: 'BadRequest', code: 400 } });
    expect((reply as { status: { message: string } }).status.message).toContain(why);
    expect(upstream.requests).toHaveLength(0);
    send({ op: 'watch', id: 'after', context: 'fake', path: '/api/v1/pods' });
    await waitUntil(() => upstream.requests.length === 1, 3000, 'the socket to keep working');
  });

  it('closes both watches on a duplicate id, leaving none open', async () => {
    send({ op: 'watch', id: 'dup', context: 'fake', path: '/api/v1/pods' });
    await waitUntil(() => watches.size === 1, 3000, 'upstream watch');
    let aborted = false;
    void upstream.requests[0]?.closed.then(() => (aborted = true));
    send({ op: 'watch', id: 'dup', context: 'fake', path: '/api/v1/configmaps' });
    const [reply] = await received.waitFor(1);
    expect(reply).toMatchObject({ id: 'dup', closed: true, status: { code: 400, reason: 'BadRequest' } });
    await waitUntil(() => aborted, 3000, 'the first watch to be aborted');
    expect(upstream.requests).toHaveLength(1);
  });

  it('closes a watch whose upstream sends something that is not a watch event', async () => {
    send({ op: 'watch', id: 'g', context: 'fake', path: '/api/v1/pods' });
    await waitUntil(() => watches.size === 1, 3000, 'upstream watch');
    watches.get('/api/v1/pods')?.write('<html>proxy error</html>\n');
    const [reply] = await received.waitFor(1);
    expect(reply).toMatchObject({ id: 'g', closed: true, status: { kind: 'Status', code: 502 } });
  });
});

describe('parseClientMessage', () => {
  it('accepts a complete watch request', () => {
    expect(parseClientMessage(JSON.stringify({ op: 'watch', id: '1', context: 'c', path: '/apis/apps/v1/deployments', query: { allowWatchBookmarks: 'true' }, as: 'Object' }))).toEqual({
      op: 'watch',
      request: { op: 'watch', id: '1', context: 'c', path: '/apis/apps/v1/deployments', query: { allowWatchBookmarks: 'true' }, as: 'Object' },
    });
  });

  it('keeps batch: true, leaves false out, and refuses anything else', () => {
    const watch = { op: 'watch', id: '1', context: 'c', path: '/api/v1/pods' };
    expect(parseClientMessage(JSON.stringify({ ...watch, batch: true }))).toEqual({ op: 'watch', request: { ...watch, query: {}, batch: true } });
    expect(parseClientMessage(JSON.stringify({ ...watch, batch: false }))).toEqual({ op: 'watch', request: { ...watch, query: {} } });
    expect(parseClientMessage(JSON.stringify({ ...watch, batch: 'yes' }))).toMatchObject({ id: '1', error: { code: 400, message: 'invalid watch message "1" on /-/ws: "batch" must be true or false' } });
  });
});

describe('keepalive and backpressure', () => {
  it('pings the client', async () => {
    const contexts = buildContextRegistry({ kubeconfig: loadKubeconfig('none') });
    const mux = new WatchMultiplexer({ contexts, pingIntervalMs: 30 });
    const { default: http } = await import('node:http');
    const server = http.createServer();
    server.on('upgrade', (req, socket, head) => mux.handleUpgrade(req, socket, head));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const attempt = await connectWebSocket(`ws://127.0.0.1:${(server.address() as net.AddressInfo).port}/-/ws`);
      if (!('ws' in attempt)) throw new Error('refused');
      await new Promise<void>((resolve) => attempt.ws.once('ping', () => resolve()));
      attempt.ws.close();
    } finally {
      await mux.close();
      server.close();
    }
  });

  it('stops reading the upstream while the client does not read, and delivers everything once it does', async () => {
    // A raw client that completes the handshake and then stops reading, so the server's send queue fills up.
    // Far more than the kernel's loopback buffers (which autotune to several MiB each way under load) and our queue.
    const total = 64 * 1024 * 1024;
    const payload = 'x'.repeat(64 * 1024);
    let written = 0;
    let blocked = false;
    upstream.handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const pump = (): void => {
        while (written < total) {
          const chunk = line({ type: 'ADDED', object: { metadata: { name: `p${written}` }, data: payload } });
          written += chunk.length;
          if (!res.write(chunk)) {
            blocked = true;
            res.once('drain', () => {
              blocked = false;
              pump();
            });
            return;
          }
        }
        res.end();
      };
      pump();
    };
    // Its own multiplexer, so the test hears when it pauses the upstream instead of watching a clock.
    let congested = false;
    const contexts = buildContextRegistry({ kubeconfig: loadKubeconfig({ path: writeKubeconfig(upstream.url) }) });
    const mux = new WatchMultiplexer({ contexts, onCongestion: (now) => (congested = now) });
    const { default: http } = await import('node:http');
    const server = http.createServer();
    server.on('upgrade', (req, socket, head) => mux.handleUpgrade(req, socket, head));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const muxPort = (server.address() as net.AddressInfo).port;
    const socket = net.connect(muxPort, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `GET /-/ws HTTP/1.1\r\nHost: 127.0.0.1:${muxPort}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    let receivedBytes = 0;
    let handshake = '';
    await new Promise<void>((resolve) => {
      const onData = (chunk: Buffer): void => {
        receivedBytes += chunk.length;
        handshake += chunk.toString('latin1');
        if (handshake.includes('\r\n\r\n')) {
          socket.off('data', onData);
          resolve();
        }
      };
      socket.on('data', onData);
    });
    socket.pause();
    // Masked client frame carrying the watch request.
    const message = Buffer.from(JSON.stringify({ op: 'watch', id: 'big', context: 'fake', path: '/api/v1/pods' }));
    const mask = Buffer.from([1, 2, 3, 4]);
    const masked = Buffer.from(message.map((byte, i) => byte ^ (mask[i % 4] ?? 0)));
    socket.write(Buffer.concat([Buffer.from([0x81, 0x80 | message.length]), mask, masked]));

    // The multiplexer pauses its upstream read once the client's queue passes the high-water mark; the
    // upstream then fills the kernel buffers and blocks, far short of the whole body.
    await waitUntil(() => congested && blocked, 20_000, 'the multiplexer to pause and the upstream to block');
    expect(written).toBeLessThan(total / 2);

    socket.on('data', (chunk: Buffer) => {
      receivedBytes += chunk.length;
    });
    socket.resume();
    await waitUntil(() => written >= total && receivedBytes >= total, 20_000, 'all events to flow once the client reads');
    await waitUntil(() => !congested, 5_000, 'the multiplexer to resume reading');
    socket.destroy();
    await mux.close();
    server.close();
  }, 30_000);
});
