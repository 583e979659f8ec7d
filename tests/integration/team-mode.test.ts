// Team mode against the demo cluster, in-process: replicas in token and proxy mode over one demo cluster, people
// signing in with its tokens (see tests/support/team-mode-flows.ts; the real tier runs the same flows).
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startDemoCluster } from '../../demo-cluster/index.js';
import type { DemoClusterHandle } from '../../wire/demo-cluster.js';
import { DEMO_DEVELOPER_NAMESPACE } from '../../wire/demo-cluster.js';
import { startKubeglass } from '../../server/cli.js';
import { isolationFlow, proxyModeFlow, tokenModeFlow, type Replica, type TeamTarget } from '../support/team-mode-flows.js';

const tokens = { admin: 'team-admin-token-0001', viewer: 'team-viewer-token-0001', developer: 'team-developer-token-0001' };
// The prefetch is made for a document the server serves: the built app is needed (the integration tier runs after the build).
const web = join(process.cwd(), 'dist', 'web');
let demo: DemoClusterHandle;
let dir: string;
let kubeconfig: string;

beforeAll(async () => {
  if (!existsSync(join(web, 'index.html'))) throw new Error('dist/web is not built: run `npm run build` first');
  demo = await startDemoCluster({ activityIntervalMs: 0, tokens });
  dir = mkdtempSync(join(tmpdir(), 'kubeglass-team-'));
  kubeconfig = join(dir, 'kubeconfig');
  // A kubeconfig with a user, as an admin's would have: team mode must never use it.
  writeFileSync(
    kubeconfig,
    `apiVersion: v1\nkind: Config\nclusters: [{name: demo, cluster: {server: "${demo.url}", insecure-skip-tls-verify: true}}]\n` +
      `users: [{name: admin, user: {token: ${tokens.admin}}}]\ncontexts: [{name: demo, context: {cluster: demo, user: admin}}]\ncurrent-context: demo\n`,
  );
});
afterAll(async () => {
  await demo?.close();
});

let files = 0;
const target: TeamTarget = {
  context: 'demo',
  namespace: DEMO_DEVELOPER_NAMESPACE,
  tokens,
  usernames: { viewer: 'viewer', developer: 'developer' },
  keysFile: (...keys) => {
    const file = join(dir, `keys-${++files}`);
    writeFileSync(file, `# session keys\n${keys.join('\n')}\n`);
    return file;
  },
  startToken: (keysFile) => replica({ auth: 'token', sessionKeysFile: keysFile }),
  startProxy: (trusted, maxRequests) => replica({ auth: 'proxy', trustedProxies: trusted, ...(maxRequests ? { clientLimits: { requestsInFlight: maxRequests } } : {}) }),
};

async function replica(options: Parameters<typeof startKubeglass>[0]): Promise<Replica> {
  const running = await startKubeglass({ port: 0, kubeconfig, staticDir: web, log: () => undefined, ...options });
  return { url: running.url, stop: () => running.close() };
}

describe('team mode against the demo cluster', () => {
  it('token mode: each person signs in with their own token and acts as themselves, on any replica with the same keys', async () => {
    await tokenModeFlow(target);
  });
  it('isolation: watches and prefetched pages are the person\'s own', async () => {
    await isolationFlow(target);
  });
  it('proxy mode: the trusted proxy\'s forwarded token, per-person limits', async () => {
    await proxyModeFlow(target);
  });
});
