// Team mode against the real servers (1.20.2, then 1.37): kubeglass processes in token and proxy mode over the real
// kubeconfig, whose users they must never use; people sign in with the server's own static tokens. 1.20.2 has no
// SelfSubjectReview: the token is checked by a SelfSubjectAccessReview and the person's name is not known.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { startKubeglassProcess } from '../support/kubeglass-process.js';
import { isolationFlow, proxyModeFlow, tokenModeFlow, type Replica, type TeamTarget } from '../support/team-mode-flows.js';
import { MODERN } from './tier.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this tier with \`npm run test:real\``);
  return value;
};
const kubeconfig = env('KUBECONFIG_REAL');
const dir = mkdtempSync(join(tmpdir(), 'kubeglass-team-real-'));
let files = 0;

const replica = async (args: string[]): Promise<Replica> => {
  const process = await startKubeglassProcess(['--kubeconfig', kubeconfig, '--no-demo', '--context', 'real', ...args]);
  return { url: process.url, stop: process.stop };
};

const target: TeamTarget = {
  context: 'real',
  namespace: 'fx',
  tokens: { admin: env('REAL_ADMIN_TOKEN'), viewer: env('REAL_VIEWER_TOKEN'), developer: env('REAL_DEVELOPER_TOKEN') },
  ...(MODERN ? { usernames: { viewer: 'viewer', developer: 'developer' } } : {}),
  keysFile: (...keys) => {
    const file = join(dir, `keys-${++files}`);
    writeFileSync(file, `${keys.join('\n')}\n`);
    return file;
  },
  startToken: (keysFile) => replica(['--auth', 'token', '--session-keys-file', keysFile]),
  startProxy: (trusted, maxRequests) => replica(['--auth', 'proxy', '--trusted-proxy', trusted, ...(maxRequests ? ['--max-requests-per-person', String(maxRequests)] : [])]),
};

describe(`team mode against kube-apiserver ${process.env.REAL_K8S_VERSION ?? ''}`, () => {
  it('token mode: each person signs in with their own token and acts as themselves, on any replica with the same keys', async () => {
    await tokenModeFlow(target);
  }, 60_000);
  it("isolation: watches and prefetched pages are the person's own", async () => {
    await isolationFlow(target);
  }, 60_000);
  it("proxy mode: the trusted proxy's forwarded token, per-person limits", async () => {
    await proxyModeFlow(target);
  }, 60_000);
});
