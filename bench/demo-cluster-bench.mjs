// Benchmark of the demo cluster (the BUILT dist/node/demo-cluster, run in a worker thread so its
// event loop is separate from the clients'): 10,000 seeded pods listed as a Table with kubectl's
// Accept (whole list and limit=500 pages), then 50 chunked watchers on pods while 1,000 pod
// updates/s are written for 10 s (after a 2 s warm-up at that rate). Three threads, so that the clients do not measure themselves:
// the server (worker), the writer (main thread) and the watchers (a second worker, scanning event
// bytes instead of parsing them). Each update carries its send time, so lag is measured across
// threads; event-loop delay and utilization are reported per thread. Prints a figures table and
// writes bench/results/demo-cluster-bench.json. Run: npm run bench (builds first), or after
// `npx tsc -p tsconfig.build.json`: node bench/demo-cluster-bench.mjs
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const PODS = Number(process.env.BENCH_PODS ?? 10_000);
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 50);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const RUNS = 7;
const TABLE_TARGET_MS = 300;
const KUBECTL_ACCEPT = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';

function startServer() {
  const worker = new Worker(new URL(import.meta.url), { workerData: { pods: PODS } });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (info) => resolve({ ...info, worker }));
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function request(url, token, { method = 'GET', accept = 'application/json', body, contentType } = {}) {
  return new Promise((resolve, reject) => {
    const headers = { Authorization: `Bearer ${token}`, Accept: accept, 'User-Agent': 'kubectl/v1.32.0 (bench)' };
    if (body !== undefined) {
      headers['Content-Type'] = contentType ?? 'application/json';
      headers['Content-Length'] = Buffer.byteLength(body);
    }
    const req = http.request(url, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, buf: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))];
};
const round = (x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

async function timeTableList(base, token, limit) {
  const samples = [];
  let bytes = 0;
  let rows = 0;
  let pages = 0;
  for (let run = 0; run <= RUNS; run++) {
    // Request to last byte; the client's JSON.parse (needed for the continue token) is not counted.
    let ms = 0;
    let cont = '';
    let runBytes = 0;
    let runRows = 0;
    let runPages = 0;
    do {
      const q = new URLSearchParams(limit ? { limit: String(limit) } : {});
      if (cont) q.set('continue', cont);
      const t0 = performance.now();
      const res = await request(`${base}/api/v1/pods?${q}`, token, { accept: KUBECTL_ACCEPT });
      ms += performance.now() - t0;
      if (res.status !== 200) throw new Error(`list -> ${res.status} ${res.buf.toString().slice(0, 200)}`);
      const table = JSON.parse(res.buf.toString('utf8'));
      if (table.kind !== 'Table') throw new Error(`expected a Table, got ${table.kind}`);
      runBytes += res.buf.length;
      runRows += table.rows.length;
      runPages++;
      cont = table.metadata.continue ?? '';
    } while (cont);
    if (run > 0) samples.push(ms); // run 0 warms up
    bytes = runBytes;
    rows = runRows;
    pages = runPages;
  }
  return { medianMs: round(median(samples)), minMs: round(Math.min(...samples)), maxMs: round(Math.max(...samples)), rows, pages, bytes };
}

/** Event-loop delay and utilization of the calling thread over a phase (started now, read by stop()). */
function loopMonitor() {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const elu0 = performance.eventLoopUtilization();
  return {
    stop() {
      h.disable();
      const ms = (ns) => round(ns / 1e6);
      return {
        delayMs: { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) },
        utilization: round(performance.eventLoopUtilization(elu0).utilization, 2),
      };
    },
  };
}

/** Wall-clock ms shared by all threads (each thread's performance.now() has its own origin). */
const clock = () => performance.timeOrigin + performance.now();

const SEQ_MARK = Buffer.from('"bench/seq":"');
const SENT_MARK = Buffer.from('"bench/sent":"');
const RV_MARK = Buffer.from('"resourceVersion":"');

/** The digits after `mark` (searched in buf[from, to)) as a number, or -1. Bytes only: nothing is decoded. */
function numberAfter(buf, mark, from, to) {
  const at = buf.indexOf(mark, from);
  if (at < 0 || at >= to) return -1;
  const i = at + mark.length;
  const end = buf.indexOf(34, i); // closing quote
  if (end < 0 || end > to) return -1;
  return Number(buf.latin1Slice(i, end));
}

/**
 * A chunked watch that records, per bench update, the lag from its creation (the writer's clock,
 * carried in the update itself) to its receipt. Events are scanned as bytes, not decoded or
 * JSON.parse'd: 50 clients parsing ~2 KB pods at 1,000/s each would make the clients the bottleneck.
 */
function openWatcher(base, token, rv) {
  const w = { received: 0, lags: [], sent: [], ended: false, error: undefined, lastRv: 0, outOfOrder: 0, req: undefined };
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/v1/pods?watch=1&resourceVersion=${rv}&allowWatchBookmarks=false&timeoutSeconds=600`, { headers: { Authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`watch -> ${res.statusCode}`));
      let rest = null; // an incomplete last line
      res.on('data', (chunk) => {
        const buf = rest ? Buffer.concat([rest, chunk]) : chunk;
        const now = clock();
        let start = 0;
        let nl;
        while ((nl = buf.indexOf(10, start)) >= 0) {
          const evRv = numberAfter(buf, RV_MARK, start, nl);
          if (evRv < w.lastRv) w.outOfOrder++;
          w.lastRv = evRv;
          const seq = numberAfter(buf, SEQ_MARK, start, nl);
          if (seq >= 0) {
            w.received++;
            const sent = numberAfter(buf, SENT_MARK, start, nl);
            if (sent >= 0) {
              w.lags.push(now - sent);
              w.sent.push(sent);
            }
          }
          start = nl + 1;
        }
        rest = start < buf.length ? buf.subarray(start) : null;
      });
      res.on('end', () => (w.ended = true));
      res.on('error', (e) => (w.error = e.message));
      resolve(w);
    });
    w.req = req;
    req.on('error', (e) => {
      w.error = e.message;
    });
  });
}

/** The watchers' thread: opens them, then on 'drain' waits for `expected` events each and reports. */
async function watchersThread({ base, token, rv, watchers: n }) {
  const watchers = await Promise.all(Array.from({ length: n }, () => openWatcher(base, token, rv)));
  const loop = loopMonitor();
  parentPort.postMessage({ type: 'ready' });
  const { expected, startedAt } = await new Promise((r) => parentPort.once('message', r));
  // Let the streams drain (up to 10 s).
  const drainStart = performance.now();
  while (watchers.some((w) => w.received < expected && !w.ended && !w.error) && performance.now() - drainStart < 10_000) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const drainedAt = clock(); // the delivery rates end here, not after the figures below are computed
  const thread = loop.stop();
  for (const w of watchers) w.req.destroy();
  const allLags = watchers.flatMap((w) => w.lags);
  // Lag p99 by the second of the run the update was written in: a warm-up spike or a growing backlog.
  const bySecond = [];
  for (const w of watchers) {
    w.sent.forEach((t, i) => (bySecond[Math.floor((t - startedAt) / 1000)] ??= []).push(w.lags[i]));
  }
  agent.destroy();
  parentPort.postMessage({
    type: 'done',
    drainedAt,
    thread,
    watchers: watchers.map((w) => ({ received: w.received, ended: w.ended, error: w.error, outOfOrder: w.outOfOrder })),
    lagMs: { median: round(median(allLags)), p99: round(pct(allLags, 99)), max: round(allLags.reduce((m, x) => Math.max(m, x), 0)) },
    lagP99BySecondMs: Array.from(bySecond, (xs) => (xs ? round(pct(xs, 99)) : null)),
  });
}

/** Writes RATE merge-patches/s for `seconds` (a batch every 10 ms, paced against the clock); resolves when all are answered. */
async function writeAtRate(targets, token, seconds, annotations) {
  const total = RATE * seconds;
  const batch = Math.max(1, Math.round(RATE / 100));
  let seq = 0;
  let failed = 0;
  const inflight = new Set();
  const start = performance.now();
  while (seq < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * RATE) + batch);
    while (seq < due) {
      const n = seq++;
      const body = JSON.stringify({ metadata: { annotations: annotations(n) } });
      const p = request(targets[n % targets.length], token, { method: 'PATCH', body, contentType: 'application/merge-patch+json' })
        .then((r) => {
          if (r.status !== 200) failed++;
        })
        .catch(() => failed++)
        .finally(() => inflight.delete(p));
      inflight.add(p);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  await Promise.all(inflight);
  return { total, failed };
}

async function watchBench(base, token, server) {
  // Pods to update: the first RATE pods of the list.
  const listed = JSON.parse((await request(`${base}/api/v1/pods?limit=${RATE}`, token)).buf.toString('utf8'));
  const targets = listed.items.map((p) => `${base}/api/v1/namespaces/${p.metadata.namespace}/pods/${p.metadata.name}`);
  // Warm-up at the same rate, before the watchers start: JIT of the write path, the writer's
  // keep-alive connections, each target's first managedFields entry. The figures are steady state.
  if (WARMUP_SECONDS > 0) await writeAtRate(targets, token, WARMUP_SECONDS, (n) => ({ 'bench/warmup': String(n) }));
  const rv = JSON.parse((await request(`${base}/api/v1/pods?limit=1`, token)).buf.toString('utf8')).metadata.resourceVersion;
  // The watchers get a thread of their own, so the server, the writer and the readers each have an event loop.
  const client = new Worker(new URL(import.meta.url), { workerData: { role: 'watchers', base, token, rv, watchers: WATCHERS } });
  const fromClient = () => new Promise((resolve, reject) => {
    client.once('error', reject);
    client.once('message', resolve);
  });
  await fromClient(); // ready
  server.postMessage('loop-start');
  const loop = loopMonitor();

  const start = performance.now();
  const startedAt = clock();
  const { total, failed } = await writeAtRate(targets, token, SECONDS, (n) => ({ 'bench/seq': String(n), 'bench/sent': clock().toFixed(3) }));
  const writeSeconds = (performance.now() - start) / 1000;
  const writerThread = loop.stop();
  const serverDone = new Promise((r) => server.once('message', r));
  server.postMessage('loop-stop');
  const serverThread = await serverDone;
  client.postMessage({ expected: total - failed, startedAt });
  const report = await fromClient();
  const elapsed = (report.drainedAt - startedAt) / 1000;
  await client.terminate();

  const expected = total - failed;
  const watchers = report.watchers;
  const rates = watchers.map((w) => w.received / elapsed);
  const threads = { server: serverThread, writer: writerThread, watchers: report.thread };
  return {
    watchers: WATCHERS,
    targetRatePerS: RATE,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    generated: total,
    failedWrites: failed,
    achievedWriteRatePerS: round(total / writeSeconds),
    deliveredPerWatcherPerS: { min: round(Math.min(...rates)), median: round(median(rates)), max: round(Math.max(...rates)) },
    deliveredTotalPerS: round(watchers.reduce((n, w) => n + w.received, 0) / elapsed),
    lagMs: report.lagMs,
    lagP99BySecondMs: report.lagP99BySecondMs,
    watchersBehind: watchers.filter((w) => w.received < expected).length,
    watchersDropped: watchers.filter((w) => w.ended || w.error).length,
    outOfOrderEvents: watchers.reduce((n, w) => n + w.outOfOrder, 0),
    // Per thread during the write phase (watchers: until drained): event-loop delay and utilization (0-1).
    eventLoopDelayMs: { server: threads.server.delayMs, writer: threads.writer.delayMs, watchers: threads.watchers.delayMs },
    eventLoopUtilization: { server: threads.server.utilization, writer: threads.writer.utilization, watchers: threads.watchers.utilization },
  };
}

async function main() {
  const t0 = performance.now();
  const { url, token, worker } = await startServer();
  const startupMs = round(performance.now() - t0);
  // BENCH_ONLY=watch skips the list phase (for profiling the watch phase alone).
  const skipList = process.env.BENCH_ONLY === 'watch';
  const none = { medianMs: NaN, minMs: NaN, maxMs: NaN, rows: 0, pages: 0, bytes: 0 };
  const full = skipList ? none : await timeTableList(url, token, 0);
  const paged = skipList ? none : await timeTableList(url, token, 500);
  const watch = await watchBench(url, token, worker);
  worker.postMessage('close');
  await new Promise((r) => worker.once('message', r));
  await worker.terminate();
  agent.destroy();

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    pods: PODS,
    startupMs,
    tableList: { accept: KUBECTL_ACCEPT, full, pagedLimit500: paged, targetMs: TABLE_TARGET_MS, fullUnderTarget: full.medianMs < TABLE_TARGET_MS, pagedUnderTarget: paged.medianMs < TABLE_TARGET_MS },
    watch,
  };
  const rows = [
    ['startup (seed + listen)', `${startupMs} ms`],
    [`GET /api/v1/pods Table, ${PODS} rows`, `median ${full.medianMs} ms (min ${full.minMs}, max ${full.maxMs}), ${(full.bytes / 1e6).toFixed(1)} MB`],
    ['  same, limit=500 pages (all pages)', `median ${paged.medianMs} ms over ${paged.pages} pages (min ${paged.minMs}, max ${paged.maxMs})`],
    [`  target < ${TABLE_TARGET_MS} ms`, `full ${results.tableList.fullUnderTarget ? 'met' : 'MISSED'}, paged ${results.tableList.pagedUnderTarget ? 'met' : 'MISSED'}`],
    [`${WATCHERS} watchers, ${RATE} updates/s for ${SECONDS} s (after ${WARMUP_SECONDS} s warm-up)`, `writes achieved ${watch.achievedWriteRatePerS}/s, ${watch.failedWrites} failed`],
    ['  delivered per watcher', `min ${watch.deliveredPerWatcherPerS.min}/s, median ${watch.deliveredPerWatcherPerS.median}/s, max ${watch.deliveredPerWatcherPerS.max}/s (${watch.deliveredTotalPerS}/s total)`],
    ['  lag creation -> receipt', `median ${watch.lagMs.median} ms, p99 ${watch.lagMs.p99} ms, max ${watch.lagMs.max} ms`],
    ['  lag p99 by second written', watch.lagP99BySecondMs.map((x) => `${Math.round(x)}`).join(' ') + ' ms'],
    ['  behind / dropped / out of order', `${watch.watchersBehind} / ${watch.watchersDropped} / ${watch.outOfOrderEvents}`],
    ...['server', 'writer', 'watchers'].map((t) => [
      `  ${t} thread: loop delay, utilization`,
      `p50 ${watch.eventLoopDelayMs[t].p50} ms, p99 ${watch.eventLoopDelayMs[t].p99} ms, max ${watch.eventLoopDelayMs[t].max} ms; ${watch.eventLoopUtilization[t]}`,
    ]),
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(`demo-cluster bench (${process.version})`);
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/demo-cluster-bench.json', `${JSON.stringify(results, null, 2)}\n`);
  console.log('wrote bench/results/demo-cluster-bench.json');
}

if (isMainThread) {
  await main();
} else if (workerData.role === 'watchers') {
  await watchersThread(workerData);
} else {
  // Server side: the built demo cluster in this worker.
  const { startDemoClusterWithOptions } = await import('../dist/node/demo-cluster/index.js');
  const cluster = await startDemoClusterWithOptions({ activityIntervalMs: 0, seed: { pods: workerData.pods }, historyCapacity: 20_000 });
  parentPort.postMessage({ url: cluster.url, token: cluster.tokens.admin });
  let loop;
  parentPort.on('message', async (m) => {
    if (m === 'loop-start') loop = loopMonitor();
    else if (m === 'loop-stop') parentPort.postMessage(loop.stop());
    else if (m === 'close') {
      await cluster.close();
      parentPort.postMessage('closed');
    }
  });
}
