// The browser's credential and the request gate, probed as a page of another server on the same host, a script
// guessing tokens, an idle or flooding client would: the cookie is never the access token, the printed start URL
// signs in once, wrong tokens are slowed per address, idle connections are closed, and one client address cannot
// hold unbounded sockets, watches or requests. Counted for the report.
import { mkdtempSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../wire/browser-headers.js';
import { runCli, startKubeglass, type RunningKubeglass } from '../../server/cli.js';
import { connectWebSocket, startFakeUpstream, writeKubeconfig, type FakeUpstream } from '../../server/testing/fake-upstream.js';
import { blocked } from './probe-report.js';

const ACCESS_TOKEN = 'probe-browser-credential-0a1b2c3d4e5f';
const PUBLIC_ORIGIN = 'https://kubeglass.example.test';
const CLIENT = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
const BEARER = { Authorization: `Bearer ${ACCESS_TOKEN}` };

let upstream: FakeUpstream;
let kubeglass: RunningKubeglass;
let base: string;
let dir: string;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request to kubeglass from `from` (any 127.0.0.0/8 address is this machine: another client address). */
function send(path: string, options: { method?: string; headers?: Record<string, string>; body?: string; from?: string; port?: number } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: options.port ?? kubeglass.port, path, method: options.method ?? 'GET', headers: options.headers, localAddress: options.from, agent: false },
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

const cookieOf = (answer: Answer): string => String(answer.headers['set-cookie']?.[0] ?? '').split(';', 1)[0] ?? '';

/** Signs in with the access token as the SPA's sign-in screen does; the session cookie, or '' when refused. */
async function signIn(port = kubeglass.port, headers: Record<string, string> = {}): Promise<{ answer: Answer; cookie: string }> {
  const answer = await send('/-/login', {
    port,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${port}`, ...headers },
    body: JSON.stringify({ token: ACCESS_TOKEN }),
  });
  return { answer, cookie: answer.status < 300 ? cookieOf(answer) : '' };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kubeglass-credential-probe-'));
  writeFileSync(join(dir, 'token'), `${ACCESS_TOKEN}\n`);
  upstream = await startFakeUpstream();
  upstream.handler = (req, res) => {
    // Watches and slow reads stay open until the probe leaves; everything else answers at once.
    if ((req.url ?? '').includes('watch=1') || (req.url ?? '').includes('slow')) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.flushHeaders();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"kind":"APIVersions","versions":["v1"]}');
  };
  kubeglass = await startKubeglass({ port: 0, kubeconfig: writeKubeconfig(upstream.url), tokenFile: join(dir, 'token'), staticDir: dir });
  base = kubeglass.url;
});

afterAll(async () => {
  await kubeglass?.close();
  await upstream?.close();
});

describe('browser credential probes', () => {
  it('the cookie a sign-in sets is not the access token and is refused as a Bearer token', async () => {
    const start = await send(new URL(kubeglass.startUrl).pathname + new URL(kubeglass.startUrl).search);
    const cookie = cookieOf(start);
    const value = cookie.slice(cookie.indexOf('=') + 1);
    blocked('session', 'start URL sign-in sets a cookie that is not the access token', value !== '' && value !== ACCESS_TOKEN);
    const asBearer = await send('/k8s/fake/api', { headers: { Authorization: `Bearer ${value}` } });
    blocked('session', 'the session cookie value is refused as a Bearer token', asBearer.status === 401);
    const login = await signIn();
    const loginValue = login.cookie.slice(login.cookie.indexOf('=') + 1);
    blocked('session', 'POST /-/login sets a session cookie, not the token', login.answer.status === 204 && loginValue !== '' && loginValue !== ACCESS_TOKEN);
    blocked('session', 'the session cookie is HttpOnly, SameSite=Strict', /HttpOnly/.test(String(login.answer.headers['set-cookie'])) && /SameSite=Strict/.test(String(login.answer.headers['set-cookie'])));
    const before = await send('/-/contexts', { headers: { Cookie: login.cookie, ...CLIENT } });
    const logout = await send('/-/logout', { method: 'POST', headers: { Cookie: login.cookie, ...CLIENT, Origin: base } });
    const after = await send('/-/contexts', { headers: { Cookie: login.cookie, ...CLIENT } });
    blocked('session', 'POST /-/logout ends the session', before.status === 200 && logout.status === 204 && after.status === 401);
  });

  it('the printed start URL carries no access token and signs in once only; ?token= is refused', async () => {
    const fresh = await startKubeglass({ port: 0, kubeconfig: writeKubeconfig(upstream.url), tokenFile: join(dir, 'token'), staticDir: dir });
    try {
      const url = new URL(fresh.startUrl);
      blocked('access token', 'the start URL does not hold the access token', !fresh.startUrl.includes(ACCESS_TOKEN));
      const first = await send(`${url.pathname}${url.search}`, { port: fresh.port });
      const second = await send(`${url.pathname}${url.search}`, { port: fresh.port });
      blocked('access token', "the start URL's code works on first use", first.status === 303 && first.headers.location === '/' && cookieOf(first) !== '');
      blocked('access token', "the start URL's code is spent after first use", second.status === 401 && cookieOf(second) === '' && /sign in/i.test(second.body));
      const inUrl = await send(`/?token=${ACCESS_TOKEN}`, { port: fresh.port });
      blocked('access token', 'the access token in a page URL (browser history) is refused', inUrl.status >= 400 && cookieOf(inUrl) === '');
    } finally {
      await fresh.close();
    }
  });

  it('a weak --token-file is refused', async () => {
    for (const weak of ['aaaaaaaaaaaaaaaa', 'abababababababababababababababab', '0123456789abcdef', 'passwordpasswordpassword']) {
      writeFileSync(join(dir, 'weak'), `${weak}\n`);
      const errors: string[] = [];
      const exits: number[] = [];
      const io = { out: () => undefined, err: (line: string) => errors.push(line), exit: (code: number) => exits.push(code), onSignal: () => undefined, openBrowser: () => undefined };
      const running = await runCli(['--port', '0', '--no-demo', '--kubeconfig', writeKubeconfig(upstream.url), '--token-file', join(dir, 'weak')], { startDemoCluster: () => Promise.reject(new Error('no demo')) }, io);
      await running?.close();
      blocked('access token', `--token-file "${weak}" refused`, running === undefined && exits[0] === 2 && /weak|guess/i.test(errors.join('\n')));
    }
  });

  it('wrong tokens are slowed per client address, and the right one from another address is not', async () => {
    const attacker = '127.0.0.2';
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await send('/k8s/fake/api', { from: attacker, headers: { Authorization: `Bearer wrong-token-${i}-0123456789abcdef` } })).status);
    }
    const sixth = await send('/k8s/fake/api', { from: attacker, headers: { Authorization: 'Bearer wrong-token-x-0123456789abcdef' } });
    blocked('sign-in back-off', 'the 6th+ wrong Bearer token gets 429 with Retry-After', statuses.slice(0, 5).every((s) => s === 401) && statuses.slice(5).every((s) => s === 429) && sixth.status === 429 && Number(sixth.headers['retry-after']) > 0);
    const rightDuringBackoff = await send('/k8s/fake/api', { from: attacker, headers: { Authorization: `Bearer ${ACCESS_TOKEN}` } });
    blocked('sign-in back-off', 'during the back-off even the right token from that address waits', rightDuringBackoff.status === 429);
    const codeDuringBackoff = await send('/?code=wrong-code', { from: attacker });
    blocked('sign-in back-off', 'sign-in codes are slowed too', codeDuringBackoff.status === 429);
    const loginDuringBackoff = await send('/-/login', { from: attacker, method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: 'wrong' }) });
    blocked('sign-in back-off', 'POST /-/login is slowed too', loginDuringBackoff.status === 429);
    const other = await send('/k8s/fake/api', { from: '127.0.0.3', headers: { Authorization: `Bearer ${ACCESS_TOKEN}` } });
    expect(other.status).toBe(200);
  });

  it('a connection that sends no complete request head is closed within ~10 s', async () => {
    const closedAfter = (payload: string) =>
      new Promise<number>((resolve) => {
        const startedAt = Date.now();
        const socket = net.connect(kubeglass.port, '127.0.0.1', () => {
          if (payload !== '') socket.write(payload);
        });
        const timer = setTimeout(() => {
          socket.destroy();
          resolve(Number.POSITIVE_INFINITY);
        }, 13_000);
        socket.on('data', () => undefined);
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearTimeout(timer);
          resolve(Date.now() - startedAt);
        });
      });
    const [silent, half] = await Promise.all([closedAfter(''), closedAfter(`GET /-/contexts HTTP/1.1\r\nHost: 127.0.0.1:${kubeglass.port}\r\nX-Slow: `)]);
    blocked('idle timeout', 'a socket that sends nothing is closed within 12 s', silent <= 12_000);
    blocked('idle timeout', 'a socket that sends half a request head is closed within 12 s', half <= 12_000);
  });

  it('4,000 watches over several sockets from one client: refused beyond the limit, the cluster sees no more', async () => {
    const sockets: WebSocket[] = [];
    const closedWith: Array<{ code?: number; message?: string }> = [];
    const watchesBefore = upstream.requests.filter((r) => r.url.includes('watch=1')).length;
    try {
      for (let s = 0; s < 8; s++) {
        const attempt = await connectWebSocket(`${base.replace('http', 'ws')}/-/ws`, BEARER);
        if (!('ws' in attempt)) throw new Error(`/-/ws refused: ${attempt.status} ${attempt.body}`);
        sockets.push(attempt.ws);
        attempt.ws.on('message', (data: Buffer) => {
          const message = JSON.parse(data.toString('utf8')) as { closed?: boolean; status?: { code?: number; message?: string } };
          if (message.closed) closedWith.push(message.status ?? {});
        });
        for (let w = 0; w < 500; w++) attempt.ws.send(JSON.stringify({ op: 'watch', id: `s${s}-w${w}`, context: 'fake', path: '/api/v1/pods' }));
      }
      const seen = () => upstream.requests.filter((r) => r.url.includes('watch=1')).length - watchesBefore;
      // Every watch is either upstream or refused.
      const deadline = Date.now() + 60_000;
      while (seen() + closedWith.length < 4000 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      const refusals = closedWith.filter((s) => s.code === 429);
      const limit = Number(/limit (\d+)/.exec(refusals[0]?.message ?? '')?.[1] ?? Number.NaN);
      blocked('client limits', 'watches beyond the per-client limit are refused with 429 naming the limit', refusals.length > 0 && limit < 4000);
      blocked('client limits', 'the cluster sees no more watches than the limit', seen() <= limit && seen() + refusals.length === 4000);
    } finally {
      for (const ws of sockets) ws.terminate();
    }
  });

  it('WebSocket connections and requests in flight per client are bounded', async () => {
    const sockets: WebSocket[] = [];
    const refused: number[] = [];
    try {
      for (let i = 0; i < 300 && refused.length === 0; i++) {
        const attempt = await connectWebSocket(`${base.replace('http', 'ws')}/-/ws`, BEARER);
        if ('ws' in attempt) sockets.push(attempt.ws);
        else refused.push(attempt.status);
      }
    } finally {
      for (const ws of sockets) ws.terminate();
    }
    blocked('client limits', 'WebSocket connections beyond the per-client limit get 429', refused[0] === 429 && sockets.length < 300);

    // Reads the cluster holds open: each is in flight until the probe leaves.
    const answered: Answer[] = [];
    const agent = new http.Agent({ keepAlive: false });
    for (let i = 0; i < 600; i++) {
      const req = http.request({ host: '127.0.0.1', port: kubeglass.port, path: `/k8s/fake/api/v1/pods?slow=${i}`, headers: BEARER, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => answered.push({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', () => undefined);
      });
      req.on('error', () => undefined);
      req.end();
    }
    const slowSeen = () => upstream.requests.filter((r) => r.url.includes('slow=')).length;
    const deadline = Date.now() + 20_000;
    while (answered.filter((a) => a.status === 429).length + slowSeen() < 600 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    agent.destroy();
    const tooMany = answered.filter((a) => a.status === 429);
    blocked(
      'client limits',
      'requests in flight beyond the per-client limit get 429 with Retry-After',
      tooMany.length > 0 && slowSeen() + tooMany.length === 600 && Number(tooMany[0]?.headers['retry-after']) > 0 && /in flight/.test(tooMany[0]?.body ?? ''),
    );
  });

  it('--public-url https: its Origin passes, the cookie is Secure, the start URL uses it', async () => {
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line), exit: () => undefined, onSignal: () => undefined, openBrowser: () => undefined };
    const running = await runCli(['--port', '0', '--no-demo', '--kubeconfig', writeKubeconfig(upstream.url), '--token-file', join(dir, 'token'), '--public-url', PUBLIC_ORIGIN], { startDemoCluster: () => Promise.reject(new Error('no demo')) }, io);
    try {
      blocked('public URL', 'the printed start URL is on the public URL', running?.startUrl.startsWith(`${PUBLIC_ORIGIN}/?`) === true);
      const port = running?.port ?? 0;
      const login = running ? await signIn(port, { Origin: PUBLIC_ORIGIN, Host: new URL(PUBLIC_ORIGIN).host }) : undefined;
      blocked('public URL', 'an https:// Origin of the public URL passes the Origin check', login?.answer.status === 204);
      blocked('public URL', 'the session cookie is Secure behind https', /;\s*Secure/.test(String(login?.answer.headers['set-cookie'])));
      const foreign = running ? await signIn(port, { Origin: 'https://evil.example', Host: new URL(PUBLIC_ORIGIN).host }) : undefined;
      expect(foreign?.answer.status ?? 403).toBe(403);
    } finally {
      await running?.close();
    }
  });

  it('a request with the session cookie must carry the client header: an <img> GET over plain HTTP is refused', async () => {
    const start = await send(new URL(kubeglass.startUrl).pathname + new URL(kubeglass.startUrl).search);
    const cookie = cookieOf(start) || (await signIn()).cookie;
    const seenBefore = upstream.requests.length;
    const img = await send('/k8s/fake/api/v1/namespaces/default/services/web/proxy/', { headers: { Cookie: cookie } });
    blocked('request gate', 'a GET with the cookie but without the client header (no Sec-Fetch-Site) is refused', img.status === 403 && upstream.requests.length === seenBefore);
    const spa = await send('/k8s/fake/api/v1/namespaces/default/services/web/proxy/', { headers: { Cookie: cookie, ...CLIENT } });
    blocked('request gate', 'the same GET with the client header passes', spa.status === 200);
    const noOrigin = await connectWebSocket(`${base.replace('http', 'ws')}/-/ws`, { Cookie: cookie });
    blocked('request gate', 'an upgrade with the cookie but without Origin is refused', 'status' in noOrigin && noOrigin.status === 403);
    if ('ws' in noOrigin) noOrigin.ws.terminate();
  });
});
