// tests/support/nginx.ts against two tiny replicas: requests alternate between them, a WebSocket upgrade passes
// through, a streamed answer arrives chunk by chunk, Host and X-Forwarded-For reach the replica, and a replica that is
// gone is skipped without the client seeing an error.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { freePort } from '../support/kubeglass-process.js';
import { startNginx, type Nginx } from '../support/nginx.js';

interface Replica {
  port: number;
  server: http.Server;
  sockets: Set<Socket>;
}

// Each replica answers with its port and the headers it got; /stream sends one chunk, then the next only once the
// test says it has the first: a proxy that held chunks back until the end (as a watch cannot bear) times out here.
let releaseStream: () => void = () => undefined;
async function replica(): Promise<Replica> {
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const port = (server.address() as AddressInfo).port;
    if (req.url === '/stream') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write(`first from ${port}\n`);
      releaseStream = () => res.end('second\n');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ port, host: req.headers.host, forwardedFor: req.headers['x-forwarded-for'] }));
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('message', (data: Buffer) => ws.send(`${(server.address() as AddressInfo).port}: ${data.toString()}`));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, server, sockets };
}

function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}
const servedBy = async (url: string): Promise<number> => (JSON.parse((await get(url)).body) as { port: number }).port;

let a: Replica;
let b: Replica;
let nginx: Nginx;
beforeAll(async () => {
  a = await replica();
  b = await replica();
  nginx = await startNginx({ port: await freePort(), upstreamPorts: [a.port, b.port] });
});
afterAll(async () => {
  await nginx.stop();
  for (const r of [a, b]) r.server.close();
});

describe('nginx in front of two replicas', () => {
  it('sends requests round robin, with Host passed through and X-Forwarded-For set, and logs the replica of each', async () => {
    const ports: number[] = [];
    for (let i = 0; i < 4; i++) ports.push(await servedBy(`${nginx.url}/round/${i}`));
    expect(new Set(ports)).toEqual(new Set([a.port, b.port]));
    expect(ports[0]).not.toBe(ports[1]);
    expect(ports[2]).toBe(ports[0]);
    expect(ports[3]).toBe(ports[1]);

    const echoed = JSON.parse((await get(`${nginx.url}/host`, { host: 'kubeglass.example.test:8443' })).body) as { host: string; forwardedFor: string };
    expect(echoed).toMatchObject({ host: 'kubeglass.example.test:8443', forwardedFor: '127.0.0.1' });

    const log = nginx.accessLog();
    for (let i = 0; i < 4; i++) expect(log).toContain(`GET /round/${i} 200 upstream=127.0.0.1:${ports[i]} `);
  });

  it('passes a WebSocket upgrade through to a replica', async () => {
    const ws = new WebSocket(`${nginx.url.replace('http', 'ws')}/ws`);
    const answer = await new Promise<string>((resolve, reject) => {
      ws.once('open', () => ws.send('ping'));
      ws.once('message', (data: Buffer) => resolve(data.toString()));
      ws.once('error', reject);
    });
    ws.close();
    expect(answer).toMatch(new RegExp(`^(${a.port}|${b.port}): ping$`));
  });

  it('streams an answer chunk by chunk instead of buffering it', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      http.get(`${nginx.url}/stream`, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString();
          if (text.startsWith('first') && !text.includes('second')) releaseStream();
        });
        res.on('end', () => resolve(text));
      }).on('error', reject);
    });
    expect(body).toMatch(/^first from \d+\nsecond\n$/);
  });

  it('skips a replica that is gone: every request is answered by the other', async () => {
    await new Promise<void>((r) => {
      b.server.close(() => r());
      for (const s of b.sockets) s.destroy();
    });
    const ports: number[] = [];
    for (let i = 0; i < 4; i++) ports.push(await servedBy(`${nginx.url}/dead/${i}`));
    expect(ports).toEqual([a.port, a.port, a.port, a.port]);
    // At least one request first tried the dead replica, then went on to the live one.
    expect(nginx.accessLog()).toMatch(new RegExp(`GET /dead/\\d 200 upstream=127\\.0\\.0\\.1:${b.port}, 127\\.0\\.0\\.1:${a.port} `));
  });
});
