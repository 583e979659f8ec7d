#!/usr/bin/env node
// Runs the e2e conformance set of set.mjs (Kubernetes' own test/e2e of the modern tier's release, built by
// `tests/modern-apiserver/build.sh --e2e`) serially against one cluster, with the suite's defaults (protobuf), and
// writes what came of it: REPORT_DIR/e2e-conformance-TARGET.{json,md} (counts, and every test not passed with the
// first line of its failure), printed at the end, beside TARGET/ (e2e.log, Ginkgo's JSON and JUnit reports).
//
// Usage: run.mjs --target NAME --kubeconfig PATH [--context NAME] [--provider skeleton|local] [--report-dir DIR]
//          [--timeout DURATION] [--e2e-test PATH] [--kubectl PATH] [--dry-run] [-- E2E_TEST_FLAG...]
// Exit 0 when every test that ran passed, 1 otherwise, 2 on bad usage or when e2e.test cannot start.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FOCUS, SKIP, inSet, skipReason } from './set.mjs';
import { renderRunMarkdown } from './report.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const USAGE =
  'usage: run.mjs --target NAME --kubeconfig PATH [--context NAME] [--provider skeleton|local] [--report-dir DIR] [--timeout DURATION] [--e2e-test PATH] [--kubectl PATH] [--dry-run] [-- E2E_TEST_FLAG...]';

function k8sVersion() {
  const env = readFileSync(join(HERE, '../modern-apiserver/versions.env'), 'utf8');
  const m = /^K8S_VERSION=(\S+)$/m.exec(env);
  if (!m) throw new Error('versions.env names no K8S_VERSION');
  return m[1];
}

function parseArgs(argv) {
  const version = k8sVersion();
  const bin = join(process.env.KUBEGLASS_CACHE ?? join(homedir(), '.cache/kubeglass'), `k8s-${version}`);
  const o = { version, provider: 'skeleton', reportDir: 'test-reports/e2e-conformance', timeout: '40m', e2eTest: join(bin, 'e2e.test'), kubectl: join(bin, 'kubectl'), dryRun: false, extra: [] };
  const flags = { '--target': 'target', '--kubeconfig': 'kubeconfig', '--context': 'context', '--provider': 'provider', '--report-dir': 'reportDir', '--timeout': 'timeout', '--e2e-test': 'e2eTest', '--kubectl': 'kubectl' };
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
  if (!/^\d+(ms|s|m|h)$/.test(o.timeout)) throw new Error(`--timeout: not a duration like 40m: ${o.timeout}`);
  return o;
}

const durationMs = (d) => {
  const [, n, unit] = /^(\d+)(ms|s|m|h)$/.exec(d);
  return Number(n) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit];
};

/** Runs e2e.test, its output into LOG; resolves with its exit code (null when it had to be killed). */
function runE2e(o, args, log) {
  return new Promise((resolveRun, reject) => {
    const out = createWriteStream(log);
    const child = spawn(o.e2eTest, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    // Ginkgo stops itself at --ginkgo.timeout and still writes its reports; this is for a suite that does not.
    const kill = setTimeout(() => child.kill('SIGKILL'), durationMs(o.timeout) + 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(kill);
      out.end(() => resolveRun(code));
    });
  });
}

const specName = (s) => [...(s.ContainerHierarchyTexts ?? []), s.LeafNodeText ?? ''].join(' ').trim();

/** The first line that says something, of a failure's message. */
function firstLine(message) {
  const line = (message ?? '').split('\n').map((l) => l.trim()).find((l) => l.length > 0);
  return line ?? '(no message)';
}

const SUITE_NODES = new Set(['BeforeSuite', 'SynchronizedBeforeSuite', 'AfterSuite', 'SynchronizedAfterSuite', 'ReportBeforeSuite', 'ReportAfterSuite']);

/** The report of one run: every test of the set, with its state and, unless passed, why. */
function summarize(o, ginkgoReport, exitCode, seconds) {
  const suites = Array.isArray(ginkgoReport) ? ginkgoReport : [];
  const specs = suites.flatMap((s) => s.SpecReports ?? []);
  const setup = specs.find((s) => SUITE_NODES.has(s.LeafNodeType) && s.State !== 'passed' && s.State !== 'skipped');
  const setupReason = setup ? `suite ${setup.LeafNodeType} ${setup.State}: ${firstLine(setup.Failure?.Message)}` : undefined;
  const tests = [];
  for (const s of specs) {
    if (s.LeafNodeType !== 'It') continue;
    const name = specName(s);
    if (!inSet(name)) continue;
    const t = { name, state: s.State, seconds: Math.round((s.RunTime ?? 0) / 1e8) / 10 };
    const ours = skipReason(name);
    if (ours) Object.assign(t, { state: 'skipped', reason: ours });
    else if (s.State === 'skipped' && setupReason) Object.assign(t, { state: 'not run', reason: setupReason });
    else if (s.State !== 'passed') {
      t.reason = firstLine(s.Failure?.Message);
      const loc = s.Failure?.Location;
      if (loc?.FileName) t.location = `${loc.FileName.replace(/^.*?k8s\.io\/kubernetes@[^/]+\//, '')}:${loc.LineNumber}`;
    }
    tests.push(t);
  }
  tests.sort((a, b) => a.name.localeCompare(b.name));
  const count = (f) => tests.filter(f).length;
  return {
    target: o.target,
    suite: `k8s.io/kubernetes ${o.version} test/e2e`,
    focus: FOCUS,
    skip: SKIP,
    flags: { provider: o.provider, context: o.context ?? null, contentType: 'application/vnd.kubernetes.protobuf (the suite default)' },
    exitCode,
    seconds,
    ...(setupReason ? { setupFailure: setupReason } : {}),
    ...(suites.length === 0 ? { error: `e2e.test wrote no report (exit ${exitCode ?? 'killed'}): see ${o.target}/e2e.log` } : {}),
    counts: {
      total: tests.length,
      passed: count((t) => t.state === 'passed'),
      failed: count((t) => t.state !== 'passed' && t.state !== 'skipped'),
      skipped: count((t) => t.state === 'skipped'),
    },
    tests,
  };
}

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
  mkdirSync(dir, { recursive: true });
  const json = join(dir, 'ginkgo.json');
  const args = [
    ...(o.kubeconfig ? [`--kubeconfig=${resolve(o.kubeconfig)}`] : []),
    ...(o.context ? [`--context=${o.context}`] : []),
    `--provider=${o.provider}`,
    `--report-dir=${dir}`,
    `--kubectl-path=${o.kubectl}`,
    ...FOCUS.map((p) => `--ginkgo.focus=${p}`),
    ...SKIP.map((s) => `--ginkgo.skip=${s.pattern}`),
    `--ginkgo.timeout=${o.timeout}`,
    `--ginkgo.json-report=${json}`,
    '--ginkgo.no-color',
    '--ginkgo.silence-skips',
    ...(o.dryRun ? ['--ginkgo.dry-run'] : []),
    ...o.extra,
  ];
  console.log(`e2e-conformance (${o.target}): ${o.e2eTest} ${o.dryRun ? '(dry run) ' : ''}against ${o.kubeconfig ?? '(none)'}, log ${join(dir, 'e2e.log')}`);
  const started = Date.now();
  const code = await runE2e(o, args, join(dir, 'e2e.log'));
  const seconds = Math.round((Date.now() - started) / 1000);
  let ginkgoReport = [];
  try {
    ginkgoReport = JSON.parse(readFileSync(json, 'utf8'));
  } catch {
    // summarize() says the run left no report.
  }
  const report = summarize(o, ginkgoReport, code, seconds);
  const base = resolve(o.reportDir, `e2e-conformance-${o.target}`);
  const md = renderRunMarkdown(report);
  writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(`${base}.md`, md);
  console.log(md);
  console.log(`e2e-conformance (${o.target}): report ${base}.json and .md`);
  return report.error || report.counts.failed > 0 ? 1 : 0;
}

process.exitCode = await main();
