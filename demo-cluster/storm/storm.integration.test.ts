// The watch storm generator: its rate, what a watch sees of it (resourceVersions, Table cells, emit times),
// churn, and its control endpoint's access rules and input checks.
import https from 'node:https';
import { describe, expect, it } from 'vitest';
import { startDemoClusterWithOptions } from '../index.js';
import { useCluster } from '../testing/cluster.js';
import { apiFor } from '../testing/http.js';
import type { Json } from '../testing/http.js';
import { openWatch } from '../testing/watch-stream.js';
import { waitUntil } from '../testing/wait-until.js';
import { STORM_EMITTED_AT } from './storm.js';

const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io';
const cluster = useCluster({ storm: true, seed: { pods: 2000 } });
const { api } = cluster;

async function finished(): Promise<Json> {
  return waitUntil(async () => (await api('/-/demo/storm')).body, { until: (p) => p.running === false, what: 'the storm to finish', timeoutMs: 20_000 });
}

async function wholeLog(from: number): Promise<Json[]> {
  const entries: Json[] = [];
  for (let next = from; ; ) {
    const page = (await api(`/-/demo/storm/log?from=${next}&limit=1000`)).body;
    entries.push(...(page.entries as Json[]));
    if (page.next === next) return entries;
    next = page.next as number;
  }
}

describe('storm control', () => {
  it('is off by default: the endpoint does not exist', async () => {
    const plain = await startDemoClusterWithOptions({});
    try {
      expect((await apiFor(plain)('/-/demo/storm')).status).toBe(404);
      expect(plain.storm).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  it('needs the admin token', async () => {
    for (const token of [cluster.handle.tokens.viewer, cluster.handle.tokens.developer, null]) {
      const res = await api('/-/demo/storm', { method: 'POST', body: { eventsPerSecond: 10, seconds: 1 }, token });
      expect(res.status).toBe(403);
    }
    expect((await api('/-/demo/storm')).body.running).toBe(false);
  });

  it('bound beyond loopback, refuses a TLS client whose address it cannot see', async () => {
    const wide = await startDemoClusterWithOptions({ host: '0.0.0.0', storm: true });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = https.request(`https://127.0.0.1:${wide.port}/-/demo/storm`, { ca: wide.certificateAuthority, headers: { Authorization: `Bearer ${wide.tokens.admin}` } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(403);
    } finally {
      await wide.close();
    }
  });

  it.each([
    [{ eventsPerSecond: -1 }, '"eventsPerSecond" must be a number in (0, 50000]'],
    [{ seconds: 'ten' }, '"seconds" must be a number in (0, 86400]'],
    [{ churn: 2 }, '"churn" must be a number between 0 and 1'],
    [{ focus: ['no-slash'] }, '"focus" must be a list of "namespace/name" strings'],
    [{ namespace: 'nowhere' }, 'no pod with a container status in namespace "nowhere" to modify'],
    ['[1', 'json:'],
  ])('refuses %j with a clear reason and starts nothing', async (body, reason) => {
    const res = await api('/-/demo/storm', { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(reason);
    expect((await api('/-/demo/storm')).body.running).toBe(false);
  });

  it('refuses a bad log query and an unknown action', async () => {
    expect((await api('/-/demo/storm/log?from=-1')).status).toBe(400);
    expect((await api('/-/demo/storm/nope')).status).toBe(404);
    expect((await api('/-/demo/storm', { method: 'PUT', body: {} })).status).toBe(405);
  });
});

describe('storm events', () => {
  it('sustains 1,000 events/s; a Table watch sees each as the Restarts cell, in resourceVersion order, with its emit time', async () => {
    const list = await api('/api/v1/pods?limit=1');
    const rv = String(list.body.metadata.resourceVersion);
    const watch = await openWatch(cluster.handle, `/api/v1/pods?watch=1&resourceVersion=${rv}&includeObject=Metadata`, { Accept: TABLE });
    try {
      const started = await api('/-/demo/storm', { method: 'POST', body: { eventsPerSecond: 1000, seconds: 3, focus: ['bench-01/load-00000'], focusShare: 0.2 } });
      expect(started.status).toBe(201);
      const progress = await finished();
      expect(progress.emitted).toBe(3000);
      expect(progress.modified).toBe(3000);
      expect(progress.achievedPerSecond).toBeGreaterThanOrEqual(950);
      expect(progress.perSecond.reduce((a: number, b: number) => a + b, 0)).toBe(3000);

      const events = await watch.until((evs) => evs.length >= 3000, '3000 watch events');
      expect(events.every((e) => e.type === 'MODIFIED')).toBe(true);
      const rvs = events.map((e) => Number(e.object.rows[0].object.metadata.resourceVersion));
      expect(rvs[0]).toBe(Number(rv) + 1);
      expect(rvs.every((v, i) => i === 0 || v === (rvs[i - 1] ?? 0) + 1)).toBe(true);

      const run = await wholeLog(progress.firstLogIndex as number);
      expect(run).toHaveLength(3000);
      const restartsColumn = (events[0]?.object.columnDefinitions as Json[]).findIndex((c) => c.name === 'Restarts');
      for (const [i, event] of events.entries()) {
        const row = event.object.rows[0];
        const [sequence, pod, type, emittedAt] = run[i] as [number, string, string, number];
        expect(type).toBe('MODIFIED');
        expect(`${row.object.metadata.namespace}/${row.object.metadata.name}`).toBe(pod);
        // The pod printer of 1.37 writes Restarts as text: the count, and since when where a container last ended.
        expect(row.cells[restartsColumn]).toMatch(new RegExp(`^${sequence}( \\(\\S+ ago\\))?$`));
        expect(row.object.metadata.annotations[STORM_EMITTED_AT]).toBe(String(emittedAt));
      }
      const focused = run.filter((e) => e[1] === 'bench-01/load-00000').length;
      expect(focused).toBeGreaterThan(400);
      expect(focused).toBeLessThan(800);
    } finally {
      watch.close();
    }
  });

  it('churn creates and deletes pods, and DELETE stops the storm', async () => {
    const rv = String((await api('/api/v1/pods?limit=1')).body.metadata.resourceVersion);
    const watch = await openWatch(cluster.handle, `/api/v1/pods?watch=1&resourceVersion=${rv}`);
    try {
      expect((await api('/-/demo/storm', { method: 'POST', body: { eventsPerSecond: 2000, seconds: 60, churn: 0.5 } })).status).toBe(201);
      await watch.until((evs) => evs.filter((e) => e.type === 'DELETED').length >= 5, 'storm deletions');
      const stopped = (await api('/-/demo/storm', { method: 'DELETE' })).body;
      expect(stopped.running).toBe(false);
      expect(stopped.created).toBeGreaterThan(200);
      expect(stopped.deleted).toBeGreaterThan(0);
      expect(stopped.modified).toBeGreaterThan(0);
      const emitted = stopped.emitted as number;
      await new Promise((r) => setTimeout(r, 100));
      expect((await api('/-/demo/storm')).body.emitted).toBe(emitted);
      const created = watch.events.find((e) => e.type === 'ADDED');
      expect(created?.object.metadata.labels['kubeglass.dev/storm']).toBe('true');
      const deleted = watch.events.find((e) => e.type === 'DELETED');
      const name = String(deleted?.object.metadata.name);
      expect((await api(`/api/v1/namespaces/${String(deleted?.object.metadata.namespace)}/pods/${name}`)).status).toBe(404);
    } finally {
      watch.close();
    }
  });
});
