// The kubeglass server probed as a hostile page, a rebinding DNS name and a curious client would: every probe
// must be refused before it reaches a cluster, and no answer may carry a credential. Counted for the report.
import { appendFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoCluster } from '../../demo-cluster/index.js';
import { startKubeglass, type RunningKubeglass } from '../../server/cli.js';
import { connectWebSocket, request } from '../../server/testing/fake-upstream.js';

const ADMIN = 'probe-admin-token-0123456789';
const VIEWER = 'probe-viewer-token-0123456789';
const EVIL = 'https://evil.example';
const PROBE_REPORT = 'test-reports/reliability-probes.jsonl';

let kubeglass: RunningKubeglass;
let base: string;
let host: string;

beforeAll(async () => {
  const web = mkdtempSync(join(tmpdir(), 'kubeglass-probe-web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Kubeglass</title>');
  kubeglass = await startKubeglass({
    port: 0,
    kubeconfig: false,
    staticDir: web,
    demo: { start: startDemoCluster, options: { activityIntervalMs: 0, tokens: { admin: ADMIN, viewer: VIEWER } } },
  });
  base = kubeglass.url;
  host = new URL(base).host;
});

afterAll(async () => {
  await kubeglass?.close();
});

/** Records one probe for the reliability report, then asserts it was blocked. */
function blocked(category: string, probe: string, refused: boolean): void {
  mkdirSync('test-reports', { recursive: true });
  appendFileSync(PROBE_REPORT, `${JSON.stringify({ category, probe, blocked: refused })}\n`);
  expect(refused, `${category}: ${probe}`).toBe(true);
}

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
});
