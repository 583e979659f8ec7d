// Sums Vitest and Playwright JSON reports into the closing "N passed, N failed" line; exit 1 on failures or a missing report.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
let missing = 0;
for (const file of process.argv.slice(2)) {
  let r;
  try {
    r = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.log(`sum-results: no report at ${file}`);
    missing++;
    continue;
  }
  if (r.stats) {
    passed += r.stats.expected + (r.stats.flaky ?? 0);
    failed += r.stats.unexpected;
    skipped += r.stats.skipped;
  } else {
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed || missing ? 1 : 0);
