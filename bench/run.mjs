// `npm run bench`: runs every bench part (each writes bench/results/<part>.json in the shared format, see
// bench/README.md), then merges their figures into bench/results/latest.json, a readable table
// (bench/results/latest.md) and the growth plot (bench/results/growth.svg). A part that fails is reported
// and makes the run fail, after the others ran. BENCH_PARTS=list-bench,ui-bench runs a subset.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { launchChromium, ROOT } from './lib.mjs';
import { growthSvg } from './growth-plot.mjs';

const TIME_SERIES_PARTS = new Set(['storm-bench', 'heap-bench']);
const ALL_PARTS = ['list-bench', 'storm-bench', 'heap-bench', 'proxy-bench', 'ui-bench', 'form-bench'];
const parts = (process.env.BENCH_PARTS ?? ALL_PARTS.join(',')).split(',').filter((p) => existsSync(`${ROOT}bench/${p}.mjs`));

const failed = [];
const started = Date.now();
for (const part of parts) {
  console.log(`\n=== ${part} ===`);
  const t0 = Date.now();
  const run = spawnSync(process.execPath, [`bench/${part}.mjs`], { cwd: ROOT, stdio: 'inherit' });
  console.log(`=== ${part}: ${run.status === 0 ? 'done' : `FAILED (exit ${run.status ?? run.signal})`} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  if (run.status !== 0) failed.push(part);
}

// Figures of every part that has a result, this run's or (for a subset run) an earlier one, said so.
const figures = [];
const growth = [];
const sources = [];
for (const part of ALL_PARTS) {
  const file = `${ROOT}bench/results/${part}.json`;
  if (!existsSync(file)) continue;
  const result = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(result.figures)) continue;
  const fresh = parts.includes(part) && !failed.includes(part);
  sources.push({ part, date: result.date, fresh });
  for (const f of result.figures) figures.push({ ...f, part });
  // The plot is cost against the number of objects; storm and churn series run against time (seconds), kept in
  // their part's JSON only.
  if (!TIME_SERIES_PARTS.has(part)) for (const g of result.growth ?? []) growth.push({ ...g, part });
}

writeFileSync(`${ROOT}bench/results/latest.json`, `${JSON.stringify(figures, null, 2)}\n`);
writeFileSync(`${ROOT}bench/results/latest.md`, markdownTable(figures, sources));
if (growth.length > 0) await writeGrowthPlot(growthSvg(growth));

console.log(`\n${markdownTable(figures, sources)}`);
const missed = figures.filter((f) => !f.met);
console.log(`${figures.length} figures, ${figures.length - missed.length} met, ${missed.length} missed; ${((Date.now() - started) / 60000).toFixed(1)} min`);
console.log('wrote bench/results/latest.json, latest.md' + (growth.length > 0 ? ', growth.svg, growth.png' : ''));
if (failed.length > 0) {
  console.error(`bench parts failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}

function markdownTable(rows, from) {
  const num = (x, unit) => (x === null || x === undefined ? '' : `${Number(x).toLocaleString('en-US', { maximumFractionDigits: unit === 'x' || unit === 'ratio' ? 2 : 1 })} ${unit}`);
  const lines = [
    '| figure | value | reference | ratio | target | met |',
    '|---|---:|---|---:|---|---|',
    ...rows.map((f) => `| ${f.figure} | ${num(f.value, f.unit)} | ${f.reference === null ? '' : `${num(f.reference, f.unit)} (${f.referenceName})`} | ${f.ratio.toFixed(2)} | ${f.target} | ${f.met ? 'yes' : '**no**'} |`),
    '',
    ...from.map((s) => `- ${s.part}: ${s.date}${s.fresh ? '' : ' (not re-run this time)'}`),
    '',
  ];
  return lines.join('\n');
}

/** The SVG, and a PNG of it drawn by Chromium (for viewers that show no SVG). */
async function writeGrowthPlot(svg) {
  writeFileSync(`${ROOT}bench/results/growth.svg`, svg);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ deviceScaleFactor: 2 });
    await page.setContent(svg);
    await page.locator('svg').screenshot({ path: `${ROOT}bench/results/growth.png` });
  } finally {
    await browser.close();
  }
}
