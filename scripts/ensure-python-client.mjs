// The official Kubernetes Python client for the integration and conformance tiers, at the release pinned in
// tests/clients/python-requirements.txt, installed from PyPI into a venv under ~/.cache/kubeglass/python-client
// (outside the work tree). A no-op when the venv's stamp matches the requirements. Needs Debian's python3-venv.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { join } from 'node:path';

const requirements = join(import.meta.dirname, '..', 'tests', 'clients', 'python-requirements.txt');
const venv = join(process.env.KUBEGLASS_CACHE ?? join(homedir(), '.cache', 'kubeglass'), 'python-client');
const python = join(venv, 'bin', 'python');
const base = process.env.KUBEGLASS_PYTHON ?? '/usr/bin/python3';
const wanted = readFileSync(requirements, 'utf8');
const stampFile = join(venv, 'kubeglass-stamp');

if (existsSync(python) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted) {
  console.log(`ensure-python-client: cached ${venv}`);
  process.exit(0);
}
const started = Date.now();
const step = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`ensure-python-client: ${cmd} ${args.join(' ')} failed`);
    process.exit(1);
  }
};
step(base, ['-m', 'venv', '--clear', venv]);
step('nice', ['-n', '10', python, '-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '-r', requirements]);
writeFileSync(stampFile, wanted);
console.log(`ensure-python-client: installed ${venv} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
