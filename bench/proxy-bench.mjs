// Proxy overhead: the pods Table list through kubeglass's proxy vs the same request sent straight to the API
// server. The demo cluster runs alone (`kubeglass demo-cluster`, its own process like a real cluster) and
// kubeglass reaches it over plain HTTP as it reaches the embedded one. Both clients send what a browser sends
// (Chromium's User-Agent and Accept-Encoding, the UI's Table Accept); the direct one sends the User-Agent the proxy forwards,
// so the server does the same work on both paths. On the first page the ratio is the hop; over all pages kubeglass
// also reads each next page ahead of the client (server/list-pages/read-ahead.ts), which a direct client cannot have, so
// that ratio is the proxy's whole effect on paging a list. Runs alternate, medians compared.
// For context, the same requests also go through the least proxy Node can be (bench/floor/pipe-proxy.mjs): the
// hop's own cost on this machine, without kubeglass's work.
// Run: npm run build && node bench/proxy-bench.mjs (PROXY_PODS, PROXY_RUNS, PROXY_WARMUP to cut it).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse, stringify } from 'yaml';
import { browserRequestHeaders, figure, freePort, median, ROOT, spawnUntilReady, TABLE_ACCEPT, writeResult } from './lib.mjs';

const PODS = Number(process.env.PROXY_PODS ?? 10_000);
const RUNS = Number(process.env.PROXY_RUNS ?? 20);
/**
 * Runs per path before the timed ones, kept apart as `cold`. The processes start for this bench, so their first
 * requests run code V8 has not optimized yet: over 80 runs, first pages took 6.4 / 4.6 / 4.1 ms proxied and 5.0 / 4.0 /
 * 3.8 direct (medians of runs 1-10, 11-20, 21-30), then 3.9 and 3.8 both. The UI meets a warm proxy: its boot sends
 * discovery, namespaces and access reviews through it before any list page after the first.
 */
const WARMUP = Number(process.env.PROXY_WARMUP ?? 20);
const PAGE = 500;
const LIMIT = 1.1;

const agent = new http.Agent({ keepAlive: true });

function get(url, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

function decoded(res) {
  return res.encoding === 'gzip' ? gunzipSync(res.body) : res.body;
}

/** Request to last byte of every page; the continue token is read after the clock stops. */
async function timeList(base, headers, { allPages }) {
  let ms = 0;
  let token = '';
  let pages = 0;
  let bytes = 0;
  do {
    const q = new URLSearchParams({ includeObject: 'Metadata', limit: String(PAGE) });
    if (token) q.set('continue', token);
    const t0 = performance.now();
    const res = await get(`${base}/api/v1/pods?${q}`, headers);
    ms += performance.now() - t0;
    if (res.status !== 200) throw new Error(`${base} list -> ${res.status} ${res.body.toString().slice(0, 200)}`);
    bytes += res.body.length;
    pages++;
    token = allPages ? (JSON.parse(decoded(res).toString()).metadata?.continue ?? '') : '';
  } while (token);
  return { ms, pages, bytes };
}

async function compare(paths, allPages) {
  const names = Object.keys(paths);
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  const cold = Object.fromEntries(names.map((name) => [name, []]));
  let shape;
  for (let run = 0; run < WARMUP + RUNS; run++) {
    // Rotate which path goes first so none always gets the warmer caches.
    const order = names.map((_, i) => names[(i + run) % names.length]);
    for (const path of order) {
      const result = await timeList(paths[path].base, paths[path].headers, { allPages });
      (run < WARMUP ? cold : samples)[path].push(result.ms);
      shape = { pages: result.pages, bytes: result.bytes };
    }
  }
  return { ...Object.fromEntries(names.map((name) => [name, median(samples[name])])), samples, cold: Object.fromEntries(names.map((name) => [name, median(cold[name])])), ...shape };
}

const work = mkdtempSync(join(tmpdir(), 'kubeglass-proxy-bench-'));
const demoKubeconfig = join(work, 'demo.kubeconfig');
const demoPort = await freePort();
const demoUrl = `http://127.0.0.1:${demoPort}`;
console.log(`seeding ${PODS} pods in a standalone demo cluster…`);
const demo = await spawnUntilReady(['demo-cluster', '--port', String(demoPort), '--seed-pods', String(PODS), '--activity-ms', '0', '--write-kubeconfig', demoKubeconfig], {
  url: demoUrl,
  readyPath: '/readyz',
});
// kubeglass reaches the cluster over plain HTTP, as it reaches the embedded demo cluster.
const config = parse(readFileSync(demoKubeconfig, 'utf8'));
for (const c of config.clusters) c.cluster = { server: demoUrl };
writeFileSync(demoKubeconfig, stringify(config));
const adminToken = config.users.find((u) => u.name === 'demo-admin').user.token;
const port = await freePort();
const kubeglassUrl = `http://127.0.0.1:${port}`;
const kubeglass = await spawnUntilReady(['--port', String(port), '--no-demo', '--kubeconfig', demoKubeconfig, '--context', 'demo'], { url: kubeglassUrl });
const pipePort = await freePort();
let pipeProxy;

try {
  pipeProxy = spawn(process.execPath, [join(ROOT, 'bench/floor/pipe-proxy.mjs'), String(pipePort), demoUrl, adminToken], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    pipeProxy.stdout.once('data', resolve);
    pipeProxy.once('exit', (code) => reject(new Error(`pipe-proxy exited ${code}`)));
  });
  // Chromium's own User-Agent and Accept-Encoding: a list page over 128 KiB comes back gzip on both paths, as the
  // UI gets it (kube-apiserver compresses those; the demo does the same).
  const { userAgent, acceptEncoding } = await browserRequestHeaders();
  const common = { accept: TABLE_ACCEPT, 'accept-encoding': acceptEncoding };
  const direct = { base: demoUrl, headers: { ...common, 'user-agent': `kubeglass (${userAgent})`, authorization: `Bearer ${adminToken}` } };
  const proxied = { base: `${kubeglassUrl}/k8s/demo`, headers: { ...common, 'user-agent': userAgent } };
  const pipe = { base: `http://127.0.0.1:${pipePort}/k8s/demo`, headers: { ...common, 'user-agent': userAgent } };
  const first = await compare({ direct, proxied, pipe }, false);
  console.log(`first page: direct ${first.direct.toFixed(1)} ms, proxied ${first.proxied.toFixed(1)} ms, minimal Node proxy ${first.pipe.toFixed(1)} ms (${first.bytes} bytes); warm-up runs: direct ${first.cold.direct.toFixed(1)}, proxied ${first.cold.proxied.toFixed(1)}`);
  const all = await compare({ direct, proxied, pipe }, true);
  console.log(`all ${all.pages} pages: direct ${all.direct.toFixed(1)} ms, proxied ${all.proxied.toFixed(1)} ms, minimal Node proxy ${all.pipe.toFixed(1)} ms`);
  const size = `${Math.round(PODS / 1000)}k`;
  writeResult('proxy-bench', {
    figures: [
      figure({ figure: `proxy overhead list first page ${size}`, value: first.proxied, unit: 'ms', reference: first.direct, referenceName: 'same request to the API server', limit: LIMIT, target: 'ratio <= 1.1' }),
      figure({ figure: `proxy overhead list all pages ${size}`, value: all.proxied, unit: 'ms', reference: all.direct, referenceName: 'same requests to the API server', limit: LIMIT, target: 'ratio <= 1.1' }),
    ],
    details: {
      pods: PODS,
      runs: RUNS,
      pageSize: PAGE,
      userAgent,
      // Context, not a target: the same ratio for the least Node proxy (bench/floor/pipe-proxy.mjs) in the same runs.
      minimalNodeProxy: { firstPageRatio: first.pipe / first.direct, allPagesRatio: all.pipe / all.direct },
      // Context, not a target: the warm-up runs' medians (see WARMUP).
      warmup: WARMUP,
      coldFirstPage: { ...first.cold, ratio: first.cold.proxied / first.cold.direct },
      coldAllPages: { ...all.cold, ratio: all.cold.proxied / all.cold.direct },
      firstPage: first,
      allPages: all,
    },
  });
} finally {
  pipeProxy?.kill();
  await kubeglass.stop();
  await demo.stop();
}
