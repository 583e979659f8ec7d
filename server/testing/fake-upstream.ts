// Test support for server/ unit tests: a fake API server on a loopback port, a kubeconfig pointing at it, and
// small HTTP/WebSocket helpers that can set Host and Origin (fetch cannot). Not used at runtime.
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { buildContextRegistry, loadKubeconfig, type ContextRegistry } from '../contexts.js';
import { kubeconfigFile } from './kubeconfig-file.js';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Resolves when the client side of this request's connection is gone. */
  closed: Promise<void>;
}

export interface FakeUpstream {
  url: string;
  requests: RecordedRequest[];
  /** Replaced per test: how the fake apiserver answers. The body has been read already. */
  handler: (req: IncomingMessage, res: ServerResponse, recorded: RecordedRequest) => void;
  close(): Promise<void>;
}

/** Starts a fake Kubernetes API server on 127.0.0.1:0 that records every request. */
export async function startFakeUpstream(): Promise<FakeUpstream> {
  const fake: FakeUpstream = {
    url: '',
    requests: [],
    handler: (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{}');
    },
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    const closed = new Promise<void>((resolve) => res.on('close', () => resolve()));
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        closed,
      };
      fake.requests.push(recorded);
      fake.handler(req, res, recorded);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/**
 * A fake upstream's handler answering each request with an empty Table, numbered in the order served by its
 * Audit-Id (`answer-1`, `answer-2`...) and resourceVersion. `hold`: requests whose URL starts with it are never
 * answered, a list the cluster is slow to build; `created`: a POST is answered 201; `echoPath`: the Table also
 * carries the URL it answers, as `path`.
 */
export function tableAnswers(options: { hold?: string; created?: boolean; echoPath?: boolean } = {}): FakeUpstream['handler'] {
  let served = 0;
  return (req, res) => {
    if (options.hold !== undefined && req.url?.startsWith(options.hold)) return;
    served++;
    res.writeHead(options.created && req.method === 'POST' ? 201 : 200, { 'Content-Type': 'application/json', 'Audit-Id': `answer-${served}` });
    const table = { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: { resourceVersion: String(served) }, columnDefinitions: [], rows: [] };
    res.end(JSON.stringify(options.echoPath ? { ...table, path: req.url } : table));
  };
}

export const FAKE_TOKEN = 'kubeconfig-secret-token-1234';

/** Writes a kubeconfig with a bearer-token context "fake" for the given server URL; returns its path. */
export function writeKubeconfig(server: string, extra = ''): string {
  return kubeconfigFile(`current-context: fake
clusters:
- name: fake-cluster
  cluster:
    server: ${server}
users:
- name: fake-user
  user:
    token: ${FAKE_TOKEN}
contexts:
- name: fake
  context:
    cluster: fake-cluster
    user: fake-user
    namespace: team-a
${extra}`);
}

/** A registry holding the kubeconfig written by writeKubeconfig for the server URL. */
/** The registry of a kubeconfig naming `server` (with FAKE_TOKEN as its user, which team mode leaves out). */
export function registryFor(server: string, options: { team?: boolean } = {}): ContextRegistry {
  return buildContextRegistry({ kubeconfig: loadKubeconfig({ path: writeKubeconfig(server) }), ...options });
}

export interface SimpleResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** An HTTP request with full control over headers (Host, Origin...) and the raw path (no URL normalization). */
export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<SimpleResponse> {
  const match = /^http:\/\/([^/:]+|\[[^\]]+\]):(\d+)(\/.*)?$/.exec(url);
  if (!match) throw new Error(`unsupported test URL ${url}`);
  const [, hostname = '', port = '', path = '/'] = match;
  return new Promise((resolve, reject) => {
    const req = http.request(
      { hostname: hostname.replace(/^\[|\]$/g, ''), port: Number(port), path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export interface MessageCollector {
  messages: unknown[];
  /** Waits until at least count messages have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<unknown[]>;
}

/** Result of a WebSocket handshake attempt: the open socket (messages collected from the first frame), or the HTTP refusal. */
export type WsAttempt = { ws: WebSocket; received: MessageCollector } | { status: number; body: string };

/** Opens a WebSocket with optional headers (Origin, Host) and subprotocols; resolves with the socket or the refusal. */
export function connectWebSocket(url: string, headers: Record<string, string | string[]> = {}, protocols?: string[]): Promise<WsAttempt> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols, { headers });
    // Collect before 'open' resolves: frames that arrive with the handshake are emitted in the same tick.
    const received = messageCollector(ws);
    ws.once('open', () => resolve({ ws, received }));
    ws.once('unexpected-response', (_req, res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    ws.once('error', reject);
  });
}

/** Collects the JSON (or, failing that, text) messages of a socket. */
export function messageCollector(ws: WebSocket): MessageCollector {
  const messages: unknown[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data: Buffer) => {
    const text = data.toString('utf8');
    try {
      messages.push(JSON.parse(text));
    } catch {
      messages.push(text);
    }
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    messages,
    waitFor: async (count, timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${count} messages; got ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return messages;
    },
  };
}

/** Polls until check() is true (or throws after timeoutMs). */
export async function waitUntil(check: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
