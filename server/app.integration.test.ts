import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKubeglassServer, type KubeglassServer } from './app.js';
import { buildContextRegistry, loadKubeconfig } from './contexts.js';
import { connectWebSocket, FAKE_TOKEN, request, startFakeUpstream, writeKubeconfig, type FakeUpstream } from './testing/fake-upstream.js';

const INLINE_SCRIPT = 'window.booted = "é";';

let upstream: FakeUpstream;
let app: KubeglassServer;
let port: number;
let base: string;
let staticDir: string;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  staticDir = mkdtempSync(join(tmpdir(), 'kubeglass-web-'));
  writeFileSync(join(staticDir, 'index.html'), `<!doctype html><title>Kubeglass</title><script>${INLINE_SCRIPT}</script>`);
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  // Stand-ins for scripts/compress-web.mjs's output: the server picks the file, it never decodes it.
  writeFileSync(join(staticDir, 'assets', 'app-def456.js'), 'console.log(2)');
  writeFileSync(join(staticDir, 'assets', 'app-def456.js.br'), 'brotli bytes');
  writeFileSync(join(staticDir, 'assets', 'app-def456.js.gz'), 'gzip bytes');
  writeFileSync(join(staticDir, 'favicon.svg'), '<svg/>');
  const contexts = buildContextRegistry({ kubeconfig: loadKubeconfig({ path: writeKubeconfig(upstream.url) }) });
  app = createKubeglassServer({ contexts, staticDir });
  port = await app.listen(0, '127.0.0.1');
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await app.close();
  await upstream.close();
});

describe('Host header check (DNS rebinding)', () => {
  it('refuses a foreign Host on every route with a 403 Status and a clear message', async () => {
    for (const path of ['/', '/-/contexts', '/k8s/fake/api']) {
      const res = await request(`${base}${path}`, { headers: { Host: `evil.example:${port}` } });
      expect(res.status).toBe(403);
      const status = JSON.parse(res.body);
      expect(status).toMatchObject({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Forbidden', code: 403 });
      expect(status.message).toBe(
        `kubeglass refused this request: the Host header "evil.example:${port}" is not an address of this server ` +
          `(allowed: localhost:${port}, 127.0.0.1:${port}, [::1]:${port}). This protects your cluster credentials ` +
          `against DNS rebinding; open kubeglass at http://127.0.0.1:${port}/ instead.`,
      );
    }
    expect(upstream.requests).toHaveLength(0);
  });

  it('accepts localhost, 127.0.0.1 and [::1] with the port', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      const listed = await request(`${base}/-/contexts`, { headers: { Host: host } });
      expect(listed.status).toBe(200);
      expect(JSON.parse(listed.body)).toMatchObject({ accessTokenRequired: false });
    }
  });

  it('refuses WebSocket upgrades with a foreign Host', async () => {
    const attempt = await connectWebSocket(`ws://127.0.0.1:${port}/-/ws`, { Host: 'evil.example' });
    expect(attempt).toMatchObject({ status: 403 });
    expect('body' in attempt && JSON.parse(attempt.body)).toMatchObject({ kind: 'Status', reason: 'Forbidden' });
  });
});

describe('Origin check (CSRF, cross-site WebSocket hijacking)', () => {
  it('refuses a cross-site write before it reaches the cluster', async () => {
    const res = await request(`${base}/k8s/fake/api/v1/namespaces/default/pods/p1`, {
      method: 'DELETE',
      headers: { Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).message).toBe(
      `kubeglass refused this request: Origin "https://evil.example" is not this server's origin (http://127.0.0.1:${port}). ` +
        'Cross-site requests that could change your clusters, and cross-site WebSocket connections, are not allowed.',
    );
    expect(upstream.requests).toHaveLength(0);
  });

  it('lets same-origin writes and writes without Origin (kubectl) through', async () => {
    const before = upstream.requests.length;
    expect((await request(`${base}/k8s/fake/api/v1/namespaces`, { method: 'POST', headers: { Origin: base }, body: '{}' })).status).toBe(200);
    expect((await request(`${base}/k8s/fake/api/v1/namespaces`, { method: 'POST', body: '{}' })).status).toBe(200);
    expect(upstream.requests.length).toBe(before + 2);
  });

  it('refuses cross-site WebSocket upgrades on /-/ws and /k8s, allows same-origin and Origin-less ones', async () => {
    for (const path of ['/-/ws', '/k8s/fake/api/v1/pods?watch=1']) {
      const attempt = await connectWebSocket(`ws://127.0.0.1:${port}${path}`, { Origin: 'https://evil.example' });
      expect(attempt).toMatchObject({ status: 403 });
    }
    for (const headers of [{ Origin: base }, {}] as Array<Record<string, string>>) {
      const attempt = await connectWebSocket(`ws://127.0.0.1:${port}/-/ws`, headers);
      expect('ws' in attempt).toBe(true);
      if ('ws' in attempt) attempt.ws.close();
    }
  });
});

describe('Sec-Fetch-Site check (cross-site GETs carrying the cluster credentials)', () => {
  it('refuses API GETs and upgrades a browser sends from another site, before they reach the cluster', async () => {
    const before = upstream.requests.length;
    for (const path of ['/k8s/fake/api/v1/namespaces/default/services/web/proxy/', '/-/contexts']) {
      const res = await request(`${base}${path}`, { headers: { 'Sec-Fetch-Site': 'cross-site' } });
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ kind: 'Status', reason: 'Forbidden' });
    }
    expect(upstream.requests.length).toBe(before);
    const attempt = await connectWebSocket(`ws://127.0.0.1:${port}/-/ws`, { 'Sec-Fetch-Site': 'same-site' });
    expect(attempt).toMatchObject({ status: 403 });
  });

  it('still opens a Kubeglass page linked from another site, and answers the SPA and kubectl', async () => {
    expect((await request(`${base}/c/fake/api/v1/namespaces/default/pods`, { headers: { 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(200);
    expect((await request(`${base}/-/contexts`, { headers: { 'Sec-Fetch-Site': 'same-origin' } })).status).toBe(200);
    expect((await request(`${base}/-/contexts`)).status).toBe(200);
  });
});

describe('kubeglass endpoints', () => {
  it('/-/contexts lists the contexts without credentials', async () => {
    const res = await request(`${base}/-/contexts`);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({
      contexts: [{ name: 'fake', server: upstream.url, namespace: 'team-a', user: 'fake-user', demo: false }],
      default: 'fake',
      accessTokenRequired: false,
    });
    expect(res.body).not.toContain(FAKE_TOKEN);
  });

  it('sets the defensive headers on every response', async () => {
    for (const path of ['/', '/-/contexts', '/k8s/fake/api', '/-/nope']) {
      const res = await request(`${base}${path}`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('answers unknown /-/ paths with a 404 Status', async () => {
    const res = await request(`${base}/-/nope`);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ kind: 'Status', reason: 'NotFound', code: 404 });
  });
});

describe('static SPA', () => {
  it('serves index.html without caching and with a strict CSP', async () => {
    const res = await request(`${base}/`);
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>Kubeglass</title>');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = res.headers['content-security-policy'] ?? '';
    // No inline script runs, not even one in index.html.
    expect(String(csp).split('; ').find((directive) => directive.startsWith('script-src'))).toBe("script-src 'self'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('sends the precompressed file the client accepts (brotli first), else the file itself', async () => {
    const get = (acceptEncoding?: string) =>
      request(`${base}/assets/app-def456.js`, { headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } });
    const br = await get('gzip, deflate, br, zstd');
    expect([br.body, br.headers['content-encoding'], br.headers['content-length'], br.headers.vary]).toEqual(['brotli bytes', 'br', '12', 'Accept-Encoding']);
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const gz = await get('br;q=0, gzip');
    expect([gz.body, gz.headers['content-encoding']]).toEqual(['gzip bytes', 'gzip']);
    const plain = await get();
    expect([plain.body, plain.headers['content-encoding']]).toEqual(['console.log(2)', undefined]);
    // No sibling: the file as it is, whatever the client accepts.
    expect((await request(`${base}/assets/index-abc123.js`, { headers: { 'Accept-Encoding': 'br' } })).headers['content-encoding']).toBeUndefined();
  });

  it('caches hashed assets for a year and other files revalidate', async () => {
    const asset = await request(`${base}/assets/index-abc123.js`);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request(`${base}/favicon.svg`)).headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for UI routes under /c/, 404 elsewhere and for traversal', async () => {
    const ui = await request(`${base}/c/demo/api/v1/namespaces/default/pods?view=yaml`);
    expect(ui.status).toBe(200);
    expect(ui.body).toContain('<title>Kubeglass</title>');
    expect((await request(`${base}/assets/missing.js`)).status).toBe(404);
    expect((await request(`${base}/../../etc/passwd`)).status).toBe(404);
    expect((await request(`${base}/%2e%2e/%2e%2e/etc/passwd`)).status).toBe(404);
  });

  it('refuses other methods on static routes', async () => {
    expect((await request(`${base}/`, { method: 'POST', body: 'x' })).status).toBe(405);
  });

  it('says how to build when dist/web is missing', async () => {
    const contexts = buildContextRegistry({ kubeconfig: loadKubeconfig('none') });
    const bare = createKubeglassServer({ contexts, staticDir: join(staticDir, 'nope') });
    const barePort = await bare.listen(0, '127.0.0.1');
    try {
      const res = await request(`http://127.0.0.1:${barePort}/`);
      expect(res.status).toBe(503);
      expect(res.body).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});
