// The single executable's main script (scripts/build-binary.mjs bundles it with the compiled server and demo cluster
// into one CommonJS file). Named kubectl-kubeglass (a copy or a link), it is the kubectl plugin.
import { basename } from 'node:path';
import { run } from '../bin/run.js';
import { unpackWebApp } from './sea-web-app.mjs';

const MODULES = {
  'server/harden-prototypes.js': () => import('../dist/node/server/harden-prototypes.js'),
  'server/cli.js': () => import('../dist/node/server/cli.js'),
  'demo-cluster/cli.js': () => import('../dist/node/demo-cluster/cli.js'),
  'demo-cluster/index.js': () => import('../dist/node/demo-cluster/index.js'),
};

const program = basename(process.execPath).startsWith('kubectl-') ? 'kubectl kubeglass' : 'kubeglass';
const argv = process.argv.slice(2);
// Help and version need no web app; everything else serves it from its unpacked copy.
const informational = argv.some((arg) => arg === '--help' || arg === '-h' || arg === '--version');
const main = async () => {
  // KUBEGLASS_VERSION is replaced by the bundler.
  // eslint-disable-next-line no-undef
  const packaged = { version: KUBEGLASS_VERSION, ...(informational ? {} : { staticDir: unpackWebApp() }) };
  await run(program, argv, (module) => MODULES[module](), packaged);
};
main().catch((error) => {
  console.error(`${program}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
