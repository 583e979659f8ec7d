// Playwright drives Debian's Chromium (no browser downloads are possible here): install it through apt when missing.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const CHROMIUM = process.env.KUBEGLASS_CHROMIUM ?? '/usr/bin/chromium';
if (existsSync(CHROMIUM)) process.exit(0);
const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
console.log(`ensure-chromium: ${CHROMIUM} missing, installing Debian's chromium with apt-get`);
try {
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, {
    stdio: 'inherit',
  });
} catch {
  console.error('ensure-chromium: apt-get install chromium failed; install it by hand (apt-get install chromium).');
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.error(`ensure-chromium: ${CHROMIUM} still missing after install`);
  process.exit(1);
}
