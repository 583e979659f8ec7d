#!/usr/bin/env node
// The demo cluster's e2e conformance run beside the real server's (two reports of run.mjs), against the list of
// known differences (known-differences.json: classes, each a reason and the tests it explains).
// Fails when the real server passes a test the demo cluster does not and the list does not name it, and, so that
// the list cannot rot, when a listed test now passes on the demo cluster or is no test of the set.
// Writes REPORT_DIR/e2e-conformance-compare.{json,md} and prints the markdown.
//
// Usage: compare.mjs --real REPORT.json --demo REPORT.json [--known FILE] [--report-dir DIR]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderCompareMarkdown } from './report.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const USAGE = 'usage: compare.mjs --real REPORT.json --demo REPORT.json [--known FILE] [--report-dir DIR]';

function parseArgs(argv) {
  const o = { known: join(HERE, 'known-differences.json'), reportDir: 'test-reports/e2e-conformance' };
  const flags = { '--real': 'real', '--demo': 'demo', '--known': 'known', '--report-dir': 'reportDir' };
  for (let i = 0; i < argv.length; i++) {
    const key = Object.hasOwn(flags, argv[i]) ? flags[argv[i]] : undefined;
    const v = argv[i + 1];
    if (!key || v === undefined) throw new Error(`bad argument ${argv[i]}`);
    o[key] = v;
    i++;
  }
  if (!o.real || !o.demo) throw new Error('--real and --demo are required');
  return o;
}

/** The list as test name -> reason; throws on a malformed list. */
export function readKnown(text) {
  const doc = JSON.parse(text);
  if (!Array.isArray(doc.classes)) throw new Error('known differences: no "classes" array');
  const known = new Map();
  for (const c of doc.classes) {
    if (typeof c.reason !== 'string' || c.reason.trim() === '') throw new Error('known differences: a class without a reason');
    if (!Array.isArray(c.tests) || c.tests.length === 0) throw new Error(`known differences: class "${c.reason}" names no tests`);
    for (const t of c.tests) {
      if (typeof t !== 'string') throw new Error(`known differences: class "${c.reason}": a test name that is no string`);
      if (known.has(t)) throw new Error(`known differences: ${t} is listed twice`);
      known.set(t, c.reason);
    }
  }
  return known;
}

/** What the demo run says beside the real one; ok unless there is something to fix in the demo or the list. */
export function compare(real, demo, known) {
  const byName = (r) => new Map(r.tests.map((t) => [t.name, t]));
  const realTests = byName(real);
  const demoTests = byName(demo);
  const passed = (t) => t?.state === 'passed';
  const out = { regressions: [], nowPassing: [], unknown: [], known: [], unchecked: [], realNotPassed: [], demoOnly: [] };
  for (const [name, d] of demoTests) {
    const r = realTests.get(name);
    if (d.state === 'skipped' && (!r || r.state === 'skipped')) continue;
    if (!passed(r)) {
      if (r && r.state !== 'skipped') out.realNotPassed.push({ name, state: r.state, reason: r.reason });
      if (passed(d)) out.demoOnly.push({ name });
      if (known.has(name) && !passed(d)) out.unchecked.push({ name });
      continue;
    }
    if (passed(d)) continue;
    if (known.has(name)) out.known.push({ name, reason: known.get(name), demoReason: d.reason });
    else out.regressions.push({ name, reason: `${d.state}: ${d.reason}` });
  }
  for (const [name, reason] of known) {
    if (!demoTests.has(name) || demoTests.get(name).state === 'skipped') out.unknown.push({ name });
    else if (passed(demoTests.get(name))) out.nowPassing.push({ name, reason });
  }
  // A reference that could not run its tests (a setup that failed, a process that crashed) decides nothing.
  const problems = real.problems ?? [];
  return {
    ...out,
    problems,
    demoProblems: demo.problems ?? [],
    real: real.counts,
    demo: demo.counts,
    ok: problems.length === 0 && out.regressions.length === 0 && out.nowPassing.length === 0 && out.unknown.length === 0,
  };
}

function main() {
  let o;
  try {
    o = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`compare.mjs: ${e.message}\n${USAGE}`);
    return 2;
  }
  const read = (f) => JSON.parse(readFileSync(f, 'utf8'));
  const c = compare(read(o.real), read(o.demo), readKnown(readFileSync(o.known, 'utf8')));
  const md = renderCompareMarkdown(c);
  const base = resolve(o.reportDir, 'e2e-conformance-compare');
  writeFileSync(`${base}.json`, `${JSON.stringify(c, null, 2)}\n`);
  writeFileSync(`${base}.md`, md);
  console.log(md);
  return c.ok ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main();
