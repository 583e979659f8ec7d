// Composition root: the server and the demo cluster never import each other; they meet here. `load` brings a
// compiled module (from dist/node, or from the single executable's bundle) only when it is wanted.
/**
 * @param {'kubeglass' | 'kubectl kubeglass'} program
 * @param {string[]} argv
 * @param {(module: 'server/harden-prototypes.js' | 'server/cli.js' | 'demo-cluster/cli.js' | 'demo-cluster/index.js') => Promise<any>} load
 *   (any: the modules' types are in dist/, which nothing type-checks this file against)
 * @param {{ version?: string, staticDir?: string }} [packaged] what the single executable knows of itself
 */
export async function run(program, argv, load, packaged = {}) {
  // Before anything that handles requests loads: see server/harden-prototypes.ts.
  const { hardenPrototypes } = await load('server/harden-prototypes.js');
  hardenPrototypes();
  if (program === 'kubeglass' && argv[0] === 'demo-cluster') {
    const { runDemoClusterCli } = await load('demo-cluster/cli.js');
    await runDemoClusterCli(argv.slice(1));
    return;
  }
  const { runCli } = await load('server/cli.js');
  // Loaded only when the demo cluster is wanted (not with --no-demo).
  const startDemoCluster = async (options) => (await load('demo-cluster/index.js')).startDemoCluster(options);
  await runCli(argv, { startDemoCluster, program, ...packaged });
}

/** Loads the compiled modules from dist/node beside bin/, telling how to build them when they are missing. */
export async function runFromPackage(program) {
  const { existsSync } = await import('node:fs');
  const { fileURLToPath } = await import('node:url');
  const compiled = new URL('../dist/node/', import.meta.url);
  if (!existsSync(fileURLToPath(new URL('server/cli.js', compiled)))) {
    console.error(`${program}: not built yet. Run \`npm run build\` (or \`npm start\`, which builds first).`);
    process.exit(1);
  }
  await run(program, process.argv.slice(2), (module) => import(new URL(module, compiled).href));
}
