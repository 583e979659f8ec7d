// The live object view in Chromium against the embedded demo cluster, changed from outside with kubectl.
import { expect, test, type Page } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';

const server = () => `${test.info().project.use.baseURL}/k8s/demo`;
const k = (...args: string[]) => kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), ...args]);
const SHOTS = 'test-results/object';

async function createPod(name: string): Promise<void> {
  const created = await k('-n', 'default', 'run', name, '--image=nginx:1.27', '--restart=Never', '--labels=app=e2e,tier=web');
  expect(created.code, created.stderr).toBe(0);
}

async function markNoReload(page: Page): Promise<void> {
  await page.evaluate(() => ((globalThis as unknown as { noReload: boolean }).noReload = true));
}

async function stillNoReload(page: Page): Promise<void> {
  expect(await page.evaluate(() => (globalThis as unknown as { noReload?: boolean }).noReload)).toBe(true);
}

test('a pod shows its YAML, follows kubectl label changes live, and shows when it is deleted', async ({ page }) => {
  const name = `obj-${Date.now()}`;
  await createPod(name);
  await page.goto(`/c/demo/api/v1/namespaces/default/pods/${name}`);
  await expect(page.getByTestId('object-kind')).toHaveText('Pod');
  await expect(page.getByTestId('object-name')).toHaveText(name);
  const yaml = page.getByTestId('object-yaml');
  await expect(yaml).toContainText(`name: ${name}`);
  await expect(yaml).toContainText('image: nginx:1.27');
  await expect(page.getByTestId('watch-state')).toHaveText('live');
  await expect(page.getByTestId('object-namespace')).toHaveAttribute('href', '/c/demo/api/v1/namespaces/default/pods');
  await page.screenshot({ path: `${SHOTS}/pod-yaml.png`, fullPage: true });
  await markNoReload(page);

  const labelled = await k('-n', 'default', 'label', 'pod', name, 'e2e-changed=yes');
  expect(labelled.code, labelled.stderr).toBe(0);
  await expect(page.locator('[data-testid="label-chip"][data-key="e2e-changed"]')).toHaveText('e2e-changed=yes', { timeout: 1_000 });
  await expect(yaml).toContainText('e2e-changed: "yes"', { timeout: 1_000 });

  const annotated = await k('-n', 'default', 'annotate', 'pod', name, `e2e/long=${'v'.repeat(120)}`);
  expect(annotated.code, annotated.stderr).toBe(0);
  const chip = page.locator('[data-testid="annotation-chip"][data-key="e2e/long"]');
  await expect(chip).toHaveAttribute('title', 'v'.repeat(120), { timeout: 1_000 });
  await expect(chip).toContainText('…');

  const deleted = await k('-n', 'default', 'delete', 'pod', name, '--wait=false');
  expect(deleted.code, deleted.stderr).toBe(0);
  await expect(page.getByTestId('object-deleted')).toContainText('Deleted on the server', { timeout: 5_000 });
  await expect(yaml).toContainText(`name: ${name}`);
  await expect(page.getByTestId('watch-state')).toHaveText('stale');
  await page.screenshot({ path: `${SHOTS}/pod-deleted.png`, fullPage: true });
  await stillNoReload(page);
});

test('managedFields are hidden until asked for; JSON shows the same object', async ({ page }) => {
  const name = `obj-mf-${Date.now()}`;
  await createPod(name);
  await page.goto(`/c/demo/api/v1/namespaces/default/pods/${name}`);
  const yaml = page.getByTestId('object-yaml');
  await expect(yaml).toContainText(`name: ${name}`);
  await expect(yaml).not.toContainText('managedFields');
  await page.getByLabel(/Show managedFields/).check();
  await expect(yaml).toContainText('managedFields:');
  await expect(yaml).toContainText('manager: kubectl');
  await page.getByRole('tab', { name: 'JSON' }).click();
  const fromUi = JSON.parse(await page.getByTestId('object-json').innerText()) as { metadata: { uid: string } };
  const r = await k('-n', 'default', 'get', 'pod', name, '-o', 'json');
  expect(r.code, r.stderr).toBe(0);
  expect(fromUi.metadata.uid).toBe((JSON.parse(r.stdout) as { metadata: { uid: string } }).metadata.uid);
  await k('-n', 'default', 'delete', 'pod', name, '--wait=false');
});

test('the owner link of a ReplicaSet pod opens its ReplicaSet, whose owner link opens the Deployment', async ({ page }) => {
  const r = await k('get', 'pods', '-A', '-o', 'json');
  expect(r.code, r.stderr).toBe(0);
  interface Item { metadata: { name: string; namespace: string; ownerReferences?: Array<{ kind: string; name: string }> }; spec: { serviceAccountName?: string } }
  const pods = (JSON.parse(r.stdout) as { items: Item[] }).items;
  // A seeded pod (it references its ServiceAccount), not one of a Deployment another spec created.
  const owned = pods.find((p) => p.metadata.ownerReferences?.some((o) => o.kind === 'ReplicaSet') && p.spec.serviceAccountName);
  expect(owned, 'the demo cluster seeds Deployment-owned pods').toBeTruthy();
  const { name, namespace } = owned!.metadata;
  const rs = owned!.metadata.ownerReferences!.find((o) => o.kind === 'ReplicaSet')!.name;

  await page.goto(`/c/demo/api/v1/namespaces/${namespace}/pods/${name}`);
  await expect(page.getByTestId('object-name')).toHaveText(name);
  await markNoReload(page);
  const owner = page.getByTestId('owner-link');
  await expect(owner).toHaveText(rs);
  await expect(page.getByTestId('object-references')).toContainText('ServiceAccount');
  // A seeded pod's resourceVersion predates the server's watch history: the watch must still go live.
  await expect(page.getByTestId('watch-state')).toHaveText('live');
  await page.screenshot({ path: `${SHOTS}/pod-owned.png`, fullPage: true });
  await owner.click();
  await expect(page).toHaveURL(new RegExp(`/c/demo/apis/apps/v1/namespaces/${namespace}/replicasets/${rs}$`));
  await expect(page.getByTestId('object-kind')).toHaveText('ReplicaSet');
  await expect(page.getByTestId('object-yaml')).toContainText(`name: ${rs}`);
  await expect(page.getByTestId('owner-link')).toHaveAttribute('href', /\/c\/demo\/apis\/apps\/v1\/namespaces\/.+\/deployments\/.+/);
  await page.getByTestId('owner-link').click();
  await expect(page.getByTestId('object-kind')).toHaveText('Deployment');
  await expect(page.getByTestId('conditions')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/deployment.png`, fullPage: true });
  await stillNoReload(page);
});

test('cluster-scoped objects: a namespace, and the node a pod references', async ({ page }) => {
  await page.goto('/c/demo/api/v1/namespaces/default');
  await expect(page.getByTestId('object-kind')).toHaveText('Namespace');
  await expect(page.getByTestId('object-yaml')).toContainText('name: default');
  await expect(page.getByTestId('watch-state')).toHaveText('live');

  const name = `obj-node-${Date.now()}`;
  await createPod(name);
  await page.goto(`/c/demo/api/v1/namespaces/default/pods/${name}`);
  const node = page.getByTestId('reference-link').first();
  await expect(node).toHaveAttribute('href', /^\/c\/demo\/api\/v1\/nodes\/[^/]+$/);
  const nodeName = await node.innerText();
  await node.click();
  await expect(page.getByTestId('object-kind')).toHaveText('Node');
  await expect(page.getByTestId('object-name')).toHaveText(nodeName);
  await expect(page.getByTestId('object-namespace')).toHaveCount(0);
  await expect(page.getByTestId('conditions')).toContainText('Ready');
  await page.screenshot({ path: `${SHOTS}/node.png` });
  await k('-n', 'default', 'delete', 'pod', name, '--wait=false');
});

test('copy buttons put the API path and the kubectl command on the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/c/demo/api/v1/namespaces/default');
  await expect(page.getByTestId('object-yaml')).toBeVisible();
  await page.getByTestId('copy-kubectl').click();
  await expect(page.getByTestId('copy-kubectl')).toHaveText('Copied');
  expect(await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())).toBe(
    // The demo context exists only inside kubeglass: the command goes through its proxy.
    `kubectl --kubeconfig=/dev/null --server ${new URL(page.url()).origin}/k8s/demo get namespaces default -o yaml`,
  );
  await page.getByTestId('copy-api-path').click();
  expect(await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())).toBe('/api/v1/namespaces/default');
});

test('a missing object shows the NotFound Status', async ({ page }) => {
  await page.goto('/c/demo/api/v1/namespaces/default/pods/does-not-exist-e2e');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('NotFound');
  await expect(alert).toContainText('404');
  await expect(alert).toContainText('pods "does-not-exist-e2e" not found');
  await page.screenshot({ path: `${SHOTS}/not-found.png` });
});
