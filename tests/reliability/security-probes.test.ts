// The kubeglass server probed as a hostile page, a rebinding DNS name and a curious client would: every probe
// must be refused before it reaches a cluster, and no answer nor line kubeglass prints may carry a credential.
// Counted for the report.
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeServingCert } from '../../demo-cluster/auth/tls-cert.js';
import { startDemoCluster, type DemoClusterTlsHandle } from '../../demo-cluster/index.js';
import { runCli, startKubeglass, type RunningKubeglass } from '../../server/cli.js';
import { connectWebSocket, request } from '../../server/testing/fake-upstream.js';
import { blocked } from './probe-report.js';

const ADMIN = 'probe-admin-token-0123456789';
const VIEWER = 'probe-viewer-token-0123456789';
const EVIL = 'https://evil.example';

let kubeglass: RunningKubeglass;
let base: string;
let host: string;
/** Everything kubeglass (both servers here) printed while the probes ran. */
const output: string[] = [];
let stopCapture = (): void => undefined;

/** Copies what goes to stdout, stderr and the console into `output`, still printing it. */
function captureOutput(): () => void {
  const streams = [process.stdout, process.stderr];
  const writes = streams.map((stream) => stream.write);
  for (const [i, stream] of streams.entries()) {
    const write = writes[i];
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      output.push(String(chunk));
      return (write as (...args: unknown[]) => boolean).call(stream, chunk, ...rest);
    }) as typeof stream.write;
  }
  const methods = ['log', 'error', 'warn', 'info', 'debug'] as const;
  const originals = methods.map((m) => console[m]);
  for (const [i, m] of methods.entries()) {
    console[m] = (...args: unknown[]) => {
      output.push(args.map(String).join(' '));
      originals[i]?.(...args);
    };
  }
  return () => {
    for (const [i, stream] of streams.entries()) stream.write = writes[i] as typeof stream.write;
    for (const [i, m] of methods.entries()) console[m] = originals[i] as (typeof console)[typeof m];
  };
}

beforeAll(async () => {
  stopCapture = captureOutput();
  const web = mkdtempSync(join(tmpdir(), 'kubeglass-probe-web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Kubeglass</title>');
  kubeglass = await startKubeglass({
    port: 0,
    kubeconfig: false,
    staticDir: web,
    demo: { start: startDemoCluster, options: { activityIntervalMs: 0, tokens: { admin: ADMIN, viewer: VIEWER } } },
    // As the CLI logs.
    log: (message) => console.error(`kubeglass: ${message}`),
  });
  base = kubeglass.url;
  host = new URL(base).host;
});

afterAll(async () => {
  stopCapture();
  await kubeglass?.close();
});

const configmap = (name: string) => JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } });
const exists = async (name: string) => (await request(`${base}/k8s/demo/api/v1/namespaces/default/configmaps/${name}`)).status === 200;

/** Sends raw bytes and returns the status line (request targets and Host headers fetch cannot send). */
function rawRequest(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(base).port), '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer.split('\r\n', 1)[0] ?? ''));
    socket.on('error', reject);
  });
}

describe('security probes', () => {
  it('DNS rebinding: foreign Host headers are refused on every route and upgrade', async () => {
    const port = new URL(base).port;
    for (const foreign of [`evil.example:${port}`, `127.0.0.1.nip.io:${port}`, `localhost:${Number(port) + 1}`, 'evil.example', '']) {
      for (const path of ['/', '/k8s/demo/api/v1/secrets', '/-/contexts']) {
        const status = await rawRequest(`GET ${path} HTTP/1.1\r\nHost: ${foreign}\r\nConnection: close\r\n\r\n`);
        blocked('DNS rebinding', `Host "${foreign}" ${path}`, status.includes(' 403 ') || status.includes(' 400 '));
      }
      const ws = await connectWebSocket(`ws://127.0.0.1:${port}/-/ws`, { Host: foreign || 'x' });
      blocked('DNS rebinding', `Host "${foreign}" /-/ws upgrade`, 'status' in ws && ws.status === 403);
    }
    // Control: the own Host is answered.
    expect(await rawRequest(`GET /-/contexts HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).toContain(' 200 ');
  });

  it('CSRF: writes from another origin are refused and change nothing', async () => {
    const writes: Array<[string, string, string | undefined]> = [
      ['POST', '/k8s/demo/api/v1/namespaces/default/configmaps', configmap('csrf-made')],
      ['PUT', '/k8s/demo/api/v1/namespaces/default/configmaps/kube-root-ca.crt', configmap('kube-root-ca.crt')],
      ['PATCH', '/k8s/demo/api/v1/namespaces/default/configmaps/kube-root-ca.crt', '{"data":{"x":"y"}}'],
      ['DELETE', '/k8s/demo/api/v1/namespaces/default/configmaps/kube-root-ca.crt', undefined],
    ];
    for (const origin of [EVIL, 'null', `http://localhost:${Number(new URL(base).port) + 1}`]) {
      for (const [method, path, body] of writes) {
        const headers: Record<string, string> = { Origin: origin, 'Content-Type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' };
        const res = await request(`${base}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
        blocked('CSRF', `${method} from Origin ${origin}`, res.status === 403);
      }
    }
    expect(await exists('csrf-made')).toBe(false);
    expect(await exists('kube-root-ca.crt')).toBe(true);
    // Control: the same write from kubeglass's own origin goes through, so the refusals above were the guard's.
    const own = await request(`${base}/k8s/demo/api/v1/namespaces/default/configmaps`, { method: 'POST', headers: { Origin: base, 'Content-Type': 'application/json' }, body: configmap('csrf-control') });
    expect(own.status).toBe(201);
  });

  it('cross-site WebSocket and cross-site GETs through the proxy are refused', async () => {
    const port = new URL(base).port;
    for (const path of ['/-/ws', '/k8s/demo/api/v1/namespaces/default/pods?watch=1']) {
      const ws = await connectWebSocket(`ws://127.0.0.1:${port}${path}`, { Origin: EVIL });
      blocked('cross-site WebSocket', `${path} from ${EVIL}`, 'status' in ws && ws.status === 403);
    }
    for (const site of ['cross-site', 'same-site']) {
      for (const path of ['/k8s/demo/api/v1/secrets', '/k8s/demo/api/v1/namespaces/default/services/web/proxy/', '/-/contexts']) {
        const res = await request(`${base}${path}`, { headers: { 'Sec-Fetch-Site': site } });
        blocked('cross-site GET', `${path} (${site})`, res.status === 403);
      }
      const ws = await connectWebSocket(`ws://127.0.0.1:${port}/-/ws`, { 'Sec-Fetch-Site': site });
      blocked('cross-site GET', `/-/ws upgrade (${site})`, 'status' in ws && ws.status === 403);
    }
  });

  it('no open proxy, no traversal: only configured contexts and API paths are reachable', async () => {
    const statuses = async (path: string) => (await request(`${base}${path}`)).status;
    for (const path of [
      '/k8s/demo/../../etc/passwd',
      '/k8s/demo/%2e%2e/%2e%2e/etc/passwd',
      '/k8s/demo/api/%2E%2E/%2e%2e/x',
      '/k8s/demo/api/v1/namespaces/%2e%2e',
      '/k8s/nonexistent/api',
      '/k8s/http:%2F%2Fevil.example/api',
      '/k8s/%zz/api',
      '/-/..%2f..%2fetc/passwd',
      '/assets/..%2f..%2fpackage.json',
    ]) {
      const status = await statuses(path);
      blocked('open proxy / traversal', path, [400, 404].includes(status));
    }
    const absolute = await rawRequest(`GET http://evil.example/ HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    blocked('open proxy / traversal', 'absolute-form request target http://evil.example/', / 40\d /.test(absolute));
    const connect = await rawRequest(`CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n`);
    blocked('open proxy / traversal', 'CONNECT evil.example:443', / 40\d /.test(connect) || connect === '');
    const ws = await connectWebSocket(`ws://${host}/-/ws`);
    if (!('ws' in ws)) throw new Error('same-origin /-/ws refused');
    ws.ws.send(JSON.stringify({ op: 'watch', id: 't1', context: 'demo', path: '/api/v1/namespaces/%2e%2e/secrets' }));
    ws.ws.send(JSON.stringify({ op: 'watch', id: 't2', context: 'nonexistent', path: '/api/v1/pods' }));
    await ws.received.waitFor(2);
    const closed = ws.received.messages as Array<{ id: string; closed?: boolean; status?: { code?: number } }>;
    for (const id of ['t1', 't2']) {
      const message = closed.find((m) => m.id === id);
      blocked('open proxy / traversal', `/-/ws watch ${id}`, message?.closed === true && [400, 404].includes(message.status?.code ?? 0));
    }
    ws.ws.close();
  });

  it('no credential in any answer: contexts, errors, proxied responses', async () => {
    const answers = [
      await request(`${base}/-/contexts`),
      await request(`${base}/k8s/demo/api/v1/namespaces/nope/configmaps/nope`),
      await request(`${base}/k8s/demo-viewer/api/v1/secrets`),
      await request(`${base}/k8s/demo/api`, { headers: { Authorization: 'Bearer stolen' } }),
      await request(`${base}/k8s/demo/apis/authentication.k8s.io/v1/selfsubjectreviews`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"apiVersion":"authentication.k8s.io/v1","kind":"SelfSubjectReview"}' }),
    ];
    for (const [i, res] of answers.entries()) {
      const text = `${JSON.stringify(res.headers)}\n${res.body}`;
      blocked('credential leak', `answer ${i + 1}`, !text.includes(ADMIN) && !text.includes(VIEWER) && !/bearer/i.test(JSON.stringify(res.headers)));
    }
  });

  it('defensive headers: strict CSP without eval, no framing, nosniff, no-store for API bodies, sandboxed proxy', async () => {
    const page = await request(`${base}/c/demo/api/v1/namespaces/default/pods`);
    const csp = String(page.headers['content-security-policy'] ?? '');
    blocked('headers', 'SPA CSP forbids eval and inline scripts', csp.includes("script-src 'self'") && !csp.includes('unsafe-eval') && !/script-src[^;]*unsafe-inline/.test(csp));
    blocked('headers', 'SPA CSP frame-ancestors none', csp.includes("frame-ancestors 'none'"));
    blocked('headers', 'X-Frame-Options DENY', page.headers['x-frame-options'] === 'DENY');
    const api = await request(`${base}/k8s/demo/api/v1/namespaces/default/configmaps`);
    blocked('headers', 'nosniff on API answers', api.headers['x-content-type-options'] === 'nosniff');
    blocked('headers', 'Cache-Control no-store on API answers', api.headers['cache-control'] === 'no-store');
    blocked('headers', 'proxied bodies sandboxed', String(api.headers['content-security-policy'] ?? '').includes('sandbox'));
  });

  it('no credential in kubeglass output: kubeconfig tokens and client keys, the demo tokens, the access token (once, in the start URL)', async () => {
    // A second kubeglass, started as the CLI starts it, with a kubeconfig holding a token and a client key, and an access token.
    const dir = mkdtempSync(join(tmpdir(), 'kubeglass-probe-logs-'));
    const demo = kubeglass.demo as DemoClusterTlsHandle;
    const client = makeServingCert('127.0.0.1');
    const kubeconfigToken = 'probe-kubeconfig-token-9f8e7d6c5b4a';
    const accessToken = 'probe-access-token-0a1b2c3d4e5f6a7b';
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    writeFileSync(
      join(dir, 'kubeconfig'),
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        'current-context': 'token',
        clusters: [
          { name: 'demo', cluster: { server: demo.httpsUrl, 'certificate-authority-data': b64(demo.certificateAuthority) } },
          { name: 'gone', cluster: { server: 'https://127.0.0.1:1', 'certificate-authority-data': b64(demo.certificateAuthority) } },
        ],
        users: [
          { name: 'token', user: { token: kubeconfigToken } },
          { name: 'admin', user: { token: ADMIN } },
          { name: 'cert', user: { 'client-certificate-data': b64(client.certPem), 'client-key-data': b64(client.keyPem) } },
        ],
        contexts: [
          { name: 'token', context: { cluster: 'demo', user: 'token' } },
          { name: 'admin', context: { cluster: 'demo', user: 'admin' } },
          { name: 'cert', context: { cluster: 'demo', user: 'cert' } },
          { name: 'gone', context: { cluster: 'gone', user: 'cert' } },
        ],
      }),
    );
    writeFileSync(join(dir, 'token'), `${accessToken}\n`);
    const io = { out: (line: string) => output.push(line), err: (line: string) => output.push(line), exit: () => undefined, onSignal: () => undefined, openBrowser: () => undefined };
    const cli = await runCli(['--port', '0', '--kubeconfig', join(dir, 'kubeconfig'), '--token-file', join(dir, 'token'), '--no-demo'], { startDemoCluster }, io);
    if (!cli) throw new Error(`kubeglass did not start: ${output.slice(-3).join(' | ')}`);
    try {
      const bearer = { Authorization: `Bearer ${accessToken}` };
      // Answered, refused and failed requests: every context, a wrong and a missing access token, a dead cluster, the watch channel.
      for (const context of ['token', 'admin', 'cert', 'gone']) {
        await request(`${cli.url}/k8s/${context}/api/v1/namespaces/default/secrets`, { headers: bearer });
        await request(`${cli.url}/k8s/${context}/api/v1/namespaces/default/configmaps`, { method: 'POST', headers: { ...bearer, 'Content-Type': 'application/json' }, body: '{"kind":' });
      }
      expect((await request(`${cli.url}/k8s/admin/api`, { headers: bearer })).status).toBe(200);
      expect((await request(`${cli.url}/k8s/admin/api`, { headers: { Authorization: 'Bearer wrong-token-wrong-token' } })).status).toBe(401);
      expect((await request(`${cli.url}/?token=wrong-token-wrong-token`)).status).toBe(401);
      expect((await request(`${cli.url}/-/contexts`)).status).toBe(401);
      const ws = await connectWebSocket(`ws://127.0.0.1:${cli.port}/-/ws`, bearer);
      if (!('ws' in ws)) throw new Error('/-/ws refused the access token');
      ws.ws.send(JSON.stringify({ op: 'watch', id: 'g', context: 'gone', path: '/api/v1/pods' }));
      ws.ws.send(JSON.stringify({ op: 'watch', id: 't', context: 'token', path: '/api/v1/secrets' }));
      await ws.received.waitFor(2);
      ws.ws.close();
    } finally {
      await cli.close();
    }

    const keyBody = (pem: string) => pem.split('\n').filter((l) => l !== '' && !l.startsWith('-----'));
    const secrets: Array<[string, string]> = [
      ['demo admin token', ADMIN],
      ['demo viewer token', VIEWER],
      ['kubeconfig token', kubeconfigToken],
      ['client key (base64 in kubeconfig)', b64(client.keyPem)],
      ...keyBody(client.keyPem).map((line, i): [string, string] => [`client key PEM line ${i + 1}`, line]),
      ['access token', accessToken],
    ];
    const text = output.join('\n').split('\n');
    // The start URL carries a one-time sign-in code, never the token (a --token-file's token is not printed at all).
    const startLine = `Kubeglass is running at ${cli.startUrl}`;
    expect(cli.startUrl).not.toContain(accessToken);
    expect(text.filter((line) => line.includes(startLine))).toHaveLength(1);
    // The capture is live: what the console prints lands in it too.
    console.error('kubeglass-probe: output captured');
    expect(output.join('\n')).toContain('kubeglass-probe: output captured');
    for (const [what, secret] of secrets) {
      const leaks = text.filter((line) => line.includes(secret) && !line.includes(startLine));
      blocked('credential in output', `${what} never printed`, leaks.length === 0);
    }
  });
});
