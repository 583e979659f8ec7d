// The independent API clients the integration tier runs against the demo cluster, built or installed once
// into ~/.cache/kubeglass (each step is a no-op when its cache is current): the official Python client from
// PyPI, the client-go check program, kubectl of the release the demo cluster claims (beside the machine's
// kubectl), and kubectl 1.20.2, which validates with the protobuf OpenAPI v2. Prints how long each step took.
import { spawnSync } from 'node:child_process';

const steps = [
  ['python client (PyPI)', 'node', ['scripts/ensure-python-client.mjs']],
  ['kubectl and the client-go check program of the modern tier', 'bash', ['tests/modern-apiserver/build.sh', '--clients']],
  ['kubectl 1.20.2 from Debian\'s source package', 'bash', ['tests/real-apiserver/build.sh', '--kubectl']],
];
let failed = false;
for (const [name, cmd, args] of steps) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  console.log(`ensure-test-clients: ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
