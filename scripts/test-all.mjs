// The README's one test command: typecheck, lint, build, Debian packages, unit + integration (Vitest), e2e (Playwright in Debian Chromium).
// Ends with sum-results' "N passed, N failed" line over every test it ran; exits non-zero if any stage failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';

const vitestJson = 'test-reports/vitest.json';
const e2eJson = 'test-reports/e2e.json';
mkdirSync('test-reports', { recursive: true });
rmSync(vitestJson, { force: true });
rmSync(e2eJson, { force: true });
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

run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('lint', 'npm', ['run', '--silent', 'lint']);
const built = run('build', 'npm', ['run', '--silent', 'build']);
// Chromium for e2e, python3-venv for the Python client's venv.
const packaged = run('debian packages', 'node', ['scripts/ensure-debian-packages.mjs']);
// The integration tier's independent clients: Python client, client-go, kubectl 1.37 (cached in ~/.cache/kubeglass).
if (packaged) run('test clients', 'node', ['scripts/ensure-test-clients.mjs']);
run('vitest (unit + integration)', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'integration',
  '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
if (!built) failures.push('e2e not run: build failed');
else if (packaged) {
  run('e2e (Playwright, Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
  });
}
console.log('');
if (failures.length) console.log(`Failed stages: ${failures.join(', ')}`);
const sum = spawnSync('node', ['scripts/sum-results.mjs', vitestJson, e2eJson], { stdio: 'inherit' });
process.exit(failures.length || sum.status !== 0 ? 1 : 0);
