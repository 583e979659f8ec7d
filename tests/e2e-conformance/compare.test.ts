import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compare, readKnown } from './compare.mjs';
import type { RunReport, RunTest } from './compare.mjs';

const report = (tests: RunTest[]): RunReport => ({
  tests,
  counts: { total: tests.length, passed: tests.filter((t) => t.state === 'passed').length, failed: 0, skipped: 0 },
});
const known = (classes: Array<{ reason: string; tests: string[] }>): Map<string, string> => readKnown(JSON.stringify({ classes }));

describe('the demo cluster beside the real server', () => {
  it('accepts an empty list of known differences, and then fails on any test the demo does not pass', () => {
    const checkedIn = readKnown(readFileSync(new URL('./known-differences.json', import.meta.url), 'utf8'));
    expect(checkedIn.size).toBe(0);
    const passing = report([{ name: 'a', state: 'passed' }]);
    expect(compare(passing, passing, checkedIn).ok).toBe(true);
    expect(compare(passing, report([{ name: 'a', state: 'failed', reason: 'x' }]), checkedIn).ok).toBe(false);
  });

  const real = report([
    { name: 'a', state: 'passed' },
    { name: 'b', state: 'passed' },
    { name: 'c', state: 'failed', reason: 'needs a node' },
    { name: 'w', state: 'skipped' },
  ]);

  it('fails on a test the real server passes and the demo does not, unless listed', () => {
    const demo = report([
      { name: 'a', state: 'passed' },
      { name: 'b', state: 'failed', reason: '404' },
      { name: 'c', state: 'failed' },
      { name: 'w', state: 'skipped' },
    ]);
    const unlisted = compare(real, demo, known([]));
    expect(unlisted.ok).toBe(false);
    expect(unlisted.regressions).toEqual([{ name: 'b', reason: 'failed: 404' }]);
    expect(unlisted.realNotPassed.map((t) => t.name)).toEqual(['c']);
    const listed = compare(real, demo, known([{ reason: 'not served', tests: ['b'] }]));
    expect(listed.ok).toBe(true);
    expect(listed.known).toEqual([{ name: 'b', reason: 'not served', demoReason: '404' }]);
  });

  it('fails on a listed test that now passes, or that the set does not run', () => {
    const demo = report([
      { name: 'a', state: 'passed' },
      { name: 'b', state: 'passed' },
      { name: 'c', state: 'failed' },
    ]);
    const c = compare(real, { ...demo, tests: [...demo.tests, { name: 'w', state: 'skipped' }] }, known([{ reason: 'was broken', tests: ['b', 'gone', 'w'] }]));
    expect(c.ok).toBe(false);
    expect(c.nowPassing).toEqual([{ name: 'b', reason: 'was broken' }]);
    expect(c.unknown).toEqual([{ name: 'gone' }, { name: 'w' }]);
  });

  it('counts a test the demo skips at run time as not passed', () => {
    const demo = report([
      { name: 'a', state: 'skipped', reason: 'API not served' },
      { name: 'b', state: 'passed' },
    ]);
    expect(compare(real, demo, known([])).regressions.map((t) => t.name)).toEqual(['a']);
  });

  it("fails when the real server's run went wrong, not for the demo's own", () => {
    const demo = report([{ name: 'a', state: 'passed' }, { name: 'b', state: 'passed' }]);
    expect(compare({ ...real, problems: ['x.go: suite SynchronizedBeforeSuite failed: x'] }, demo, known([])).ok).toBe(false);
    const crashed = compare(real, { ...demo, problems: ['y.go: e2e.test panicked'] }, known([]));
    expect(crashed.ok).toBe(true);
    expect(crashed.demoProblems).toEqual(['y.go: e2e.test panicked']);
  });

  it('refuses a list entry without a reason, or a test listed twice', () => {
    expect(() => known([{ reason: ' ', tests: ['a'] }])).toThrow(/without a reason/);
    expect(() => known([{ reason: 'x', tests: ['a'] }, { reason: 'y', tests: ['a'] }])).toThrow(/listed twice/);
  });
});
