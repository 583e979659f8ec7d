// Team mode with OpenID Connect in Chromium, against the 1.37 control plane, which trusts the test provider through its
// AuthenticationConfiguration (start.sh --oidc). Three kubeglass replicas behind Debian's nginx, round robin, no
// affinity. alice (edit in team-a) and bob (view there) sign in at the provider, each callback landing on another
// replica than the one that sent them there; alice edits a ConfigMap, which the API server's audit log attributes to
// her; bob sees Edit disabled with the reason and never receives alice's Secrets; alice's session outlives several
// ID tokens without a sign-out; a replica killed mid-edit loses nothing; sign-out ends the session on every replica.
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startKubeglassProcess, type KubeglassProcess } from '../../support/kubeglass-process.js';
import { kubectl } from '../../support/kubectl.js';
import { startNginx, type Nginx } from '../../support/nginx.js';
import { editorLine, typeAtEndOfLine } from '../../support/edit-screen.js';
import { request } from '../../../server/testing/fake-upstream.js';
import { TABLE_ACCEPT } from '../../../wire/ws-protocol.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this tier with \`npm run test:real\` (start.sh --oidc)`);
  return value;
};
const SHOTS = 'test-results/team-oidc';
const NAMESPACE = 'team-a';
const publicUrl = env('REAL_OIDC_PUBLIC_URL');
let replicas: KubeglassProcess[] = [];
let nginx: Nginx;

const admin = async (...args: string[]): Promise<string> => {
  const r = await kubectl(['--kubeconfig', env('KUBECONFIG_REAL'), ...args]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await kubectl(['--kubeconfig', env('KUBECONFIG_REAL'), 'create', 'namespace', NAMESPACE]);
  await kubectl(['--kubeconfig', env('KUBECONFIG_REAL'), '-n', NAMESPACE, 'create', 'rolebinding', 'alice-edit', '--clusterrole=edit', '--user=oidc:alice@example.test']);
  await kubectl(['--kubeconfig', env('KUBECONFIG_REAL'), '-n', NAMESPACE, 'create', 'rolebinding', 'bob-view', '--clusterrole=view', '--user=oidc:bob@example.test']);
  const dir = mkdtempSync(join(tmpdir(), 'kubeglass-team-oidc-'));
  const keys = join(dir, 'session-keys');
  writeFileSync(keys, `${Buffer.alloc(32, 5).toString('base64')}\n`);
  const args = [
    '--kubeconfig', env('KUBECONFIG_REAL'), '--no-demo', '--context', 'real', '--auth', 'oidc', '--session-keys-file', keys, '--public-url', publicUrl,
    '--oidc-issuer', env('REAL_OIDC_ISSUER'), '--oidc-client-id', env('REAL_OIDC_CLIENT_ID'), '--oidc-client-secret-file', env('REAL_OIDC_CLIENT_SECRET_FILE'),
    '--oidc-ca-file', env('REAL_OIDC_CA_FILE'), '--oidc-scopes', 'openid email profile groups',
  ];
  replicas = [await startKubeglassProcess(args), await startKubeglassProcess(args), await startKubeglassProcess(args)];
  nginx = await startNginx({ port: Number(new URL(publicUrl).port), upstreamPorts: replicas.map((r) => r.port) });
});

test.afterAll(async () => {
  await nginx?.stop();
  for (const replica of replicas) await replica.stop();
  await kubectl(['--kubeconfig', env('KUBECONFIG_REAL'), 'delete', 'namespace', NAMESPACE, '--wait=false']);
});

/** The replica nginx sent the last request for `path` to. */
function replicaOf(pathPrefix: string): string {
  const lines = nginx.accessLog().trim().split('\n').filter((line) => line.split(' ')[1]?.startsWith(pathPrefix));
  const last = lines.at(-1) ?? '';
  return /upstream=(\S+?),?(?: |$)/.exec(last)?.[1] ?? '';
}

/** Opens `path` in a fresh browser, signs in at the provider as `login`, and lands back on `path`. */
async function signIn(browser: Browser, login: string, path: string): Promise<Page> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const page = await context.newPage();
  await page.goto(`${publicUrl}${path}`);
  await page.getByTestId('oidc-sign-in').click();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${publicUrl}${path}`, { timeout: 15_000 });
  await expect(page.getByTestId('signed-in-as')).toContainText(`oidc:${login}@example.test`, { timeout: 15_000 });
  // The provider's redirect back landed on another replica than the one that sent the browser there.
  expect(replicaOf('/-/oidc/callback')).not.toBe(replicaOf('/-/oidc/start'));
  return page;
}

test('alice edits a ConfigMap as herself (the audit log says so); bob sees Edit disabled with the reason and never gets her Secrets', async ({ browser }) => {
  test.setTimeout(90_000);
  const name = `team-oidc-${Date.now()}`;
  await admin('-n', NAMESPACE, 'create', 'configmap', name, '--from-literal=a=one');
  const alice = await signIn(browser, 'alice', `/c/real/api/v1/namespaces/${NAMESPACE}/configmaps/${name}?edit=1`);
  await expect(editorLine(alice, 'a: one')).toBeVisible({ timeout: 15_000 });
  await typeAtEndOfLine(alice, 'a: one', '-by-alice');
  await alice.getByRole('button', { name: 'Save' }).click();
  await expect(alice.getByTestId('saved')).toContainText('New resourceVersion');
  await alice.screenshot({ path: `${SHOTS}-alice-saved.png` });
  const audit = readFileSync(env('REAL_AUDIT_LOG'), 'utf8')
    .split('\n')
    .filter((line) => line.includes(`"name":"${name}"`))
    .map((line) => JSON.parse(line) as { verb: string; user: { username: string }; objectRef: { resource: string } });
  expect(audit.filter((e) => e.verb === 'update').map((e) => e.user.username)).toContain('oidc:alice@example.test');

  const bob = await signIn(browser, 'bob', `/c/real/api/v1/namespaces/${NAMESPACE}/configmaps/${name}`);
  const edit = bob.getByTestId('edit-link');
  await expect(edit).toHaveAttribute('data-access', 'denied', { timeout: 15_000 });
  await expect(edit).toHaveAttribute('title', `You may not update configmaps "${name}" in namespace ${NAMESPACE}`);
  await bob.screenshot({ path: `${SHOTS}-bob-read-only.png` });

  // Both watch the Secrets of team-a: alice may, bob may not. Nothing of hers reaches his page or his socket.
  const bobFrames: string[] = [];
  bob.on('websocket', (socket) => socket.on('framereceived', (frame) => bobFrames.push(String(frame.payload))));
  await bob.goto(`${publicUrl}/c/real/api/v1/namespaces/${NAMESPACE}/secrets`);
  await alice.goto(`${publicUrl}/c/real/api/v1/namespaces/${NAMESPACE}/secrets`);
  await expect(alice.getByTestId('resource-table')).toBeVisible({ timeout: 15_000 });
  const secret = `alice-secret-${Date.now()}`;
  await admin('-n', NAMESPACE, 'create', 'secret', 'generic', secret, '--from-literal=k=v');
  await expect(alice.getByTestId('resource-table')).toContainText(secret, { timeout: 15_000 });
  await expect(bob.getByText(/forbidden/i).first()).toBeVisible({ timeout: 15_000 });
  await bob.waitForTimeout(1_000);
  expect(await bob.content()).not.toContain(secret);
  expect(bobFrames.join('\n')).not.toContain(secret);

  // A page one replica asked ahead for alice (list-pages/read-ahead) answers no one else who asks the same URL.
  const replica = replicas[0]?.url ?? '';
  const host = new URL(publicUrl).host;
  const cookieOf = async (page: Page): Promise<string> => (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const [aliceCookie, bobCookie] = [await cookieOf(alice), await cookieOf(bob)];
  for (const more of ['b', 'c']) await admin('-n', NAMESPACE, 'create', 'secret', 'generic', `${secret}-${more}`, '--from-literal=k=v');
  const secrets = `/k8s/real/api/v1/namespaces/${NAMESPACE}/secrets`;
  const asked = (cookie: string, query: Record<string, string>) =>
    request(`${replica}${secrets}?${new URLSearchParams(query)}`, { headers: { Host: host, Cookie: cookie, Accept: TABLE_ACCEPT, 'User-Agent': 'probe', 'x-kubeglass-client': '1' } });
  const tokenOf = (body: string): string => (JSON.parse(body) as { metadata: { continue?: string } }).metadata.continue ?? '';
  const second = tokenOf((await asked(aliceCookie, { limit: '1' })).body);
  // Relaying alice's second page asks her third ahead, with her token.
  const third = tokenOf((await asked(aliceCookie, { limit: '1', continue: second })).body);
  expect(third).not.toBe('');
  const probe = await asked(bobCookie, { limit: '1', continue: third });
  expect(probe.status, 'bob gets the answer to his own token').toBe(403);
  expect((await asked(aliceCookie, { limit: '1', continue: third })).status).toBe(200);
  await bob.context().close();
  await alice.context().close();
});

test('a session outlives its short ID tokens without a sign-out; a replica killed mid-edit loses nothing; sign-out ends it on every replica', async ({ browser }) => {
  test.setTimeout(240_000);
  const name = `team-oidc-long-${Date.now()}`;
  await admin('-n', NAMESPACE, 'create', 'configmap', name, '--from-literal=a=one');
  const alice = await signIn(browser, 'alice', `/c/real/api/v1/namespaces/${NAMESPACE}/configmaps`);
  const renewals: number[] = [];
  alice.on('response', (response) => {
    if (response.url().endsWith('/-/session/refresh')) renewals.push(response.status());
  });
  // Five ID token lifetimes (start.sh's provider issues 30 s tokens in this tier): the list stays live throughout.
  const ttl = Number(process.env.OIDC_ID_TOKEN_TTL ?? 120);
  const deadline = Date.now() + 5 * ttl * 1000;
  for (let round = 0; Date.now() < deadline; round++) {
    const marker = `${name}-${round}`;
    await admin('-n', NAMESPACE, 'create', 'configmap', marker);
    await expect(alice.getByTestId('resource-table')).toContainText(marker, { timeout: 15_000 });
    await expect(alice.getByTestId('sign-in')).toHaveCount(0);
    await alice.waitForTimeout(Math.min(ttl * 1000, Math.max(0, deadline - Date.now())));
  }
  expect(renewals.length, 'the app renewed the session before each token expired').toBeGreaterThanOrEqual(4);
  expect(renewals.every((status) => status === 200)).toBe(true);

  await alice.goto(`${publicUrl}/c/real/api/v1/namespaces/${NAMESPACE}/configmaps/${name}?edit=1`);
  await expect(editorLine(alice, 'a: one')).toBeVisible({ timeout: 15_000 });
  await typeAtEndOfLine(alice, 'a: one', '-after-a-crash');
  await replicas[1]?.stop();
  await alice.getByRole('button', { name: 'Save' }).click();
  await expect(alice.getByTestId('saved')).toContainText('New resourceVersion', { timeout: 15_000 });
  expect(JSON.parse(await admin('-n', NAMESPACE, 'get', 'configmap', name, '-o', 'json')).data.a).toBe('one-after-a-crash');

  await alice.getByTestId('sign-out').click();
  await alice.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(alice.getByTestId('oidc-sign-in')).toBeVisible({ timeout: 15_000 });
  await alice.screenshot({ path: `${SHOTS}-signed-out.png` });
  // Every replica left says so: the session was the browser's cookie, and it is gone.
  for (let i = 0; i < 4; i++) expect((await alice.request.get(`${publicUrl}/-/contexts`, { headers: { 'x-kubeglass-client': '1' } })).status()).toBe(401);
  // The provider's own session ended too: signing in asks for the login again.
  await alice.getByTestId('oidc-sign-in').click();
  await expect(alice.locator('input[name="login"]')).toBeVisible({ timeout: 15_000 });
  await alice.context().close();
});
