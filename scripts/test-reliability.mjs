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
const sum = spawnSync('node', ['scripts/sum-results.mjs', report], { stdio: 'inherit' });
process.exit(run.status === 0 && sum.status === 0 ? 0 : 1);
