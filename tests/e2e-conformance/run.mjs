#!/usr/bin/env node
// Runs the e2e conformance set of set.mjs (Kubernetes' own test/e2e of the modern tier's release, built by
// `tests/modern-apiserver/build.sh --e2e`) serially against one cluster, with the suite's defaults (protobuf), one
// e2e.test process per source file, and writes what came of it: REPORT_DIR/e2e-conformance-TARGET.{json,md}
// (counts, and every test not passed with the first line of its failure), printed at the end, beside TARGET/
// (each process's log, Ginkgo JSON and JUnit report). --timeout is the budget of the whole run.
//
// Usage: run.mjs --target NAME --kubeconfig PATH [--context NAME] [--provider skeleton|local] [--report-dir DIR]
//          [--timeout DURATION] [--jobs N] [--e2e-test PATH] [--kubectl PATH] [--dry-run] [-- E2E_TEST_FLAG...]
// --jobs N runs N source files at once (default 1: serially), [Serial] tests always alone.
// Exit 0 when every test that ran passed, 1 otherwise, 2 on bad usage or when e2e.test cannot start.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FOCUS, SKIP, inSet, skipReason } from './set.mjs';
import { renderRunMarkdown } from './report.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const USAGE =
  'usage: run.mjs --target NAME --kubeconfig PATH [--context NAME] [--provider skeleton|local] [--report-dir DIR] [--timeout DURATION] [--jobs N] [--e2e-test PATH] [--kubectl PATH] [--dry-run] [-- E2E_TEST_FLAG...]';

function k8sVersion() {
  const env = readFileSync(join(HERE, '../modern-apiserver/versions.env'), 'utf8');
  const m = /^K8S_VERSION=(\S+)$/m.exec(env);
  if (!m) throw new Error('versions.env names no K8S_VERSION');
  return m[1];
}

function parseArgs(argv) {
  const version = k8sVersion();
  const bin = join(process.env.KUBEGLASS_CACHE ?? join(homedir(), '.cache/kubeglass'), `k8s-${version}`);
  const o = { version, jobs: 1, provider: 'skeleton', reportDir: 'test-reports/e2e-conformance', timeout: '40m', e2eTest: join(bin, 'e2e.test'), kubectl: join(bin, 'kubectl'), dryRun: false, extra: [] };
  const flags = { '--target': 'target', '--kubeconfig': 'kubeconfig', '--context': 'context', '--provider': 'provider', '--report-dir': 'reportDir', '--timeout': 'timeout', '--e2e-test': 'e2eTest', '--kubectl': 'kubectl', '--jobs': 'jobs' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      o.extra = argv.slice(i + 1);
      break;
    }
    if (a === '--dry-run') {
      o.dryRun = true;
      continue;
    }
    const eq = a.indexOf('=');
    const flag = eq >= 0 ? a.slice(0, eq) : a;
    const key = Object.hasOwn(flags, flag) ? flags[flag] : undefined;
    if (!key) throw new Error(`unknown argument ${a}`);
    const v = eq >= 0 ? a.slice(eq + 1) : argv[++i];
    if (v === undefined || v === '') throw new Error(`${flag} needs a value`);
    o[key] = v;
  }
  if (!o.target || !/^[a-z0-9][a-z0-9.-]*$/.test(o.target)) throw new Error('--target NAME (lower case letters, digits, dots, dashes) is required');
  if (!o.kubeconfig && !o.dryRun) throw new Error('--kubeconfig PATH is required');
  o.jobs = Number(o.jobs);
  if (!Number.isInteger(o.jobs) || o.jobs < 1) throw new Error('--jobs: not a whole number of 1 or more');
  if (!/^\d+(ms|s|m|h)$/.test(o.timeout)) throw new Error(`--timeout: not a duration like 40m: ${o.timeout}`);
  return o;
}

const durationMs = (d) => {
  const [, n, unit] = /^(\d+)(ms|s|m|h)$/.exec(d);
  return Number(n) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit];
};

/** Runs e2e.test, its output into LOG; resolves with its exit code (null when it had to be killed). */
function runE2e(o, args, log, budgetMs = durationMs(o.timeout)) {
  return new Promise((resolveRun, reject) => {
    const out = createWriteStream(log);
    const child = spawn(o.e2eTest, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    // Ginkgo stops itself at --ginkgo.timeout and still writes its reports; this is for a suite that does not.
    const kill = setTimeout(() => child.kill('SIGKILL'), budgetMs + 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(kill);
      out.end(() => resolveRun(code));
    });
  });
}

const specName = (s) => [...(s.ContainerHierarchyTexts ?? []), s.LeafNodeText ?? ''].join(' ').trim();
const sourceFile = (s) => (s.LeafNodeLocation?.FileName ?? '').replace(/^.*?k8s\.io\/kubernetes@[^/]+\//, '');

/** The first line that says something, of a failure's message. */
function firstLine(message) {
  const line = (message ?? '').split('\n').map((l) => l.trim()).find((l) => l.length > 0) ?? '(no message)';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

const readJson = (f) => {
  try {
    return JSON.parse(readFileSync(f, 'utf8'));
  } catch {
    return undefined;
  }
};

/** Why a process that wrote no report ended: the place of its first panic, if it panicked. */
function crashReason(log, code) {
  const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
  const at = /^panic: .*\n\s*(\S+\.go:\d+)/m.exec(text);
  if (at) return `e2e.test panicked at ${at[1].replace(/^.*?k8s\.io\/kubernetes@[^/]+\//, '')} (an assertion off the test's goroutine), which ends the process`;
  return `e2e.test ended without a report (exit ${code ?? 'killed'})`;
}

const SUITE_NODES = new Set(['BeforeSuite', 'SynchronizedBeforeSuite', 'AfterSuite', 'SynchronizedAfterSuite', 'ReportBeforeSuite', 'ReportAfterSuite']);

/** One test of the set as a spec report says it went. */
function testOf(s, setupReason) {
  const name = specName(s);
  const t = { name, state: s.State, seconds: Math.round((s.RunTime ?? 0) / 1e8) / 10 };
  const ours = skipReason(name);
  if (ours) Object.assign(t, { state: 'skipped', reason: ours });
  else if (s.State === 'skipped' && setupReason) Object.assign(t, { state: 'not run', reason: setupReason });
  else if (s.State !== 'passed') {
    t.reason = firstLine(s.Failure?.Message);
    const loc = s.Failure?.Location;
    if (loc?.FileName) t.location = `${loc.FileName.replace(/^.*?k8s\.io\/kubernetes@[^/]+\//, '')}:${loc.LineNumber}`;
  }
  return t;
}

/** The tests of one process's Ginkgo report; the set's tests it should have run and has not are not run, with why. */
function testsOfRun(ginkgoReport, expected, whyMissing) {
  const specs = (Array.isArray(ginkgoReport) ? ginkgoReport : []).flatMap((r) => r.SpecReports ?? []);
  const setup = specs.find((s) => SUITE_NODES.has(s.LeafNodeType) && s.State !== 'passed' && s.State !== 'skipped');
  const setupReason = setup ? `suite ${setup.LeafNodeType} ${setup.State}: ${firstLine(setup.Failure?.Message)}` : undefined;
  const tests = specs.filter((s) => s.LeafNodeType === 'It' && expected.has(specName(s))).map((s) => testOf(s, setupReason));
  const seen = new Set(tests.map((t) => t.name));
  for (const name of expected) if (!seen.has(name)) tests.push({ name, state: 'not run', seconds: 0, reason: whyMissing });
  return { tests, setupReason };
}

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function main() {
  let o;
  try {
    o = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`run.mjs: ${e.message}\n${USAGE}`);
    return 2;
  }
  if (!existsSync(o.e2eTest)) {
    console.error(`run.mjs: ${o.e2eTest} missing: run tests/modern-apiserver/build.sh --e2e`);
    return 2;
  }
  const dir = resolve(o.reportDir, o.target);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const common = [
    ...(o.kubeconfig ? [`--kubeconfig=${resolve(o.kubeconfig)}`] : []),
    ...(o.context ? [`--context=${o.context}`] : []),
    `--provider=${o.provider}`,
    `--report-dir=${dir}`,
    `--kubectl-path=${o.kubectl}`,
    // The suite's setup waits up to 30 min for schedulable nodes and 10 for kube-system's pods: a cluster that
    // never gets there fails in minutes instead.
    '--node-schedulable-timeout=3m',
    '--system-pods-startup-timeout=3m',
    '--system-daemonsets-startup-timeout=2m',
    ...FOCUS.map((p) => `--ginkgo.focus=${p}`),
    ...SKIP.map((sk) => `--ginkgo.skip=${sk.pattern}`),
    '--ginkgo.no-color',
    '--ginkgo.silence-skips',
    ...o.extra,
  ];
  // The set, from a dry run (no cluster needed).
  const listing = join(dir, 'set.json');
  const code = await runE2e(o, [...common, '--ginkgo.dry-run', `--ginkgo.json-report=${listing}`, '--report-prefix=set-'], join(dir, 'set.log'));
  const all = (readJson(listing) ?? []).flatMap((r) => r.SpecReports ?? []).filter((s) => s.LeafNodeType === 'It' && inSet(specName(s)));
  if (all.length === 0) {
    console.error(`run.mjs: e2e.test listed no test of the set (exit ${code}): see ${join(dir, 'set.log')}`);
    return 2;
  }
  const skipped = all.filter((s) => skipReason(specName(s))).map((s) => testOf(s));
  // One process per source file: a test that panics off its goroutine ends its process, and only its file's
  // tests go with it.
  const byFile = new Map();
  for (const s of all) {
    if (skipReason(specName(s))) continue;
    const f = sourceFile(s);
    byFile.set(f, [...(byFile.get(f) ?? []), specName(s)]);
  }
  console.log(`e2e-conformance (${o.target}): ${all.length} tests, ${skipped.length} skipped, ${byFile.size} files, against ${o.kubeconfig ?? '(none)'}; logs in ${dir}`);
  const started = Date.now();
  const deadline = started + durationMs(o.timeout);
  const tests = [...skipped];
  const problems = [];
  const runFile = async ([file, names], tag) => {
    const left = deadline - Date.now();
    if (o.dryRun || left < 10_000) {
      const reason = o.dryRun ? 'dry run' : `the run's --timeout ${o.timeout} was used up`;
      tests.push(...names.map((name) => ({ name, state: o.dryRun ? 'listed' : 'not run', seconds: 0, reason })));
      return;
    }
    const json = join(dir, `${tag}.json`);
    const log = join(dir, `${tag}.log`);
    const fileStarted = Date.now();
    const exit = await runE2e(o, [...common, `--ginkgo.focus-file=${escapeRegExp(file)}`, `--ginkgo.timeout=${Math.floor(left / 1000)}s`, `--ginkgo.json-report=${json}`, `--report-prefix=${tag}-`], log, left);
    const report = readJson(json);
    const run = testsOfRun(report, new Set(names), report ? 'not run (the process ended first)' : crashReason(log, exit));
    if (!report) problems.push(`${file}: ${crashReason(log, exit)}`);
    if (run.setupReason) problems.push(`${file}: ${run.setupReason}`);
    tests.push(...run.tests);
    const ok = run.tests.filter((t) => t.state === 'passed').length;
    console.log(`  ${file}: ${ok} of ${names.length} passed in ${Math.round((Date.now() - fileStarted) / 1000)}s`);
  };
  // Files in name order, --jobs at a time; a file with a [Serial] test runs alone, after the others, as Ginkgo's
  // own parallel mode runs Serial specs.
  const files = [...byFile].sort(([a], [b]) => a.localeCompare(b)).map((entry, i) => ({ entry, tag: `${String(i + 1).padStart(2, '0')}-${entry[0].split('/').pop().replace(/\.go$/, '')}` }));
  const serial = ({ entry }) => entry[1].some((name) => name.includes('[Serial]'));
  const queue = files.filter((f) => !serial(f));
  const lane = async () => {
    for (let f = queue.shift(); f; f = queue.shift()) await runFile(f.entry, f.tag);
  };
  await Promise.all(Array.from({ length: o.jobs }, lane));
  for (const f of files.filter(serial)) await runFile(f.entry, f.tag);
  tests.sort((a, b) => a.name.localeCompare(b.name));
  const count = (f) => tests.filter(f).length;
  const summary = {
    target: o.target,
    suite: `k8s.io/kubernetes ${o.version} test/e2e`,
    focus: FOCUS,
    skip: SKIP,
    flags: { provider: o.provider, context: o.context ?? null, contentType: 'application/vnd.kubernetes.protobuf (the suite default)', extra: o.extra },
    seconds: Math.round((Date.now() - started) / 1000),
    problems,
    counts: {
      total: tests.length,
      passed: count((t) => t.state === 'passed'),
      failed: count((t) => t.state !== 'passed' && t.state !== 'skipped' && t.state !== 'listed'),
      skipped: count((t) => t.state === 'skipped'),
    },
    tests,
  };
  const base = resolve(o.reportDir, `e2e-conformance-${o.target}`);
  const md = renderRunMarkdown(summary);
  writeFileSync(`${base}.json`, `${JSON.stringify(summary, null, 2)}\n`);
  writeFileSync(`${base}.md`, md);
  console.log(md);
  console.log(`e2e-conformance (${o.target}): report ${base}.json and .md`);
  return summary.counts.failed > 0 ? 1 : 0;
}

process.exitCode = await main();
