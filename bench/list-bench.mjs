// Benchmark of the resource list: kubeglass (built) with the demo cluster seeded with 1,000, 10,000 and 50,000
// pods; Chromium opens /c/demo/api/v1/pods in a fresh tab. Records time to first rows and to all rows, each against
// its floor on the same path (a fresh tab that navigates to a kubeglass page which loads the app's JS and CSS and the
// raw first Table page together, then fetches the other pages as the UI pages them: see floorRun), all rows also
// against `kubectl get pods -A`, scroll frame times, JS heap and DOM rows.
// The timed pages report their times in a console message (REPORT_PREFIX) instead of being polled: Playwright's
// waitForFunction injects its own script into the page once it has loaded, 25-100 ms of the main thread while the page
// is still waiting for its data. Polled (medians of 20 paired runs at 1k), the floor measured 94 ms more to its first
// page and 119 ms more to all pages, the app 55 ms more to first rows and 125 ms more to all rows: ratios read better
// than they were.
// Run alone: npm run build && node bench/list-bench.mjs (BENCH_SIZES=1000,10000 to cut).
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { browserUserAgent, figure, launchChromium, median, NO_CONTEXTS_KUBECONFIG, ROOT, startKubeglass, TABLE_ACCEPT, writeResult } from './lib.mjs';
/* global document, requestAnimationFrame, MutationObserver, addEventListener -- page.evaluate callbacks run in the browser */

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,50000').split(',').map(Number);
const SCROLL_FRAMES = 300;
/** Runs per size of the UI's first rows and all rows, and of their floors; the medians are compared. Medians of 7 moved
 * by up to 0.4 in ratio between two runs of the same build; of 15, still by 0.03-0.07 (all rows at 1k: 1.31 and 1.31
 * in two runs of one build, 1.25-1.46 in paired probes of it; single runs of the floor ranging 72-194 ms), so 25. */
const FIRST_ROWS_RUNS = Number(process.env.BENCH_FIRST_ROWS_RUNS ?? 25);
const HEAP_LIMIT_MB = 250;
/** Starts the console message in which the list page and the floor page report their times. */
const REPORT_PREFIX = 'kubeglass-bench-times ';
/** Starts the console message in which the input run's page says its first rows have painted. */
const ROWS_PREFIX = 'kubeglass-bench-rows ';
/** The keys pressed at first rows, and what answers them: the command palette, the list's filter. */
const INPUT_KEYS = [
  { key: 'Control+k', name: 'Ctrl+K' },
  { key: '/', name: "'/'" },
];
const INPUT_ANSWER_LIMIT_MS = 100;

/** The times a page reports (see REPORT_PREFIX), waited for from before its navigation. */
function reportedTimes(page) {
  return page
    .waitForEvent('console', { predicate: (message) => message.text().startsWith(REPORT_PREFIX), timeout: 300_000 })
    .then((message) => JSON.parse(message.text().slice(REPORT_PREFIX.length)));
}

// The UI's page sizes, from the built paging module (wire/list-paging), so the reference always pages as the UI pages.
const { FIRST_PAGE_SIZE, NEXT_PAGE_SIZE } = await import(pathToFileURL(join(ROOT, 'dist/node/wire/list-paging.js')).href);
const PAGES = { first: FIRST_PAGE_SIZE, next: NEXT_PAGE_SIZE };

const label = (size) => (size >= 1000 && size % 1000 === 0 ? `${size / 1000}k` : String(size));
const firstPageUrl = (url) => `${url}/k8s/demo/api/v1/pods?${new URLSearchParams({ includeObject: 'Metadata', limit: String(PAGES.first) })}`;

/** The SPA's request pattern through the proxy: Table pages (first small, then larger) with continue tokens, Chromium's User-Agent. */
async function rawListFetch(url, userAgent) {
  const start = performance.now();
  let token = '';
  let rows = 0;
  let pages = 0;
  do {
    const q = new URLSearchParams({ includeObject: 'Metadata', limit: String(pages === 0 ? PAGES.first : PAGES.next) });
    if (token) q.set('continue', token);
    const res = await fetch(`${url}/k8s/demo/api/v1/pods?${q}`, { headers: { accept: TABLE_ACCEPT, 'user-agent': userAgent } });
    const body = await res.json();
    rows += body.rows.length;
    pages++;
    token = body.metadata?.continue ?? '';
  } while (token);
  return { ms: performance.now() - start, rows, pages };
}

function kubectlGetPods(url) {
  const cache = mkdtempSync(join(tmpdir(), 'kubeglass-bench-kubectl-'));
  const base = ['--cache-dir', cache, '--kubeconfig', NO_CONTEXTS_KUBECONFIG, '--server', `${url}/k8s/demo`];
  // Warm discovery once so the figure is the list, like a second run of kubectl.
  return new Promise((resolve) => {
    execFile('kubectl', [...base, 'get', 'namespaces'], { cwd: ROOT }, () => {
      const start = performance.now();
      execFile('kubectl', [...base, 'get', 'pods', '-A'], { cwd: ROOT, maxBuffer: 1 << 28, timeout: 300_000 }, (error, stdout) => {
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

/** The built index.html's JS and CSS (what the browser must fetch before the app can run). */
function appAssets() {
  const html = readFileSync(join(ROOT, 'dist/web/index.html'), 'utf8');
  return [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
}

const FLOOR_HTML = '<!doctype html><html lang="en"><head><meta charset="UTF-8"><script src="/bench-floor.js"></script></head><body></body></html>';

/** Serves the floor page from the built app while the bench runs (kubeglass serves dist/web as it is on disk). */
function installFloorPage() {
  const web = join(ROOT, 'dist/web');
  writeFileSync(join(web, 'bench-floor.html'), FLOOR_HTML);
  copyFileSync(join(ROOT, 'bench/floor/floor-page.js'), join(web, 'bench-floor.js'));
  return () => {
    rmSync(join(web, 'bench-floor.html'), { force: true });
    rmSync(join(web, 'bench-floor.js'), { force: true });
  };
}

/**
 * The floor, on the path the UI takes: a fresh context navigates to a page of kubeglass's whose only script starts
 * the app's JS and CSS and the raw first Table page together (firstMs: all three in), then fetches the list's other
 * pages as the UI pages them (allMs). Both from the navigation start, the origin of the UI's own figures, so the
 * floor pays the document request and the new renderer the UI pays, and nothing the UI does with what it loaded.
 */
async function floorRun(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.waitForTimeout(300);
    const query = new URLSearchParams({ accept: TABLE_ACCEPT, first: firstPageUrl(''), nextLimit: String(PAGES.next) });
    for (const asset of appAssets()) query.append('asset', asset);
    query.set('report', REPORT_PREFIX);
    const reported = reportedTimes(page);
    await page.goto(`${url}/bench-floor.html?${query}`);
    const floor = await reported;
    if (floor.error) throw new Error(`floor page: ${floor.error}`);
    return floor;
  } finally {
    await context.close();
  }
}

/** Installed before the page's own scripts: counts requests in flight, so a run ends only once the page has stopped asking. */
function countInFlight() {
  const fetch = globalThis.fetch;
  globalThis.__kgInFlight = 0;
  globalThis.fetch = (...args) => {
    globalThis.__kgInFlight++;
    return fetch(...args).finally(() => globalThis.__kgInFlight--);
  };
}

/**
 * Installed before the page's own scripts: notes (ms since navigation start) when the frame that shows the first row
 * has painted, and the one where the row count reads `expected` with no more pages loading.
 */
function markListTimes({ expected, reportPrefix }) {
  const marks = {};
  globalThis.__kgListTimes = marks;
  const report = () => {
    if (marks.reported || marks.firstRowsMs === undefined || marks.allRowsMs === undefined) return;
    marks.reported = true;
    console.log(reportPrefix + JSON.stringify({ firstRowsMs: marks.firstRowsMs, allRowsMs: marks.allRowsMs }));
  };
  // The frame's rAF callbacks run before its style, layout and paint: the task after them sees the rows painted
  // (as form-bench's first screen). A mark in the rAF itself left out ~70 ms of a fresh tab's first layout.
  const afterFrame = (note) =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        note(performance.now());
        report();
      }, 0),
    );
  const check = () => {
    if (!marks.firstRowsPending && document.querySelector('tbody tr[data-row-key]')) {
      marks.firstRowsPending = true;
      afterFrame((ms) => (marks.firstRowsMs = ms));
    }
    // All rows: the count says every row with no page loading.
    const count = document.querySelector('[data-testid="row-count"]')?.textContent;
    const whole = count === expected && !document.querySelector('[data-testid="loading-more"]');
    if (!marks.allRowsPending && whole) {
      marks.allRowsPending = true;
      afterFrame((ms) => (marks.allRowsMs = ms));
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * Installed before the page's own scripts: says in a console message (rowsPrefix) when the frame showing the first row
 * has painted, then notes the first key pressed (its event's time stamp, the moment the browser took it) and the frame
 * that shows its answer painted: the command palette open (Ctrl+K) or the list's filter focused ('/').
 */
function markInputAnswer({ rowsPrefix, reportPrefix }) {
  const marks = {};
  const afterFrame = (note) => requestAnimationFrame(() => setTimeout(() => note(performance.now()), 0));
  addEventListener(
    'keydown',
    (event) => {
      if (marks.keyAt === undefined) marks.keyAt = event.timeStamp;
    },
    { capture: true },
  );
  const answered = () => document.querySelector('[data-testid="command-palette"]') !== null || document.activeElement?.getAttribute('data-testid') === 'table-filter';
  const check = () => {
    if (!marks.rowsPending && document.querySelector('tbody tr[data-row-key]')) {
      marks.rowsPending = true;
      afterFrame((ms) => {
        marks.rowsMs = ms;
        console.log(rowsPrefix + JSON.stringify({ rowsMs: ms }));
      });
    }
    if (marks.keyAt !== undefined && !marks.answerPending && answered()) {
      marks.answerPending = true;
      afterFrame((ms) => console.log(reportPrefix + JSON.stringify({ rowsMs: marks.rowsMs, keyAt: marks.keyAt, answeredMs: ms })));
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  document.addEventListener('focusin', check);
}

/** Until the list is live and the page has asked nothing for 500 ms, so the next run does not share the server with this one. */
async function settled(page) {
  await page.waitForFunction(() => document.querySelector('[data-testid="watch-state"]')?.textContent === 'live', null, { timeout: 300_000, polling: 100 });
  await page.waitForFunction(
    () => {
      if (globalThis.__kgInFlight > 0) globalThis.__kgBusyAt = performance.now();
      return performance.now() - (globalThis.__kgBusyAt ?? 0) > 500;
    },
    null,
    { timeout: 120_000, polling: 50 },
  );
}

/** How long a key pressed at first rows may go unanswered before it counts as lost. */
const INPUT_LOST_MS = 3000;

/**
 * A fresh tab at the list: the moment its first rows have painted, `key` is pressed (Ctrl+K or '/'); the time from
 * the key's event to the frame showing its answer (the palette, the focused filter). Null when it is not answered
 * within INPUT_LOST_MS (the key was lost).
 */
async function inputRun(browser, url, key) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(countInFlight);
    await context.addInitScript(markInputAnswer, { rowsPrefix: ROWS_PREFIX, reportPrefix: REPORT_PREFIX });
    const page = await context.newPage();
    await page.waitForTimeout(300);
    const rows = page.waitForEvent('console', { predicate: (message) => message.text().startsWith(ROWS_PREFIX), timeout: 300_000 });
    const reported = page.waitForEvent('console', { predicate: (message) => message.text().startsWith(REPORT_PREFIX), timeout: 300_000 });
    reported.catch(() => undefined);
    await page.goto(`${url}/c/demo/api/v1/pods`, { waitUntil: 'commit' });
    await rows;
    await page.keyboard.press(key);
    const answer = await Promise.race([reported.then((message) => JSON.parse(message.text().slice(REPORT_PREFIX.length))), new Promise((resolve) => setTimeout(() => resolve(null), INPUT_LOST_MS))]);
    if (key === '/') await page.keyboard.press('Escape');
    await settled(page);
    return answer === null ? null : { answerMs: answer.answeredMs - answer.keyAt, sinceRowsMs: answer.answeredMs - answer.rowsMs };
  } finally {
    await context.close();
  }
}

/** Times from navigation to the first row on screen and to all `total` rows, in a fresh context. */
async function listRun(browser, url, total) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(countInFlight);
    await context.addInitScript(markListTimes, { expected: `${total.toLocaleString('en-US')} items`, reportPrefix: REPORT_PREFIX });
    const page = await context.newPage();
    await page.waitForTimeout(300);
    const reported = reportedTimes(page);
    await page.goto(`${url}/c/demo/api/v1/pods`);
    const { firstRowsMs, allRowsMs } = await reported;
    // Let the list finish so the next run does not share the server with this one's remaining pages, nor with what
    // the page asks once the list is in (metrics.k8s.io for every pod: at 50k the server is still writing it for
    // seconds after the tab closes, and the next run's first page waited behind it).
    await settled(page);
    return { firstRowsMs, allRowsMs };
  } finally {
    await context.close();
  }
}

async function browserRun(browser, url, total) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(markListTimes, { expected: `${total.toLocaleString('en-US')} items`, reportPrefix: REPORT_PREFIX });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`${url}/c/demo/api/v1/pods`);
    await page.waitForFunction(() => globalThis.__kgListTimes?.allRowsMs !== undefined, null, { timeout: 300_000, polling: 50 });
    await page.waitForFunction(() => document.querySelector('[data-testid="watch-state"]')?.textContent === 'live', null, { timeout: 60_000 });
    const { firstRowsMs, allRowsMs } = await page.evaluate(() => globalThis.__kgListTimes);
    const liveMs = await page.evaluate(() => performance.now());
    await page.waitForTimeout(500);

    // Scroll from top to bottom in SCROLL_FRAMES steps, one per animation frame, recording frame deltas.
    const scrollRun = (pxPerFrame) =>
      page.evaluate(
        async ({ frames, pxPerFrame }) => {
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
        },
        { frames: SCROLL_FRAMES, pxPerFrame },
      );
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
    await context.close();
  }
}

const userAgent = await browserUserAgent();
const results = [];
const removeFloorPage = installFloorPage();
try {
  for (const size of SIZES) {
    process.stdout.write(`seeding ${size} pods… `);
    const seedStart = performance.now();
    const server = await startKubeglass(size);
    process.stdout.write(`up in ${((performance.now() - seedStart) / 1000).toFixed(1)}s\n`);
    const browser = await launchChromium();
    try {
      const raw = await rawListFetch(server.url, userAgent);
      console.log(`  raw Table fetch: ${raw.rows} rows in ${Math.round(raw.ms)} ms (${raw.pages} pages)`);
      const kubectl = await kubectlGetPods(server.url);
      console.log(`  kubectl get pods -A: ${Math.round(kubectl.ms)} ms`);
      // Floor, first rows and the keys at first rows alternate, each in a fresh context, so all see the same machine.
      const floors = [];
      const runs = [];
      const inputs = Object.fromEntries(INPUT_KEYS.map(({ name }) => [name, []]));
      for (let run = 0; run < FIRST_ROWS_RUNS; run++) {
        floors.push(await floorRun(browser, server.url));
        runs.push(await listRun(browser, server.url, raw.rows));
        for (const { key, name } of INPUT_KEYS) inputs[name].push(await inputRun(browser, server.url, key));
      }
      // The floor page's pages must add up to the list, or it measured something else.
      for (const f of floors) if (f.rows !== raw.rows) throw new Error(`floor page listed ${f.rows} rows, the list has ${raw.rows}`);
      console.log(`  first rows: ${runs.map((r) => Math.round(r.firstRowsMs)).join(', ')} ms; all rows: ${runs.map((r) => Math.round(r.allRowsMs)).join(', ')} ms; floor (first page): ${floors.map((f) => Math.round(f.firstMs)).join(', ')} ms; floor (all pages): ${floors.map((f) => Math.round(f.allMs)).join(', ')} ms`);
      for (const { name } of INPUT_KEYS) console.log(`  ${name} at first rows, key to answer: ${inputs[name].map((r) => (r === null ? 'lost' : Math.round(r.answerMs))).join(', ')} ms`);
      const ui = await browserRun(browser, server.url, raw.rows);
      console.log(`  UI (scroll, sort and heap run): all rows in ${Math.round(ui.allRowsMs)} ms`);
      results.push({ seededPods: size, totalPods: raw.rows, rawListFetch: raw, kubectlGetPodsA: kubectl, floorFirstMs: floors.map((f) => f.firstMs), floorAllMs: floors.map((f) => f.allMs), firstRowsMs: runs.map((r) => r.firstRowsMs), allRowsMs: runs.map((r) => r.allRowsMs), inputs, ui });
    } finally {
      await browser.close();
      await server.stop();
    }
  }
} finally {
  removeFloorPage();
}

/** Median and p95 of key-to-answer times, a lost key counting as never answered. */
function inputStats(answers) {
  const sorted = answers.map((a) => (a === null ? Infinity : a.answerMs)).sort((x, y) => x - y);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Infinity;
  return { median: median(sorted), p95: at(0.95), lost: answers.filter((a) => a === null).length };
}
const fmt = (ms) => `${Math.round(ms).toLocaleString('en-US')} ms`;
const rows = [
  ['pods listed', (r) => r.totalPods.toLocaleString('en-US')],
  [`raw Table fetch from Node (${PAGES.first}, then ${PAGES.next}/page)`, (r) => `${fmt(r.rawListFetch.ms)} (${r.rawListFetch.pages} pages)`],
  ['floor: navigation + all pages (median)', (r) => fmt(median(r.floorAllMs))],
  ['kubectl get pods -A', (r) => `${fmt(r.kubectlGetPodsA.ms)}${r.kubectlGetPodsA.ok ? '' : ' (failed)'}`],
  ['floor: navigation + JS+CSS+first page (median)', (r) => fmt(median(r.floorFirstMs))],
  ['UI: first rows (median)', (r) => fmt(median(r.firstRowsMs))],
  ...INPUT_KEYS.map(({ name }) => [`UI: ${name} at first rows, key to answer (median / p95)`, (r) => `${fmt(inputStats(r.inputs[name]).median)} / ${fmt(inputStats(r.inputs[name]).p95)}`]),
  ['UI: all rows (row-count, median)', (r) => fmt(median(r.allRowsMs))],
  ['UI: watch live', (r) => fmt(r.ui.liveMs)],
  ['scroll end-to-end median / p95 / max', (r) => `${r.ui.scroll.median.toFixed(1)} / ${r.ui.scroll.p95.toFixed(1)} / ${r.ui.scroll.max.toFixed(1)} ms`],
  ['scroll 64px/frame median / p95 / max', (r) => `${r.ui.smoothScroll.median.toFixed(1)} / ${r.ui.smoothScroll.p95.toFixed(1)} / ${r.ui.smoothScroll.max.toFixed(1)} ms`],
  ['scroll: max <tr> in DOM', (r) => String(r.ui.scroll.maxDomRows)],
  ['sort by Restarts (click to paint)', (r) => fmt(r.ui.sortClickMs)],
  ['JS heap used after GC', (r) => `${r.ui.heapUsedMB.toFixed(1)} MB`],
];
const width = Math.max(...rows.map(([name]) => name.length));
console.log(`\n${'figure'.padEnd(width)}  ${results.map((r) => `${r.seededPods} seeded`.padStart(28)).join('')}`);
for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${results.map((r) => value(r).padStart(28)).join('')}`);

const figures = [];
for (const r of results) {
  const size = label(r.seededPods);
  figures.push(
    figure({ figure: `first rows ${size}`, value: median(r.firstRowsMs), unit: 'ms', reference: median(r.floorFirstMs), referenceName: 'floor: a fresh tab navigates to a page that loads the app JS+CSS and the raw first Table page together', limit: 1.5, target: 'ratio <= 1.5' }),
    ...INPUT_KEYS.flatMap(({ name }) => {
      const stats = inputStats(r.inputs[name]);
      const limit = INPUT_ANSWER_LIMIT_MS;
      const target = `<= ${limit} ms from the key pressed as the first rows show to its answer painted${stats.lost ? ` (${stats.lost} lost)` : ''}`;
      return [
        figure({ figure: `input answered at first rows ${size}: ${name} median`, value: stats.median, unit: 'ms', limit, target }),
        figure({ figure: `input answered at first rows ${size}: ${name} p95`, value: stats.p95, unit: 'ms', limit, target }),
      ];
    }),
    figure({ figure: `all rows ${size}`, value: median(r.allRowsMs), unit: 'ms', reference: median(r.floorAllMs), referenceName: 'floor: a fresh tab navigates to a page that loads the app JS+CSS and fetches every Table page as the UI pages them', limit: 1.3, target: 'ratio <= 1.3' }),
  );
}
for (const r of results) {
  if (r.seededPods !== 10000 && r.seededPods !== 50000) continue;
  if (!r.kubectlGetPodsA.ok) continue;
  figures.push(figure({ figure: `all rows ${label(r.seededPods)} vs kubectl`, value: median(r.allRowsMs), unit: 'ms', reference: r.kubectlGetPodsA.ms, referenceName: 'kubectl get pods -A (warm discovery)', limit: 1, target: 'ratio < 1' }));
}
const heap50k = results.find((r) => r.seededPods === 50000);
if (heap50k) figures.push(figure({ figure: 'heap 50k', value: heap50k.ui.heapUsedMB, unit: 'MB', limit: HEAP_LIMIT_MB, target: `< ${HEAP_LIMIT_MB} MB` }));

const series = (metric, unit, value) => ({ metric, unit, points: results.map((r) => ({ size: r.totalPods, value: Math.round(value(r) * 10) / 10 })) });
writeResult('list-bench', {
  figures,
  growth: [
    series('first rows (ms)', 'ms', (r) => median(r.firstRowsMs)),
    series('all rows (ms)', 'ms', (r) => median(r.allRowsMs)),
    series('floor: all pages in the browser (ms)', 'ms', (r) => median(r.floorAllMs)),
    series('raw paged fetch from Node (ms)', 'ms', (r) => r.rawListFetch.ms),
    series('kubectl get pods -A (ms)', 'ms', (r) => r.kubectlGetPodsA.ms),
    series('JS heap after GC (MB)', 'MB', (r) => r.ui.heapUsedMB),
  ],
  details: { userAgent, pageSizes: PAGES, firstRowsRuns: FIRST_ROWS_RUNS, inputKeys: INPUT_KEYS.map(({ name }) => name), results },
});
