// Test support for the proxy probes: an API server that records every request its HTTP parser sees (which
// connection, method, path, headers, body, whether the body ended), and a raw client that sends bytes fetch cannot.
import http, { type IncomingHttpHeaders } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startKubeglass, type RunningKubeglass } from '../../server/cli.js';
import { writeKubeconfig } from '../../server/testing/fake-upstream.js';

export interface RecordedCall {
  /** 1, 2, ... in the order the upstream accepted connections. */
  connection: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** False while (or when, after the connection died) the body has not ended. */
  complete: boolean;
  upgrade: boolean;
}

export interface RecordingUpstream {
  url: string;
  calls: RecordedCall[];
  /** Connections the upstream's parser refused (it answers 400 and closes them). */
  parseErrors: number;
  /** Connections that have closed. */
  closed: Set<number>;
  /** Written verbatim to an upgraded socket; the default is a plain WebSocket 101. */
  upgradeAnswer: (key: string) => string;
  close(): Promise<void>;
}

export async function startRecordingUpstream(): Promise<RecordingUpstream> {
  let connections = 0;
  const ids = new WeakMap<Duplex, number>();
  const sockets = new Set<Duplex>();
  const recorder: RecordingUpstream = {
    url: '',
    calls: [],
    parseErrors: 0,
    closed: new Set(),
    upgradeAnswer: () => 'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    const call: RecordedCall = {
      connection: ids.get(req.socket) ?? 0,
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body: '',
      complete: false,
      upgrade: false,
    };
    recorder.calls.push(call);
    req.setEncoding('latin1');
    req.on('data', (chunk: string) => (call.body += chunk));
    req.on('end', () => {
      call.complete = true;
      const body = JSON.stringify({ kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'seen' } });
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  });
  server.on('connection', (socket) => {
    const id = ++connections;
    ids.set(socket, id);
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      recorder.closed.add(id);
    });
  });
  server.on('upgrade', (req, socket: Duplex, head: Buffer) => {
    const connection = ids.get(socket) ?? 0;
    recorder.calls.push({ connection, method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: head.toString('latin1'), complete: true, upgrade: true });
    socket.on('error', () => socket.destroy());
    socket.write(recorder.upgradeAnswer(String(req.headers['sec-websocket-key'] ?? '')));
  });
  server.on('clientError', (_error, socket) => {
    recorder.parseErrors += 1;
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  recorder.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  recorder.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return recorder;
}

export interface RawExchange {
  /** Everything the server sent back, as latin1 text. */
  answer: string;
  /** The status codes of the answers, in order. */
  statuses: number[];
}

/**
 * Sends `bytes` on one fresh connection and collects the answers until `expected` of them have arrived (or the
 * server closes the connection, or `timeoutMs` passes); `holdOpenMs` more let stray upstream traffic show.
 */
export function rawExchange(port: number, bytes: string, expected: number, options: { timeoutMs?: number; holdOpenMs?: number; destroyAfterWrite?: boolean } = {}): Promise<RawExchange> {
  const { timeoutMs = 3000, holdOpenMs = 150 } = options;
  return new Promise((resolve, reject) => {
    let answer = '';
    let done = false;
    const statuses = (): number[] => [...answer.matchAll(/(?:^|\r\n)HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
    const finish = (): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      setTimeout(() => {
        socket.destroy();
        resolve({ answer, statuses: statuses() });
      }, holdOpenMs);
    };
    const timer = setTimeout(finish, timeoutMs);
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(bytes, 'latin1');
      if (options.destroyAfterWrite === true) {
        // Give the proxy time to start forwarding before the client vanishes mid-body.
        setTimeout(() => {
          socket.destroy();
          finish();
        }, 200);
      }
    });
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (statuses().length >= expected) finish();
    });
    socket.on('close', finish);
    socket.on('error', (error) => (done ? undefined : reject(error)));
  });
}

/** A real kubeglass whose one context ("fake") is a recording upstream, with a stand-in SPA. */
export async function startKubeglassOnRecordingUpstream(): Promise<{ upstream: RecordingUpstream; kubeglass: RunningKubeglass }> {
  const upstream = await startRecordingUpstream();
  const web = mkdtempSync(join(tmpdir(), 'kubeglass-probe-web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Kubeglass</title>');
  const kubeglass = await startKubeglass({ port: 0, kubeconfig: writeKubeconfig(upstream.url), staticDir: web });
  return { upstream, kubeglass };
}
