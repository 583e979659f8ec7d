// Fault injection: control endpoint access, delays, 429/500/503 answers, dropped watches, compaction.
import https from 'node:https';
import { describe, expect, it } from 'vitest';
import { startDemoClusterWithOptions } from '../index.js';
import { useCluster } from '../testing/cluster.js';
import { apiFor } from '../testing/http.js';
import type { ApiResponse } from '../testing/http.js';
import { openWatch } from '../testing/watch-stream.js';

const cluster = useCluster({ faultInjection: true });
const { api } = cluster;
const setRules = (rules: unknown[]): Promise<ApiResponse> => api('/-/demo/faults', { method: 'POST', body: { rules } });
const clearRules = (): Promise<ApiResponse> => api('/-/demo/faults', { method: 'DELETE' });
const createIn = (resource: string, name: string): Promise<ApiResponse> => api(`/api/v1/namespaces/default/${resource}`, { method: 'POST', body: { metadata: { name } } });

describe('fault injection control', () => {
  it('is off by default: the endpoint does not exist', async () => {
    const plain = await startDemoClusterWithOptions({});
    try {
      const res = await apiFor(plain)('/-/demo/faults');
      expect(res.status).toBe(404);
      expect(plain.faults).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  it('needs the admin token', async () => {
    expect((await api('/-/demo/faults', { token: cluster.handle.tokens.viewer })).status).toBe(403);
    expect((await api('/-/demo/faults')).body).toEqual({ rules: [], watches: [] });
  });

  it('answers loopback clients over TLS too (kubectl, the Python client), with the admin token', async () => {
    const over = (token: string) =>
      new Promise<number>((resolve, reject) => {
        const req = https.request(`${cluster.handle.httpsUrl}/-/demo/faults`, { ca: cluster.handle.certificateAuthority, headers: { Authorization: `Bearer ${token}` } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    expect(await over(cluster.handle.tokens.admin)).toBe(200);
    expect(await over(cluster.handle.tokens.viewer)).toBe(403);
  });

  it('bound beyond loopback, refuses a TLS client whose address it cannot see, and answers plain loopback HTTP', async () => {
    const wide = await startDemoClusterWithOptions({ host: '0.0.0.0', faultInjection: true });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = https.request(`https://127.0.0.1:${wide.port}/-/demo/faults`, { ca: wide.certificateAuthority, headers: { Authorization: `Bearer ${wide.tokens.admin}` } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(403);
      expect((await apiFor(() => ({ ...wide, url: `http://127.0.0.1:${wide.port}` }))('/-/demo/faults')).status).toBe(200);
    } finally {
      await wide.close();
    }
  });

  it('rejects bad rules', async () => {
    expect((await setRules([{ path: '(' }])).status).toBe(400);
    expect((await setRules([{ path: 'x', status: 404 }])).status).toBe(400);
  });
});

describe('injected answers', () => {
  it('delays matching requests', async () => {
    await setRules([{ path: '^/api/v1/namespaces/default/configmaps$', delayMs: 300 }]);
    const t0 = Date.now();
    expect((await api('/api/v1/namespaces/default/configmaps')).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    await clearRules();
  });

  it('429 TooManyRequests with Retry-After, limited by times', async () => {
    await setRules([{ path: '/pods$', methods: ['GET'], status: 429, retryAfterSeconds: 3, times: 2 }]);
    for (let i = 0; i < 2; i++) {
      const res = await api('/api/v1/pods');
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('3');
      expect(res.body).toMatchObject({ kind: 'Status', reason: 'TooManyRequests', code: 429, details: { retryAfterSeconds: 3 } });
    }
    expect((await api('/api/v1/pods')).status).toBe(200);
    expect((await api('/-/demo/faults')).body.rules[0].remaining).toBe(0);
  });

  it('500 InternalError and 503 ServiceUnavailable Statuses', async () => {
    await setRules([
      { path: '^/api/v1/nodes', status: 500 },
      { path: '^/apis/apps/', status: 503, retryAfterSeconds: 2 },
    ]);
    const five = await api('/api/v1/nodes');
    expect(five.status).toBe(500);
    expect(five.body).toMatchObject({ reason: 'InternalError', code: 500 });
    const unavailable = await api('/apis/apps/v1/deployments');
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).toBe('2');
    expect(unavailable.body).toMatchObject({ reason: 'ServiceUnavailable', code: 503 });
    expect((await api('/api/v1/namespaces')).status).toBe(200);
    await clearRules();
  });

  it('start options install rules', async () => {
    const c = await startDemoClusterWithOptions({ faults: [{ path: '^/api$', status: 503 }] });
    try {
      expect((await apiFor(c)('/api')).status).toBe(503);
    } finally {
      await c.close();
    }
  });
});

describe('watch faults', () => {
  it('drops watch connections mid-stream (no clean end)', async () => {
    const w = await openWatch(cluster.handle, '/api/v1/namespaces/default/configmaps?watch=1');
    await createIn('configmaps', 'before-drop');
    await w.next((e) => e.object?.metadata?.name === 'before-drop', 'the configmap made before the drop');
    const other = await openWatch(cluster.handle, '/api/v1/namespaces/default/secrets?watch=1');
    // The open watches are listed, so a test can wait for one before cutting it.
    await expect.poll(async () => ((await api('/-/demo/faults')).body as { watches: string[] }).watches.sort()).toEqual([
      '/api/v1/namespaces/default/configmaps',
      '/api/v1/namespaces/default/secrets',
    ]);
    const dropped = await api('/-/demo/faults/drop-watches', { method: 'POST', body: { path: 'configmaps' } });
    expect(dropped.body).toEqual({ dropped: 1 });
    expect(await w.ended).toBe('error');
    // Watches on other paths stay open: a secret made after the drop still arrives.
    await createIn('secrets', 'after-drop');
    await other.next((e) => e.object?.metadata?.name === 'after-drop', 'the secret made after the drop');
    await api('/-/demo/faults/drop-watches', { method: 'POST', body: {} });
    expect(await other.ended).toBe('error');
  });

  it('forced compaction: resuming from an older resourceVersion gets 410 Expired', async () => {
    const created = await createIn('configmaps', 'pre-compact');
    const rv = Number(created.body.metadata.resourceVersion);
    await createIn('configmaps', 'post-rv');
    // Before compaction the resume replays the later event.
    const before = await openWatch(cluster.handle, `/api/v1/namespaces/default/configmaps?watch=1&resourceVersion=${rv}`);
    const replayed = await before.next(() => true, 'the replayed event');
    before.close();
    expect(replayed).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'post-rv' } } });
    const compacted = await api('/-/demo/faults/compact', { method: 'POST', body: {} });
    expect(compacted.body.compactedThrough).toBeGreaterThan(rv);
    const after = await openWatch(cluster.handle, `/api/v1/namespaces/default/configmaps?watch=1&resourceVersion=${rv}`);
    expect(await after.ended).toBe('end');
    expect(after.events).toHaveLength(1);
    expect(after.events[0]).toMatchObject({ type: 'ERROR', object: { reason: 'Expired', code: 410 } });
    expect(after.events[0]?.object.message).toMatch(/^too old resource version: \d+ \(\d+\)$/);
  });
});
