// fast-check runs for the pure cores, counted for the reliability report (scripts/test-reliability.mjs sums them).
import { appendFileSync, mkdirSync } from 'node:fs';
import fc from 'fast-check';

/** Cases per property; FUZZ_RUNS raises it for a longer hunt. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 400);
export const FUZZ_REPORT = 'test-reports/reliability-fuzz.jsonl';

/** Records for the report that the property `name` held over `runs` generated cases. */
export function recordFuzzRuns(name: string, runs: number): void {
  mkdirSync('test-reports', { recursive: true });
  appendFileSync(FUZZ_REPORT, `${JSON.stringify({ name, runs })}\n`);
}

/** Asserts a property over FUZZ_RUNS generated cases and records how many ran. */
export function fuzz<Ts extends [unknown, ...unknown[]]>(name: string, property: fc.IProperty<Ts>, runs = FUZZ_RUNS): void {
  fc.assert(property, { numRuns: runs });
  recordFuzzRuns(name, runs);
}

/** Any JSON value, nested a few levels: what a broken proxy or a hostile server might send. */
export const anyJson = fc.jsonValue({ maxDepth: 4 });
