// Team mode in Chromium: two kubeglass replicas in token mode behind a round-robin proxy (no session affinity), over
// a demo cluster of their own. The viewer and the developer sign in with their own tokens; the viewer sees Edit
// disabled with the reason; the developer edits a ConfigMap, a replica is killed mid-edit and the Save still lands
// through the other; sign-out ends the session on every replica.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { freePort, startKubeglassProcess, type KubeglassProcess } from '../support/kubeglass-process.js';
import { kubectl } from '../support/kubectl.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../support/round-robin-proxy.js';
import { collectErrors, editorLine, typeAtEndOfLine } from '../support/edit-screen.js';

const SHOTS = 'test-results/team-mode';
let cluster: ChildProcess;
let kubeconfig: string;
let tokens: Record<string, string>;
let replicas: KubeglassProcess[];
let proxy: RoundRobinProxy;

async function demoCluster(dir: string): Promise<void> {
  const port = await freePort();
  kubeconfig = join(dir, 'kubeconfig');
  cluster = spawn(process.execPath, ['bin/kubeglass.js', 'demo-cluster', '--port', String(port), '--write-kubeconfig', kubeconfig, '--activity-ms', '0'], { stdio: 'ignore' });
  for (let i = 0; i < 150 && !existsSync(kubeconfig); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  const config = parse(readFileSync(kubeconfig, 'utf8')) as { users: Array<{ name: string; user: { token: string } }> };
  tokens = Object.fromEntries(config.users.map((u) => [u.name, u.user.token]));
}

test.beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubeglass-team-e2e-'));
  await demoCluster(dir);
  const keys = join(dir, 'session-keys');
  writeFileSync(keys, `${Buffer.alloc(32, 9).toString('base64')}\n`);
  const proxyPort = await freePort();
  const args = ['--kubeconfig', kubeconfig, '--no-demo', '--context', 'demo', '--auth', 'token', '--session-keys-file', keys, '--public-url', `http://127.0.0.1:${proxyPort}`];
  replicas = [await startKubeglassProcess(args), await startKubeglassProcess(args)];
  proxy = await startRoundRobinProxy(replicas.map((r) => r.port), proxyPort);
});

test.afterAll(async () => {
  await proxy?.close();
  for (const replica of replicas ?? []) await replica.stop();
  cluster?.kill();
});

async function signIn(browser: Browser, token: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await (await browser.newContext({ colorScheme })).newPage();
  await page.goto(`${proxy.url}/c/demo/api/v1/namespaces/shop/configmaps`);
  const field = page.getByLabel('Bearer token');
  await expect(field).toBeVisible({ timeout: 15_000 });
  await field.fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('resource-table').locator('tbody tr').first()).toBeVisible({ timeout: 15_000 });
  return page;
}

async function kubectlDemo(...args: string[]): Promise<string> {
  const r = await kubectl(['--kubeconfig', kubeconfig, '--context', 'demo', ...args]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

test('a wrong token is refused with the cluster\'s words; the viewer signs in as themselves and sees Edit disabled with the reason', async ({ browser }) => {
  const name = `team-viewer-${Date.now()}`;
  await kubectlDemo('-n', 'shop', 'create', 'configmap', name, '--from-literal=a=one');
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${proxy.url}/`);
  await page.getByLabel('Bearer token').fill('not-a-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('The cluster did not accept that token');
  await page.screenshot({ path: `${SHOTS}-sign-in-refused.png` });
  await page.context().close();

  const viewer = await signIn(browser, tokens['demo-viewer'] ?? '');
  const errors = collectErrors(viewer);
  await expect(viewer.getByTestId('signed-in-as')).toContainText('Signed in as viewer');
  const cookies = await viewer.context().cookies();
  expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite])).toEqual([['kubeglass-session', true, 'Lax']]);
  expect(cookies[0]?.value).not.toContain(tokens['demo-viewer']);
  await viewer.goto(`${proxy.url}/c/demo/api/v1/namespaces/shop/configmaps/${name}`);
  const edit = viewer.getByTestId('edit-link');
  await expect(edit).toHaveAttribute('data-access', 'denied', { timeout: 15_000 });
  await expect(edit).toHaveAttribute('title', `You may not update configmaps "${name}" in namespace shop`);
  await viewer.screenshot({ path: `${SHOTS}-viewer.png` });
  expect(errors).toEqual([]);
  // Both replicas served the viewer: no affinity was needed.
  for (const replica of replicas) expect(proxy.served.get(replica.port)).toBeGreaterThan(0);
  await viewer.context().close();
});

test('the developer edits a ConfigMap; a replica killed mid-edit loses neither the session nor the edit; sign-out ends it everywhere', async ({ browser }) => {
  const name = `team-developer-${Date.now()}`;
  await kubectlDemo('-n', 'shop', 'create', 'configmap', name, '--from-literal=a=one');
  const developer = await signIn(browser, tokens['demo-developer'] ?? '', 'dark');
  await expect(developer.getByTestId('signed-in-as')).toContainText('Signed in as developer');
  await developer.goto(`${proxy.url}/c/demo/api/v1/namespaces/shop/configmaps/${name}?edit=1`);
  await expect(editorLine(developer, 'a: one')).toBeVisible({ timeout: 15_000 });
  await typeAtEndOfLine(developer, 'a: one', '-by-developer');
  await expect(developer.getByTestId('draft-state')).toHaveText('Draft kept in this browser');

  const [killed] = replicas;
  await killed?.stop();
  await developer.getByRole('button', { name: 'Save' }).click();
  await expect(developer.getByTestId('saved')).toContainText('New resourceVersion', { timeout: 15_000 });
  const stored = JSON.parse(await kubectlDemo('-n', 'shop', 'get', 'configmap', name, '-o', 'json')) as { data: { a: string } };
  expect(stored.data.a).toBe('one-by-developer');
  // The watch came back through the replica left: a later change by kubectl reaches the untouched editor.
  await kubectlDemo('-n', 'shop', 'patch', 'configmap', name, '--type', 'merge', '-p', '{"data":{"b":"two"}}');
  await expect(developer.getByTestId('server-followed')).toContainText('data.b', { timeout: 15_000 });
  await expect(developer.getByTestId('server-changed-paths')).toHaveCount(0);
  await developer.screenshot({ path: `${SHOTS}-developer-saved-dark.png` });

  await developer.getByTestId('sign-out').click();
  await expect(developer.getByLabel('Bearer token')).toBeVisible({ timeout: 15_000 });
  expect(await developer.context().cookies()).toEqual([]);
  await developer.reload();
  await expect(developer.getByLabel('Bearer token')).toBeVisible({ timeout: 15_000 });
  await developer.context().close();
});
