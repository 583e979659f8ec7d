// npm run test:reliability: the reliability suite (tests/reliability), then its figures, then "N passed, N failed".
// Figures come from what the tests recorded in test-reports/ while running; a figure no test measured is not printed.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const report = 'test-reports/reliability-vitest.json';
const fuzzReport = 'test-reports/reliability-fuzz.jsonl';
const probeReport = 'test-reports/reliability-probes.jsonl';
const loadReport = 'test-reports/reliability-load.jsonl';
const badInputReport = 'test-reports/reliability-bad-input.jsonl';
mkdirSync('test-reports', { recursive: true });
for (const file of [report, fuzzReport, probeReport, loadReport, badInputReport]) rmSync(file, { force: true });

const run = spawnSync('npx', ['vitest', 'run', '--project', 'reliability', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
  stdio: 'inherit',
});

const lines = (file) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l)) : []);
const fuzz = lines(fuzzReport);
console.log('\nreliability figures:');
console.log(`  fuzz cases run: ${fuzz.reduce((n, f) => n + f.runs, 0)} over ${fuzz.length} properties of the pure cores`);
for (const f of fuzz) console.log(`    ${f.name}: ${f.runs}`);
const badInputs = lines(badInputReport);
console.log(`  bad inputs tried: ${badInputs.length}, refused cleanly (a message, nothing sent, no exception): ${badInputs.filter((b) => b.refused).length}`);
const probes = lines(probeReport);
const categories = [...new Set(probes.map((p) => p.category))];
console.log(`  security probes tried: ${probes.length}, blocked: ${probes.filter((p) => p.blocked).length}`);
for (const category of categories) {
  const some = probes.filter((p) => p.category === category);
  console.log(`    ${category}: ${some.filter((p) => p.blocked).length}/${some.length} blocked`);
}
for (const load of lines(loadReport)) {
  console.log(
    `  load: ${load.tabs} tabs x ${load.watches / load.tabs} watches for ${load.seconds} s: ${load.events} events, ${load.stalled} stalled tabs, ` +
      `heap ${load.heapEarlyMB} -> ${load.heapLateMB} MB, upstream watches left open after close: ${load.upstreamWatchesLeftOpen} (closed in ${load.closeMs} ms)`,
  );
}
// The browser tier (tests/reliability/browser): watch and server faults in Chromium against the demo cluster.
const browserReport = 'test-reports/reliability-browser.json';
const faultsReport = 'test-reports/reliability-faults.jsonl';
const editsReport = 'test-reports/reliability-edits.jsonl';
const payloadsReport = 'test-reports/reliability-payloads.jsonl';
for (const file of [browserReport, faultsReport, editsReport, payloadsReport]) rmSync(file, { force: true });
const built = existsSync('dist/web/index.html') && existsSync('dist/node/server/cli.js');
const ready =
  (built || spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' }).status === 0) &&
  spawnSync('node', ['scripts/ensure-debian-packages.mjs'], { stdio: 'inherit' }).status === 0;
const browser = ready
  ? spawnSync('npx', ['playwright', 'test', '-c', 'playwright.reliability.config.ts', '--reporter=list,json'], {
      stdio: 'inherit',
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: browserReport },
    })
  : { status: 1 };
const faults = lines(faultsReport);
const recoveries = faults.map((f) => f.recoveryMs).filter((ms) => typeof ms === 'number');
const unrecovered = faults.filter((f) => f.recoveryMs === null).length;
console.log('\nbrowser reliability figures:');
console.log(
  `  faults injected: ${faults.reduce((n, f) => n + f.injected, 0)}, survived: ${faults.reduce((n, f) => n + f.survived, 0)}, ` +
    `worst recovery: ${unrecovered ? `never (${unrecovered} rounds)` : recoveries.length ? `${Math.max(...recoveries)} ms` : 'none measured'}, ` +
    `edits lost: ${lines(editsReport).reduce((n, e) => n + e.lost, 0)} (${lines(editsReport).reduce((n, e) => n + e.edits, 0)} edits, each followed by a reload)`,
);
for (const scenario of [...new Set(faults.map((f) => f.scenario))]) {
  const some = faults.filter((f) => f.scenario === scenario);
  const worst = Math.max(...some.map((f) => f.recoveryMs ?? Infinity));
  console.log(`    ${scenario}: ${some.length} rounds, ${some.reduce((n, f) => n + f.survived, 0)}/${some.reduce((n, f) => n + f.injected, 0)} survived, worst ${Number.isFinite(worst) ? `${worst} ms` : 'never recovered'}`);
}
const payloads = lines(payloadsReport);
const screens = [...new Set(payloads.map((p) => p.screen))];
console.log(
  `  object-data payloads tried: ${payloads.length} (${new Set(payloads.map((p) => p.payload)).size} payloads on ${screens.length} screens), ` +
    `blocked (shown as text, nothing ran or was made): ${payloads.filter((p) => p.blocked).length}`,
);
for (const screen of screens) {
  const some = payloads.filter((p) => p.screen === screen);
  console.log(`    ${screen}: ${some.filter((p) => p.blocked).length}/${some.length} blocked`);
}
const sum = spawnSync('node', ['scripts/sum-results.mjs', report, browserReport], { stdio: 'inherit' });
process.exit(run.status === 0 && browser.status === 0 && sum.status === 0 ? 0 : 1);
