// What the tests need from Debian (no other downloads are possible here), installed through apt when missing:
// Chromium for Playwright, and python3-venv for the venv the official Kubernetes Python client is installed
// into from PyPI (scripts/ensure-python-client.mjs: Debian's python3-kubernetes is years older than 1.37), and nginx,
// the load balancer in front of Kubeglass replicas in team-mode tests (tests/support/nginx.ts).
import { existsSync } from 'node:fs';
import { execSync, spawnSync } from 'node:child_process';

const CHROMIUM = process.env.KUBEGLASS_CHROMIUM ?? '/usr/bin/chromium';
const PYTHON = process.env.KUBEGLASS_PYTHON ?? '/usr/bin/python3';
const NGINX = process.env.KUBEGLASS_NGINX ?? '/usr/sbin/nginx';

const packages = [
  { name: 'chromium', present: () => existsSync(CHROMIUM) },
  { name: 'python3-venv', present: () => spawnSync(PYTHON, ['-c', 'import ensurepip, venv'], { stdio: 'ignore' }).status === 0 },
  // Bookworm's nginx-light is only a transitional name for nginx.
  { name: 'nginx', present: () => existsSync(NGINX) },
];

const missing = packages.filter((p) => !p.present());
if (missing.length === 0) process.exit(0);
const names = missing.map((p) => p.name).join(' ');
const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
console.log(`ensure-debian-packages: installing ${names} with apt-get`);
try {
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names}`, { stdio: 'inherit' });
} catch {
  console.error(`ensure-debian-packages: apt-get install ${names} failed; install them by hand (apt-get install ${names}).`);
  process.exit(1);
}
const still = missing.filter((p) => !p.present());
if (still.length > 0) {
  console.error(`ensure-debian-packages: still missing after install: ${still.map((p) => p.name).join(' ')}`);
  process.exit(1);
}
