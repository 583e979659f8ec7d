// The object page's "Copy kubectl" text, run as printed by a shell with kubectl from PATH: for a demo context
// through the running kubeglass, for a kubeconfig context with the kubeconfig file kubeglass was started with.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoClusterWithOptions, type DemoClusterTlsHandle } from '../../demo-cluster/index.js';
import { startKubeglass, type RunningKubeglass } from '../../server/cli.js';
import { kubectlGetCommand } from '../../src/features/object/kubectl-command.js';
import { parseApiPath } from '../../src/k8s/paths.js';
import { runProcess, type ProcessResult } from '../support/run-process.js';
import { ADMIN_TOKEN, startHarness, uniqueName, VIEWER_TOKEN } from './kubeglass-harness.js';

let kg: RunningKubeglass;
let env: NodeJS.ProcessEnv;
let home: string;
const NAME = uniqueName('copied');
const CM_PATH = `/api/v1/namespaces/default/configmaps/${NAME}`;

beforeAll(async () => {
  kg = await startHarness();
  home = mkdtempSync(join(tmpdir(), 'kubeglass-copied-'));
  // The user's own kubeconfig, whose current context cannot work (its exec plugin fails): the copied command
  // must not depend on it.
  writeFileSync(
    join(home, 'kubeconfig'),
    `apiVersion: v1
kind: Config
current-context: broken
clusters: [{name: broken, cluster: {server: "https://127.0.0.1:1"}}]
users: [{name: broken, user: {exec: {apiVersion: client.authentication.k8s.io/v1, command: "false", interactiveMode: Never}}}]
contexts: [{name: broken, context: {cluster: broken, user: broken}}]
`,
  );
  env = { PATH: process.env.PATH, HOME: home, KUBECONFIG: join(home, 'kubeconfig') };
  const created = await fetch(`${kg.url}/k8s/demo/api/v1/namespaces/default/configmaps`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: NAME, namespace: 'default' }, data: { a: '1' } }),
  });
  expect(created.status).toBe(201);
});

afterAll(async () => {
  await kg?.close();
});

/** Runs a copied command line through sh, as a user pastes it into a shell. */
function shell(command: string): Promise<ProcessResult> {
  return runProcess('sh', ['-c', `${command} --request-timeout 20s`], { env, cwd: home });
}

describe('the copied kubectl command', () => {
  it('gets a demo object through the kubeglass proxy, whatever the user kubeconfig says', async () => {
    const info = kg.contexts.contexts.find((c) => c.name === 'demo-viewer');
    const command = kubectlGetCommand({ context: 'demo-viewer', info, origin: kg.url }, parseApiPath(CM_PATH)!);
    expect(command).toContain(`--server ${kg.url}/k8s/demo-viewer`);
    const result = await shell(command);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^kind: ConfigMap$[\\s\\S]*^  name: ${NAME}$`, 'm'));
  });

  describe('for a kubeconfig context', () => {
    let demo: DemoClusterTlsHandle;
    let viaKubeconfig: RunningKubeglass;

    beforeAll(async () => {
      demo = await startDemoClusterWithOptions({ activityIntervalMs: 0, tokens: { admin: ADMIN_TOKEN, viewer: VIEWER_TOKEN } });
      // A path and a context name the shell would split: the command must quote both. HTTPS, because kubectl
      // sends bearer tokens only over TLS.
      const folder = join(home, 'my configs');
      mkdirSync(folder);
      const path = join(folder, 'team.kubeconfig');
      writeFileSync(
        path,
        `apiVersion: v1
kind: Config
current-context: team cluster
clusters: [{name: team, cluster: {server: "${demo.httpsUrl}", certificate-authority-data: ${Buffer.from(demo.certificateAuthority).toString('base64')}}}]
users: [{name: team, user: {token: ${ADMIN_TOKEN}}}]
contexts: [{name: team cluster, context: {cluster: team, user: team}}]
`,
      );
      viaKubeconfig = await startKubeglass({ port: 0, kubeconfig: path, staticDir: mkdtempSync(join(tmpdir(), 'kubeglass-no-web-')) });
      const created = await fetch(`${viaKubeconfig.url}/k8s/${encodeURIComponent('team cluster')}/api/v1/namespaces/default/configmaps`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: NAME, namespace: 'default' }, data: { a: '1' } }),
      });
      expect(created.status).toBe(201);
    });

    afterAll(async () => {
      await viaKubeconfig?.close();
      await demo?.close();
    });

    it('names the kubeconfig file kubeglass read, so kubectl finds the context', async () => {
      const info = viaKubeconfig.contexts.contexts.find((c) => c.name === 'team cluster');
      expect(info?.kubeconfigPath).toBe(join(home, 'my configs', 'team.kubeconfig'));
      const command = kubectlGetCommand({ context: 'team cluster', info, origin: viaKubeconfig.url }, parseApiPath(CM_PATH)!);
      const result = await shell(command);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(new RegExp(`^  name: ${NAME}$`, 'm'));
    });
  });
});
