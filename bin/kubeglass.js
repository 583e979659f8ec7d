#!/usr/bin/env node
// Composition root: the server and the demo cluster never import each other; they meet here.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const compiled = new URL('../dist/node/', import.meta.url);
if (!existsSync(fileURLToPath(new URL('server/cli.js', compiled)))) {
  console.error('kubeglass: not built yet. Run `npm run build` (or `npm start`, which builds first).');
  process.exit(1);
}
// Before anything that handles requests loads: see server/harden-prototypes.ts.
const { hardenPrototypes } = await import(new URL('server/harden-prototypes.js', compiled).href);
hardenPrototypes();
const args = process.argv.slice(2);
if (args[0] === 'demo-cluster') {
  const { runDemoClusterCli } = await import(new URL('demo-cluster/cli.js', compiled).href);
  await runDemoClusterCli(args.slice(1));
} else {
  const { runCli } = await import(new URL('server/cli.js', compiled).href);
  // Loaded only when the demo cluster is wanted (not with --no-demo).
  const startDemoCluster = async (options) => {
    const demo = await import(new URL('demo-cluster/index.js', compiled).href);
    return demo.startDemoCluster(options);
  };
  await runCli(args, { startDemoCluster });
}
