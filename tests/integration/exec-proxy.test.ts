// pods/exec through the kubeglass proxy to the demo cluster: kubectl exec (WebSocket v5, exit codes), and the
// upgrade's checks, the same as /-/ws: Origin, Sec-Fetch-Site, the access token, dot segments; subprotocol passed on.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import http from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { startDemoCluster } from '../../demo-cluster/index.js';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../wire/browser-headers.js';
import { startKubeglass, type RunningKubeglass } from '../../server/cli.js';
import { connectWebSocket } from '../../server/testing/fake-upstream.js';
import { runProcess } from '../support/run-process.js';
import { ADMIN_TOKEN, startHarness, VIEWER_TOKEN } from './kubeglass-harness.js';

const ACCESS_TOKEN = 'exec-proxy-access-token-0001';
let kg: RunningKubeglass;
/** Without an access token: kubectl sends no bearer token over plain http. */
let open: RunningKubeglass;
let home: string;
let cookie: string;
let ws: string;
let pod: { namespace: string; name: string };

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'kubeglass-exec-'));
  writeFileSync(join(home, 'token'), ACCESS_TOKEN);
  writeFileSync(join(home, 'kubeconfig'), 'apiVersion: v1\nkind: Config\n');
  kg = await startKubeglass({
    port: 0,
    kubeconfig: false,
    tokenFile: join(home, 'token'),
    staticDir: mkdtempSync(join(tmpdir(), 'kubeglass-no-web-')),
    demo: { start: startDemoCluster, options: { activityIntervalMs: 0, tokens: { admin: ADMIN_TOKEN, viewer: VIEWER_TOKEN } } },
  });
  open = await startHarness();
  const login = await fetch(`${kg.url}/-/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: ACCESS_TOKEN }) });
  cookie = (login.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
  ws = kg.url.replace('http:', 'ws:');
  const list = await fetch(`${kg.url}/k8s/demo/api/v1/pods?fieldSelector=status.phase%3DRunning`, { headers: { Cookie: cookie, [CLIENT_HEADER]: CLIENT_HEADER_VALUE } });
  const items = ((await list.json()) as { items: Array<{ metadata: { namespace: string; name: string }; spec: { containers: unknown[] } }> }).items;
  const single = items.find((p) => p.spec.containers.length === 1);
  if (!single) throw new Error('the demo cluster has no running single-container pod');
  pod = single.metadata;
});

afterAll(async () => {
  await kg?.close();
  await open?.close();
});

function kubectl(args: string[]) {
  // An empty kubeconfig: the demo context's own credentials are added by the proxy.
  const env = { PATH: process.env.PATH, HOME: home, KUBECONFIG: join(home, 'kubeconfig') };
  return runProcess('kubectl', ['--server', `${open.url}/k8s/demo`, '--cache-dir', join(home, 'cache'), '--request-timeout', '20s', ...args], { env });
}

const execPath = (command: string[]) =>
  `/k8s/demo/api/v1/namespaces/${pod.namespace}/pods/${pod.name}/exec?${command.map((c) => `command=${encodeURIComponent(c)}`).join('&')}&stdout=true&stderr=true`;

/** A socket's frames once the server closed it, as [channel, text] pairs (the collector holds them as text: a channel byte first). */
async function framesUntilClose(socket: WebSocket, messages: unknown[]): Promise<Array<[number, string]>> {
  if (socket.readyState !== socket.CLOSED) await new Promise((resolve) => socket.once('close', resolve));
  return messages.map((m) => (typeof m === 'string' ? [m.charCodeAt(0), m.slice(1)] : [-1, JSON.stringify(m)]));
}

/** A raw upgrade request (WHATWG URLs would resolve %2e%2e before it is sent); resolves with the answer's status. */
function rawUpgradeStatus(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port: kg.port,
      path,
      headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==', 'Sec-WebSocket-Protocol': 'v5.channel.k8s.io', ...headers },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('upgrade', (_res, socket) => {
      socket.destroy();
      resolve(101);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('kubectl exec through the kubeglass proxy', () => {
  it('runs echo and propagates exit codes', async () => {
    const hi = await kubectl(['exec', '-n', pod.namespace, pod.name, '--', 'echo', 'hi']);
    expect(hi.stderr).toBe('');
    expect(hi.stdout).toBe('hi\n');
    expect(hi.code).toBe(0);
    const three = await kubectl(['exec', '-n', pod.namespace, pod.name, '--', 'sh', '-c', 'exit 3']);
    expect(three.code).toBe(3);
    expect(three.stderr).toContain('command terminated with exit code 3');
  });
});

describe('the exec upgrade through /k8s/{context}', () => {
  it('opens same-origin with the cookie and negotiates v5, or v4 when only v4 is offered', async () => {
    for (const [offered, expected] of [
      [['v5.channel.k8s.io', 'v4.channel.k8s.io'], 'v5.channel.k8s.io'],
      [['v4.channel.k8s.io'], 'v4.channel.k8s.io'],
    ] as const) {
      const attempt = await connectWebSocket(`${ws}${execPath(['echo', 'hello'])}`, { Origin: kg.url, Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' }, [...offered]);
      if (!('ws' in attempt)) throw new Error(`refused: ${attempt.status} ${attempt.body}`);
      expect(attempt.ws.protocol).toBe(expected);
      const frames = await framesUntilClose(attempt.ws, attempt.received.messages);
      expect(frames).toEqual([
        [1, 'hello\n'],
        [3, '{"metadata":{},"status":"Success"}'],
      ]);
    }
  });

  it('refuses a foreign Origin, a cross-site fetch, no access token and dot segments before the cluster', async () => {
    const url = `${ws}${execPath(['echo', 'x'])}`;
    const protocols = ['v5.channel.k8s.io'];
    expect(await connectWebSocket(url, { Origin: 'https://evil.example', Cookie: cookie }, protocols)).toMatchObject({ status: 403 });
    expect(await connectWebSocket(url, { Origin: 'http://localhost:1', Cookie: cookie }, protocols)).toMatchObject({ status: 403 });
    expect(await connectWebSocket(url, { Origin: kg.url, Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' }, protocols)).toMatchObject({ status: 403 });
    expect(await connectWebSocket(url, { Origin: kg.url }, protocols)).toMatchObject({ status: 401 });
    const dots = `/k8s/demo/api/v1/namespaces/${pod.namespace}/pods/%2e%2e/exec?command=ls&stdout=true`;
    expect(await rawUpgradeStatus(dots, { Origin: kg.url, Cookie: cookie })).toBe(400);
    expect(await rawUpgradeStatus(execPath(['ls']), { Origin: kg.url, Cookie: cookie })).toBe(101);
  });

  it('attach streams the main process output until the client leaves', async () => {
    const path = `/k8s/demo/api/v1/namespaces/${pod.namespace}/pods/${pod.name}/attach?stdout=true`;
    const attempt = await connectWebSocket(`${ws}${path}`, { Origin: kg.url, Cookie: cookie }, ['v5.channel.k8s.io']);
    if (!('ws' in attempt)) throw new Error(`refused: ${attempt.status} ${attempt.body}`);
    const [first] = await attempt.received.waitFor(1, 5000);
    expect(String(first).charCodeAt(0)).toBe(1);
    expect(String(first).slice(1)).toMatch(/^\d{4}-\d\d-\d\dT\S+ \S+: tick 1\n$/);
    attempt.ws.close();
  });

  it('relays the cluster refusal as a Status (a missing container)', async () => {
    const attempt = await connectWebSocket(`${ws}${execPath(['ls'])}&container=nope`, { Origin: kg.url, Cookie: cookie }, ['v5.channel.k8s.io']);
    expect(attempt).toMatchObject({ status: 400 });
    if ('body' in attempt) expect(JSON.parse(attempt.body)).toMatchObject({ kind: 'Status', reason: 'BadRequest', message: `container nope is not valid for pod ${pod.name}` });
  });
});
