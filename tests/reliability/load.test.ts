// Load: 50 tabs x 10 watches through one kubeglass server for LOAD_SECONDS (60 in CI; LOAD_SECONDS=600 for the
// full soak) while the demo cluster churns. No tab stalls, memory does not trend up, and closing the tabs
// closes every upstream watch.
import { appendFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startDemoClusterWithOptions, type DemoClusterTlsHandle } from '../../demo-cluster/index.js';
import { startKubeglass, type RunningKubeglass } from '../../server/cli.js';
import type { DemoClusterOptions } from '../../wire/demo-cluster.js';

const TABS = 50;
const WATCHES_PER_TAB = 10;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const LOAD_REPORT = 'test-reports/reliability-load.jsonl';

// What tabs look at: namespaced lists in the busy namespaces, cluster-wide lists, Table and Object watches.
const WATCHED: Array<{ path: string; as?: 'Table' | 'Object' }> = [
  { path: '/api/v1/namespaces/demo/pods', as: 'Table' },
  { path: '/api/v1/pods', as: 'Table' },
  { path: '/apis/apps/v1/namespaces/demo/deployments', as: 'Table' },
  { path: '/apis/apps/v1/replicasets' },
  { path: '/api/v1/namespaces/demo/configmaps', as: 'Table' },
  { path: '/api/v1/events' },
  { path: '/api/v1/namespaces', as: 'Table' },
  { path: '/api/v1/namespaces/shop/pods' },
  { path: '/api/v1/services', as: 'Table' },
  { path: '/api/v1/namespaces/default/pods', as: 'Table' },
];

let demo: DemoClusterTlsHandle;
let kubeglass: RunningKubeglass;

beforeAll(async () => {
  let started: DemoClusterTlsHandle | undefined;
  kubeglass = await startKubeglass({
    port: 0,
    kubeconfig: false,
    staticDir: mkdtempSync(join(tmpdir(), 'kubeglass-load-web-')),
    demo: {
      start: async (options: DemoClusterOptions) => (started = await startDemoClusterWithOptions(options)),
      options: { activityIntervalMs: 250 },
    },
  });
  if (!started) throw new Error('the demo cluster did not start');
  demo = started;
});

afterAll(async () => {
  await kubeglass?.close();
});

interface Tab {
  ws: WebSocket;
  /** Events per watch id. */
  events: Map<string, number>;
  lastEventAt: number;
  closedWatches: number;
}

async function openTab(index: number): Promise<Tab> {
  // A bare socket: keeping every message (as the integration tests' collector does) would be the test's own leak.
  const ws = new WebSocket(`${kubeglass.url.replace('http', 'ws')}/-/ws`);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const tab: Tab = { ws, events: new Map(), lastEventAt: 0, closedWatches: 0 };
  ws.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as { id: string; event?: unknown; closed?: boolean };
    if (message.closed) tab.closedWatches++;
    else {
      tab.events.set(message.id, (tab.events.get(message.id) ?? 0) + 1);
      tab.lastEventAt = Date.now();
    }
  });
  WATCHED.slice(0, WATCHES_PER_TAB).forEach((watch, i) => {
    ws.send(JSON.stringify({ op: 'watch', id: `t${index}-w${i}`, context: 'demo', path: watch.path, ...(watch.as ? { as: watch.as } : {}), query: { allowWatchBookmarks: 'true' } }));
  });
  return tab;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

describe(`load: ${TABS} tabs x ${WATCHES_PER_TAB} watches for ${SECONDS} s`, () => {
  it('no stalled tab, no memory trend, no upstream watch left open once the tabs close', async () => {
    const baseline = demo.openWatchCount();
    const tabs = await Promise.all(Array.from({ length: TABS }, (_, i) => openTab(i)));
    const heap: number[] = [];
    const started = Date.now();
    while (Date.now() - started < SECONDS * 1000) {
      await sleep(Math.min(5000, SECONDS * 100));
      if (!global.gc) throw new Error('run with --expose-gc (the reliability project sets it)');
      global.gc();
      heap.push(process.memoryUsage().heapUsed);
    }
    const openDuringRun = demo.openWatchCount() - baseline;
    const stalled = tabs.filter((t) => Date.now() - t.lastEventAt > 15_000 || t.events.size < WATCHES_PER_TAB).length;
    const events = tabs.reduce((n, t) => n + [...t.events.values()].reduce((a, b) => a + b, 0), 0);
    const closedEarly = tabs.reduce((n, t) => n + t.closedWatches, 0);

    for (const t of tabs) t.ws.close();
    const closeStarted = Date.now();
    while (demo.openWatchCount() > baseline && Date.now() - closeStarted < 10_000) await sleep(50);
    const leftOpen = demo.openWatchCount() - baseline;

    // Trend: the last third of the samples against the first third (after the first, which includes start-up).
    const third = Math.max(1, Math.floor((heap.length - 1) / 3));
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const early = avg(heap.slice(1, 1 + third));
    const late = avg(heap.slice(-third));
    const figures = {
      tabs: TABS,
      watches: TABS * WATCHES_PER_TAB,
      seconds: SECONDS,
      events,
      stalled,
      closedEarly,
      upstreamWatchesDuringRun: openDuringRun,
      upstreamWatchesLeftOpen: leftOpen,
      closeMs: Date.now() - closeStarted,
      heapEarlyMB: megabytes(early),
      heapLateMB: megabytes(late),
    };
    mkdirSync('test-reports', { recursive: true });
    appendFileSync(LOAD_REPORT, `${JSON.stringify(figures)}\n`);

    expect(openDuringRun).toBe(TABS * WATCHES_PER_TAB);
    expect(closedEarly).toBe(0);
    expect(stalled).toBe(0);
    expect(leftOpen).toBe(0);
    // Heap after a full GC: 500 watches' events kept anywhere would grow by tens of MB a minute.
    expect(late).toBeLessThan(early * 1.25 + 8 * 1024 * 1024);
  }, (SECONDS + 60) * 1000);
});
