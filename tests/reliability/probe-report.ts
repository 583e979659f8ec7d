// The security probes' outcomes, one JSON line each, for the reliability report (scripts/test-reliability.mjs counts them).
import { appendFileSync, mkdirSync } from 'node:fs';
import { expect } from 'vitest';

export const PROBE_REPORT = 'test-reports/reliability-probes.jsonl';

/** Records one probe for the reliability report without asserting anything. */
export function recordProbe(category: string, probe: string, refused: boolean): void {
  mkdirSync('test-reports', { recursive: true });
  appendFileSync(PROBE_REPORT, `${JSON.stringify({ category, probe, blocked: refused })}\n`);
}

const failure = (category: string, probe: string, detail?: string): string =>
  detail === undefined ? `${category}: ${probe}` : `${category}: ${probe}\n${detail}`;

/** Records one probe for the reliability report, then asserts it was blocked; `detail` explains a failure. */
export function blocked(category: string, probe: string, refused: boolean, detail?: string): void {
  recordProbe(category, probe, refused);
  expect(refused, failure(category, probe, detail)).toBe(true);
}

/** As `blocked`, but asserts softly: the probes after it in the test still run and are recorded. */
export function blockedSoftly(category: string, probe: string, refused: boolean, detail?: string): void {
  recordProbe(category, probe, refused);
  expect.soft(refused, failure(category, probe, detail)).toBe(true);
}
