// Heap benchmark: kubeglass (built) with HEAP_PODS demo pods (default 50,000) and the storm generator;
// Chromium shows all of them at /c/demo/api/v1/pods. Measures the tab's JS heap after a forced GC with
// the whole list loaded, then churns for CHURN_SECONDS (default 600) at CHURN_RATE events/s (default 200;
// half creates/deletes of pods, half status changes) and samples the heap after GC every
// SAMPLE_SECONDS (default 30): a fitted slope (MB/min) and first vs last say whether it grows.
// Run alone: npm run build && node bench/heap-bench.mjs
import { freePort, launchChromium, spawnUntilReady, NO_CONTEXTS_KUBECONFIG, waitForAllPodsLive, writeResult, figure } from './lib.mjs';
/* global document -- page callbacks run in the browser */

const PODS = Number(process.env.HEAP_PODS ?? 50_000);
const CHURN_SECONDS = Number(process.env.CHURN_SECONDS ?? 600);
const CHURN_RATE = Number(process.env.CHURN_RATE ?? 200);
const SAMPLE_SECONDS = Number(process.env.SAMPLE_SECONDS ?? 30);
/** Growth allowed before we call it a trend: 1 MB per minute (10 MB over the default 10 minutes). */
const SLOPE_LIMIT_MB_PER_MIN = 1;

async function storm(url, method, body) {
  const res = await fetch(`${url}/k8s/demo/-/demo/storm`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`storm ${method}: HTTP ${res.status} ${text}`);
  return JSON.parse(text);
}

async function heapAfterGc(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 1048576;
}

function linearFit(points) {
  const n = points.length;
  const mx = points.reduce((a, p) => a + p[0], 0) / n;
  const my = points.reduce((a, p) => a + p[1], 0) / n;
  const num = points.reduce((a, p) => a + (p[0] - mx) * (p[1] - my), 0);
  const den = points.reduce((a, p) => a + (p[0] - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

const rowCount = () => document.querySelector('[data-testid="row-count"]')?.textContent ?? '';

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
process.stdout.write(`seeding ${PODS} pods… `);
const server = await spawnUntilReady(['--port', String(port), '--demo-seed-pods', String(PODS), '--demo-activity-ms', '0', '--demo-storm'], {
  env: { KUBECONFIG: NO_CONTEXTS_KUBECONFIG },
  url,
});
console.log('up');
const browser = await launchChromium();
let result;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await page.goto(`${url}/c/demo/api/v1/pods`);
  const total = await waitForAllPodsLive(page, url, 600_000);
  await page.waitForTimeout(2000);
  const loaded = await heapAfterGc(cdp);
  const domRows = await page.evaluate(() => document.querySelectorAll('tbody tr').length);
  console.log(`${total} pods listed: JS heap after GC ${loaded.toFixed(1)} MB, ${domRows} <tr> in the DOM`);

  console.log(`churn: ${CHURN_RATE} events/s for ${CHURN_SECONDS}s, heap after GC every ${SAMPLE_SECONDS}s`);
  await storm(url, 'POST', { eventsPerSecond: CHURN_RATE, seconds: CHURN_SECONDS + 60, churn: 0.5 });
  const t0 = Date.now();
  const samples = [[0, loaded]];
  for (let s = SAMPLE_SECONDS; s <= CHURN_SECONDS; s += SAMPLE_SECONDS) {
    await new Promise((r) => setTimeout(r, Math.max(0, t0 + s * 1000 - Date.now())));
    const mb = await heapAfterGc(cdp);
    samples.push([(Date.now() - t0) / 1000, mb]);
    console.log(`  ${String(Math.round((Date.now() - t0) / 1000)).padStart(4)} s  ${mb.toFixed(1)} MB  (${await page.evaluate(rowCount)})`);
  }
  const progress = await storm(url, 'DELETE');
  const state = await page.evaluate(() => document.querySelector('[data-testid="watch-state"]')?.textContent ?? '');
  // The tab kept up: after the storm stops, the list settles at the cluster's pod count.
  const finalTotal = (await (await fetch(`${url}/k8s/demo/api/v1/pods?limit=1`)).json()).metadata.remainingItemCount + 1;
  await page.waitForFunction((text) => document.querySelector('[data-testid="row-count"]')?.textContent === text, `${finalTotal.toLocaleString('en-US')} items`, {
    timeout: 60_000,
    polling: 250,
  });
  // Slope over the churn only (the first sample, before any churn, is the loaded list).
  const churnSamples = samples.slice(1);
  const slopeMbPerMin = linearFit(churnSamples.map(([t, mb]) => [t / 60, mb]));
  const first = churnSamples[0]?.[1] ?? loaded;
  const last = churnSamples.at(-1)?.[1] ?? loaded;
  result = {
    figures: [
      figure({ figure: `heap ${Math.round(PODS / 1000)}k`, value: loaded, unit: 'MB', limit: 250, target: '< 250 MB' }),
      figure({
        figure: `heap growth under churn (${Math.round(CHURN_SECONDS / 60)} min)`,
        value: slopeMbPerMin,
        unit: 'MB/min',
        limit: SLOPE_LIMIT_MB_PER_MIN,
        target: `fitted slope <= ${SLOPE_LIMIT_MB_PER_MIN} MB/min`,
      }),
    ],
    growth: [{ metric: 'JS heap after GC under churn (MB)', unit: 'MB', points: samples.map(([t, mb]) => ({ size: Math.round(t), value: Math.round(mb * 10) / 10 })) }],
    details: {
      pods: total,
      domRows,
      heapLoadedMB: loaded,
      churn: {
        rate: CHURN_RATE,
        seconds: CHURN_SECONDS,
        sampleSeconds: SAMPLE_SECONDS,
        generator: { emitted: progress.emitted, modified: progress.modified, created: progress.created, deleted: progress.deleted, achievedPerSecond: progress.achievedPerSecond, maxLagMs: progress.maxLagMs },
        slopeMbPerMin,
        firstMB: first,
        lastMB: last,
        watchStateAtEnd: state,
        podsAtEnd: finalTotal,
      },
      samples,
    },
  };
} finally {
  await browser.close();
  await server.stop();
}
writeResult('heap-bench', result);
