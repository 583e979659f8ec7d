// What the bench parts share: starting kubeglass (built) on a free port, launching Chromium the way the
// tests do, percentiles, figures in the shared result format (bench/README.md) and writing them.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/chromium-launch.mjs';

/** The repository root: parts run from anywhere, kubeglass and relative paths resolve from here. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const TABLE_ACCEPT = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json';
/** No contexts of its own: only the embedded demo cluster. */
export const NO_CONTEXTS_KUBECONFIG = 'tests/e2e/no-contexts.kubeconfig';

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Spawns `node bin/kubeglass.js ...args`; resolves once `readyPath` answers 200 on `url`. */
export async function spawnUntilReady(args, { env = {}, url, readyPath = '/-/contexts', timeoutMs = 180_000 } = {}) {
  const child = spawn(process.execPath, ['bin/kubeglass.js', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`kubeglass ${args.join(' ')} exited: ${out}`);
    try {
      if ((await fetch(`${url}${readyPath}`)).status < 500) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`kubeglass ${args.join(' ')} did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    pid: child.pid,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** kubeglass with the embedded demo cluster seeded with `pods` pods and no background activity. */
export async function startKubeglass(pods, extraArgs = []) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const process_ = await spawnUntilReady(['--port', String(port), '--demo-seed-pods', String(pods), '--demo-activity-ms', '0', ...extraArgs], {
    env: { KUBECONFIG: NO_CONTEXTS_KUBECONFIG },
    url,
  });
  return { url, ...process_ };
}

export function launchChromium(extraArgs = []) {
  return chromium.launch({ ...chromiumLaunchOptions, args: [...chromiumLaunchOptions.args, '--enable-precise-memory-info', ...extraArgs] });
}

/** The headers Chromium sends with a fetch (User-Agent, Accept-Encoding), read by a local server it fetches from. */
export async function browserRequestHeaders() {
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
    res.end(JSON.stringify({ userAgent: req.headers['user-agent'] ?? '', acceptEncoding: req.headers['accept-encoding'] ?? '' }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    return await page.evaluate(async () => (await fetch(globalThis.location.href)).json());
  } finally {
    await browser.close();
    server.close();
  }
}

export async function browserUserAgent() {
  return (await browserRequestHeaders()).userAgent;
}

/** Waits until the open pods list shows every pod and its watch is live; returns how many pods there are. */
export async function waitForAllPodsLive(page, url, timeoutMs) {
  const total = (await (await fetch(`${url}/k8s/demo/api/v1/pods?limit=1`)).json()).metadata.remainingItemCount + 1;
  await page.waitForFunction(
    (text) => globalThis.document.querySelector('[data-testid="row-count"]')?.textContent === text && !globalThis.document.querySelector('[data-testid="loading-more"]'),
    `${total.toLocaleString('en-US')} items`,
    { timeout: timeoutMs, polling: 100 },
  );
  await page.waitForFunction(() => globalThis.document.querySelector('[data-testid="watch-state"]')?.textContent === 'live', null, { timeout: 60_000 });
  return total;
}

export function percentile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

export const median = (values) => percentile(values, 0.5);

/**
 * One figure of the shared result format. With a reference, the ratio is value/reference and the limit
 * bounds the ratio; without one (an absolute target), the ratio is value/limit and met means ratio <= 1.
 */
export function figure({ figure: name, value, unit, reference = null, referenceName = null, limit, target }) {
  const ratio = reference !== null ? value / reference : value / limit;
  const met = reference !== null ? ratio <= limit : value <= limit;
  const round = (x) => (x === null ? null : Math.round(x * 1000) / 1000);
  return { figure: name, value: round(value), unit, reference: round(reference), referenceName, ratio: round(ratio), limit, target, met };
}

export function printFigures(figures) {
  const fmt = (x, unit) => (x === null ? '' : `${x.toLocaleString('en-US', { maximumFractionDigits: unit === 'x' ? 2 : 1 })} ${unit}`);
  const rows = figures.map((f) => [f.figure, fmt(f.value, f.unit), f.reference === null ? '' : `${fmt(f.reference, f.unit)} (${f.referenceName})`, f.ratio.toFixed(2), f.target, f.met ? 'met' : 'MISSED']);
  const header = ['figure', 'value', 'reference', 'ratio', 'target', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const row of [header, ...rows]) console.log(row.map((c, i) => c.padEnd(widths[i])).join('  '));
}

/** Writes bench/results/<part>.json in the shared format and prints its figures. */
export function writeResult(part, { figures, growth = [], details = {} }) {
  mkdirSync(`${ROOT}bench/results`, { recursive: true });
  const file = `${ROOT}bench/results/${part}.json`;
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpus().length, figures, growth, details }, null, 2)}\n`);
  console.log('');
  printFigures(figures);
  console.log(`\nwrote ${file}`);
}
