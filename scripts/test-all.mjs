// The README's one test command: Debian packages, typecheck, lint, build, unit tests (Vitest), e2e (Playwright in
// Debian Chromium), integration tests (Vitest). The integration tier's independent clients (the Python client,
// client-go, kubectl 1.37; cached in ~/.cache/kubeglass) are installed and compiled in the background meanwhile:
// on a fresh machine that takes longer than the stages before it.
// Ends with sum-results' "N passed, N failed" line over every test it ran; exits non-zero if any stage failed.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';

const reports = { unit: 'test-reports/vitest-unit.json', integration: 'test-reports/vitest-integration.json', e2e: 'test-reports/e2e.json' };
const clientsLog = 'test-reports/test-clients.log';
mkdirSync('test-reports', { recursive: true });
for (const file of [...Object.values(reports), 'test-reports/vitest.json']) rmSync(file, { force: true });
const failures = [];

function run(stage, cmd, args, env = {}) {
  console.log(`\n=== ${stage}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  console.log(`=== ${stage}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  if (!ok) failures.push(stage);
  return ok;
}

/** Starts the clients' set-up with its output in a file; resolves with whether it succeeded. */
function startTestClients() {
  const out = openSync(clientsLog, 'w');
  const child = spawn('node', ['scripts/ensure-test-clients.mjs'], { stdio: ['ignore', out, out] });
  closeSync(out);
  // Its own log times each step: the stages before run synchronously, so this side sees the exit only when asked.
  return new Promise((resolve) => {
    child.on('exit', (code) => resolve(code === 0));
    child.on('error', () => resolve(false));
  });
}

// Chromium for e2e, python3-venv for the Python client's venv.
const packaged = run('debian packages', 'node', ['scripts/ensure-debian-packages.mjs']);
const clients = packaged ? startTestClients() : Promise.resolve(false);
run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('lint', 'npm', ['run', '--silent', 'lint']);
const built = run('build', 'npm', ['run', '--silent', 'build']);
const vitest = (project, report) => ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
run('vitest (unit)', 'npx', vitest('unit', reports.unit));
if (!built) failures.push('e2e not run: build failed');
else if (packaged) {
  run('e2e (Playwright, Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: reports.e2e });
}
console.log(`\n=== test clients (started with the first stage): waiting`);
const clientsOk = await clients;
console.log(readFileSync(clientsLog, 'utf8').trimEnd());
console.log(`=== test clients: ${clientsOk ? 'ok' : 'FAILED'}`);
if (!clientsOk) failures.push('test clients');
run('vitest (integration)', 'npx', vitest('integration', reports.integration));
console.log('');
if (failures.length) console.log(`Failed stages: ${failures.join(', ')}`);
const sum = spawnSync('node', ['scripts/sum-results.mjs', reports.unit, reports.integration, reports.e2e], { stdio: 'inherit' });
process.exit(failures.length || sum.status !== 0 ? 1 : 0);
