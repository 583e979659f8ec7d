// Fault injection: control endpoint access, delays, 429/500/503 answers, dropped watches, compaction.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoClusterWithOptions } from '../index.js';
import type { DemoClusterTlsHandle } from '../index.js';

let cluster: DemoClusterTlsHandle;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions walk arbitrary JSON

async function call(c: DemoClusterTlsHandle, path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<{ status: number; body: Json; headers: Headers }> {
  const res = await fetch(c.url + path, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${init.token ?? c.tokens.admin}`, 'Content-Type': 'application/json' },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  let body: Json;
  try {
    body = JSON.parse(text) as Json;
  } catch {
    body = { text };
  }
  return { status: res.status, body, headers: res.headers };
}
const api = (path: string, init: { method?: string; body?: unknown; token?: string } = {}): ReturnType<typeof call> => call(cluster, path, init);
const setRules = (rules: unknown[]): ReturnType<typeof call> => api('/-/demo/faults', { method: 'POST', body: { rules } });

/** A chunked watch read with node:http; resolves when the response ends or errors. */
function watch(path: string): { events: Json[]; done: Promise<'end' | 'error'>; opened: Promise<void> } {
  const events: Json[] = [];
  let opened!: () => void;
  const openedP = new Promise<void>((r) => (opened = r));
  const done = new Promise<'end' | 'error'>((resolve) => {
    const req = http.get(cluster.url + path, { headers: { Authorization: `Bearer ${cluster.tokens.admin}` } }, (res) => {
      opened();
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        let nl;
        while ((nl = buf.indexOf('\n')) >= 0) {
          events.push(JSON.parse(buf.slice(0, nl)) as Json);
          buf = buf.slice(nl + 1);
        }
      });
      res.on('end', () => resolve('end'));
      res.on('error', () => resolve('error'));
      res.on('aborted', () => resolve('error'));
    });
    req.on('error', () => resolve('error'));
  });
  return { events, done, opened: openedP };
}

beforeAll(async () => {
  cluster = await startDemoClusterWithOptions({ faultInjection: true });
});
afterAll(async () => {
  await cluster.close();
});

describe('fault injection control', () => {
  it('is off by default: the endpoint does not exist', async () => {
    const plain = await startDemoClusterWithOptions({});
    try {
      const res = await call(plain, '/-/demo/faults');
      expect(res.status).toBe(404);
      expect(plain.faults).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  it('needs the admin token', async () => {
    expect((await api('/-/demo/faults', { token: cluster.tokens.viewer })).status).toBe(403);
    expect((await api('/-/demo/faults')).body).toEqual({ rules: [] });
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
    await api('/-/demo/faults', { method: 'DELETE' });
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
    await api('/-/demo/faults', { method: 'DELETE' });
  });

  it('start options install rules', async () => {
    const c = await startDemoClusterWithOptions({ faults: [{ path: '^/api$', status: 503 }] });
    try {
      expect((await call(c, '/api')).status).toBe(503);
    } finally {
      await c.close();
    }
  });
});

describe('watch faults', () => {
  it('drops watch connections mid-stream (no clean end)', async () => {
    const w = watch('/api/v1/namespaces/default/configmaps?watch=1');
    await w.opened;
    await api('/api/v1/namespaces/default/configmaps', { method: 'POST', body: { metadata: { name: 'before-drop' } } });
    while (!w.events.some((e) => e.object?.metadata?.name === 'before-drop')) await new Promise((r) => setTimeout(r, 10));
    const other = watch('/api/v1/namespaces/default/secrets?watch=1');
    await other.opened;
    const dropped = await api('/-/demo/faults/drop-watches', { method: 'POST', body: { path: 'configmaps' } });
    expect(dropped.body).toEqual({ dropped: 1 });
    expect(await w.done).toBe('error');
    // Watches on other paths stay open.
    const race = await Promise.race([other.done, new Promise((r) => setTimeout(() => r('open'), 100))]);
    expect(race).toBe('open');
    await api('/-/demo/faults/drop-watches', { method: 'POST', body: {} });
    expect(await other.done).toBe('error');
  });

  it('forced compaction: resuming from an older resourceVersion gets 410 Expired', async () => {
    const created = await api('/api/v1/namespaces/default/configmaps', { method: 'POST', body: { metadata: { name: 'pre-compact' } } });
    const rv = Number(created.body.metadata.resourceVersion);
    await api('/api/v1/namespaces/default/configmaps', { method: 'POST', body: { metadata: { name: 'post-rv' } } });
    // Before compaction the resume replays the later event.
    const before = watch(`/api/v1/namespaces/default/configmaps?watch=1&resourceVersion=${rv}&timeoutSeconds=1`);
    await before.done;
    expect(before.events.map((e) => e.type)).toEqual(['ADDED']);
    const compacted = await api('/-/demo/faults/compact', { method: 'POST', body: {} });
    expect(compacted.body.compactedThrough).toBeGreaterThan(rv);
    const after = watch(`/api/v1/namespaces/default/configmaps?watch=1&resourceVersion=${rv}`);
    expect(await after.done).toBe('end');
    expect(after.events).toHaveLength(1);
    expect(after.events[0]).toMatchObject({ type: 'ERROR', object: { reason: 'Expired', code: 410 } });
    expect(after.events[0]?.object.message).toMatch(/^too old resource version: \d+ \(\d+\)$/);
  });
});
