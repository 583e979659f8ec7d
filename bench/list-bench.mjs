// Benchmark of the resource list: kubeglass (built) with the demo cluster seeded with 10,000 and
// 50,000 pods; Chromium opens /c/demo/api/v1/pods. Records time to first rows, time to all rows,
// scroll frame times, JS heap, DOM rows, and for comparison the raw paged Table fetch and
// `kubectl get pods -A` through the same proxy. Run: npm run bench (builds first).
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
/* global document, requestAnimationFrame -- page.evaluate callbacks run in the browser */

const SIZES = (process.env.BENCH_SIZES ?? '10000,50000').split(',').map(Number);
const KUBECONFIG = 'tests/e2e/no-contexts.kubeconfig';
const TABLE_ACCEPT = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json';
const SCROLL_FRAMES = 300;

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function startKubeglass(pods) {
  const port = await freePort();
  const child = spawn(process.execPath, ['bin/kubeglass.js', '--port', String(port), '--demo-seed-pods', String(pods), '--demo-activity-ms', '0'], {
    env: { ...process.env, KUBECONFIG },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`kubeglass exited: ${out}`);
    try {
      if ((await fetch(`${url}/-/contexts`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`kubeglass did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** The SPA's own request pattern: Table pages of 500 with continue tokens. */
async function rawListFetch(url) {
  const start = performance.now();
  let token = '';
  let rows = 0;
  let pages = 0;
  do {
    const q = new URLSearchParams({ includeObject: 'Metadata', limit: '500' });
    if (token) q.set('continue', token);
    const res = await fetch(`${url}/k8s/demo/api/v1/pods?${q}`, { headers: { accept: TABLE_ACCEPT } });
    const body = await res.json();
    rows += body.rows.length;
    pages++;
    token = body.metadata?.continue ?? '';
  } while (token);
  return { ms: performance.now() - start, rows, pages };
}

function kubectlGetPods(url) {
  const cache = mkdtempSync(join(tmpdir(), 'kubeglass-bench-kubectl-'));
  const args = ['--cache-dir', cache, '--kubeconfig', KUBECONFIG, '--server', `${url}/k8s/demo`, 'get', 'pods', '-A'];
  // Warm discovery once so the figure is the list, like a second run of kubectl.
  return new Promise((resolve) => {
    execFile('kubectl', ['--cache-dir', cache, '--kubeconfig', KUBECONFIG, '--server', `${url}/k8s/demo`, 'get', 'namespaces'], () => {
      const start = performance.now();
      execFile('kubectl', args, { maxBuffer: 1 << 28, timeout: 300_000 }, (error, stdout) => {
        resolve({ ms: performance.now() - start, lines: String(stdout).trim().split('\n').length - 1, ok: !error });
      });
    });
  });
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0, frames: sorted.length };
}

async function browserRun(url, total) {
  const browser = await chromium.launch({
    executablePath: process.env.KUBEGLASS_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--enable-precise-memory-info'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const cdp = await page.context().newCDPSession(page);
    const start = performance.now();
    await page.goto(`${url}/c/demo/api/v1/pods`);
    await page.locator('tbody tr[data-row-key]').first().waitFor({ timeout: 60_000 });
    const firstRowsMs = performance.now() - start;
    const expectedCount = `${total.toLocaleString('en-US')} items`;
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="row-count"]')?.textContent === text && !document.querySelector('[data-testid="loading-more"]'),
      expectedCount,
      { timeout: 300_000, polling: 50 },
    );
    const allRowsMs = performance.now() - start;
    await page.waitForFunction(() => document.querySelector('[data-testid="watch-state"]')?.textContent === 'live', null, { timeout: 60_000 });
    const liveMs = performance.now() - start;
    await page.waitForTimeout(500);

    // Scroll from top to bottom in SCROLL_FRAMES steps, one per animation frame, recording frame deltas.
    const scrollRun = (pxPerFrame) => page.evaluate(async ({ frames, pxPerFrame }) => {
      const el = document.querySelector('[data-testid="table-scroller"]');
      el.scrollTop = 0;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const deltas = [];
      let maxRows = 0;
      await new Promise((resolve) => {
        const step = pxPerFrame || (el.scrollHeight - el.clientHeight) / frames;
        let last = performance.now();
        let i = 0;
        const tick = (now) => {
          deltas.push(now - last);
          last = now;
          maxRows = Math.max(maxRows, document.querySelectorAll('tbody tr').length);
          if (i++ >= frames) return resolve();
          el.scrollTop = Math.round(step * i);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      const lastKey = [...document.querySelectorAll('tbody tr[data-row-key]')].at(-1)?.getAttribute('data-row-key');
      return { deltas: deltas.slice(1), maxRows, lastKey };
    }, { frames: SCROLL_FRAMES, pxPerFrame });
    // Top to bottom in SCROLL_FRAMES frames (every frame shows all-new rows), then a wheel-like 64 px per frame.
    const scroll = await scrollRun(0);
    const smooth = await scrollRun(64);

    // Sorting all rows by Restarts (typed, natural tie-break) as a user would: click, wait for aria-sort.
    const sortStart = performance.now();
    await page.getByTestId('sort-Restarts').click();
    await page.waitForFunction(() => document.querySelector('th[aria-sort="ascending"]') !== null);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const sortMs = performance.now() - sortStart;

    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    return {
      firstRowsMs,
      allRowsMs,
      liveMs,
      scroll: { ...stats(scroll.deltas), maxDomRows: scroll.maxRows, lastRowKey: scroll.lastKey },
      smoothScroll: { ...stats(smooth.deltas), maxDomRows: smooth.maxRows },
      sortClickMs: sortMs,
      heapUsedMB: heap.usedSize / 1048576,
      heapTotalMB: heap.totalSize / 1048576,
    };
  } finally {
    await browser.close();
  }
}

const results = [];
for (const size of SIZES) {
  process.stdout.write(`seeding ${size} pods… `);
  const seedStart = performance.now();
  const server = await startKubeglass(size);
  process.stdout.write(`up in ${((performance.now() - seedStart) / 1000).toFixed(1)}s\n`);
  try {
    const raw = await rawListFetch(server.url);
    console.log(`  raw Table fetch: ${raw.rows} rows in ${Math.round(raw.ms)} ms`);
    const kubectl = await kubectlGetPods(server.url);
    console.log(`  kubectl get pods -A: ${Math.round(kubectl.ms)} ms`);
    const ui = await browserRun(server.url, raw.rows);
    console.log(`  UI: all rows in ${Math.round(ui.allRowsMs)} ms`);
    results.push({ seededPods: size, totalPods: raw.rows, rawListFetch: raw, kubectlGetPodsA: kubectl, ui });
  } finally {
    await server.stop();
  }
}

const fmt = (ms) => `${Math.round(ms).toLocaleString('en-US')} ms`;
const rows = [
  ['pods listed', (r) => r.totalPods.toLocaleString('en-US')],
  ['raw Table fetch (500/page)', (r) => `${fmt(r.rawListFetch.ms)} (${r.rawListFetch.pages} pages)`],
  ['kubectl get pods -A', (r) => `${fmt(r.kubectlGetPodsA.ms)}${r.kubectlGetPodsA.ok ? '' : ' (failed)'}`],
  ['UI: first rows', (r) => fmt(r.ui.firstRowsMs)],
  ['UI: all rows (row-count)', (r) => fmt(r.ui.allRowsMs)],
  ['UI: watch live', (r) => fmt(r.ui.liveMs)],
  ['scroll end-to-end median / p95 / max', (r) => `${r.ui.scroll.median.toFixed(1)} / ${r.ui.scroll.p95.toFixed(1)} / ${r.ui.scroll.max.toFixed(1)} ms`],
  ['scroll 64px/frame median / p95 / max', (r) => `${r.ui.smoothScroll.median.toFixed(1)} / ${r.ui.smoothScroll.p95.toFixed(1)} / ${r.ui.smoothScroll.max.toFixed(1)} ms`],
  ['scroll: max <tr> in DOM', (r) => String(r.ui.scroll.maxDomRows)],
  ['sort by Restarts (click to paint)', (r) => fmt(r.ui.sortClickMs)],
  ['JS heap used after GC', (r) => `${r.ui.heapUsedMB.toFixed(1)} MB`],
];
const width = Math.max(...rows.map(([label]) => label.length));
console.log(`\n${'figure'.padEnd(width)}  ${results.map((r) => `${r.seededPods} seeded`.padStart(28)).join('')}`);
for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${results.map((r) => value(r).padStart(28)).join('')}`);

mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/list-bench.json',
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: (await import('node:os')).cpus().length, results }, null, 2)}\n`,
);
console.log('\nwrote bench/results/list-bench.json');
