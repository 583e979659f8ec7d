// Debian's Chromium, launched the way this machine allows (no sandbox as root, no background networking).
// Plain JS so the benches (bench/*.mjs, run by node without a TypeScript step) launch it the same way as the tests.
export const chromiumLaunchOptions = {
  executablePath: process.env.KUBEGLASS_CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
