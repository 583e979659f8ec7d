// The revision history of a StatefulSet and a DaemonSet against the embedded demo cluster: the ControllerRevisions
// its revision controller writes are listed, an undo is previewed with a dry run and applied, and the controller
// renumbers the old revision as the newest; kubectl (an independent client) checks.
import { expect, test, type Page } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';
import { collectErrors } from '../support/edit-screen.js';

const server = () => `${test.info().project.use.baseURL}/k8s/demo`;
const shot = (name: string) => test.info().outputPath(`${name}.png`);

async function ok(...args: string[]): Promise<string> {
  const r = await kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), '-n', 'default', ...args]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

async function create(kind: 'StatefulSet' | 'DaemonSet', name: string, image: string): Promise<void> {
  const manifest = {
    apiVersion: 'apps/v1',
    kind,
    metadata: { name, namespace: 'default' },
    spec: {
      ...(kind === 'StatefulSet' ? { serviceName: name, replicas: 1 } : {}),
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'main', image }] } },
    },
  };
  const r = await kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), 'apply', '-f', '-'], { input: JSON.stringify(manifest) });
  expect(r.code, r.stderr).toBe(0);
}

const image = (resource: string) => ok('get', resource, '-o', 'jsonpath={.spec.template.spec.containers[0].image}');

async function historyAndUndo(page: Page, resource: 'statefulsets' | 'daemonsets', kind: string, name: string, images: [string, string]): Promise<void> {
  const errors = collectErrors(page);
  await page.goto(`/c/demo/apis/apps/v1/namespaces/default/${resource}/${name}`);
  const history = page.getByTestId('quick-edits').getByTestId('rollout-history');
  await expect(history.getByTestId('rollout-revision')).toHaveCount(2, { timeout: 20_000 });
  await expect(history.locator('[data-revision="2"]')).toContainText('current');
  await expect(history.locator('[data-revision="2"]')).toContainText(images[1]);
  await expect(history.locator('[data-revision="1"]')).toContainText(images[0]);
  await history.screenshot({ path: shot(`${resource}-history`) });

  await history.getByRole('button', { name: 'Undo to revision 1' }).click();
  const dialog = page.getByRole('dialog', { name: `Undo ${kind} ${name} to revision 1` });
  await expect(dialog.getByTestId('patch-request-line')).toContainText('application/strategic-merge-patch+json');
  await expect(dialog.getByTestId('patch-body')).toContainText(images[0]);
  await expect(dialog.getByTestId('dry-run-ok')).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByTestId('monaco-diff-editor')).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: shot(`${resource}-undo-preview`) });
  // The dry run changed nothing.
  expect(await image(`${resource}/${name}`)).toBe(images[1]);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
  await expect.poll(() => image(`${resource}/${name}`), { timeout: 20_000 }).toBe(images[0]);
  // The controller records the rollback by renumbering revision 1 as 3, which is current now.
  await expect(history.locator('[data-revision="3"]')).toContainText('current', { timeout: 30_000 });
  await expect(history.locator('[data-revision="3"]')).toContainText(images[0]);
  await expect(history.getByTestId('rollout-revision')).toHaveCount(2);
  expect(errors).toEqual([]);
}

test('a StatefulSet lists its ControllerRevisions; an undo is previewed with a dry run and applied', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `sts-${Date.now().toString(36)}`;
  try {
    await create('StatefulSet', name, 'postgres:16');
    await ok('set', 'image', `statefulset/${name}`, 'main=postgres:17');
    await expect.poll(async () => (await ok('rollout', 'history', `statefulset/${name}`)).match(/^\d+ /gm)?.length ?? 0, { timeout: 20_000 }).toBe(2);
    await historyAndUndo(page, 'statefulsets', 'StatefulSet', name, ['postgres:16', 'postgres:17']);
  } finally {
    await ok('delete', 'statefulset', name, '--ignore-not-found', '--wait=false');
  }
});

test('a DaemonSet lists its ControllerRevisions; an undo is previewed with a dry run and applied', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `ds-${Date.now().toString(36)}`;
  try {
    await create('DaemonSet', name, 'fluent/fluent-bit:3.0');
    await ok('set', 'image', `daemonset/${name}`, 'main=fluent/fluent-bit:3.1');
    await expect.poll(async () => (await ok('rollout', 'history', `daemonset/${name}`)).match(/^\d+ /gm)?.length ?? 0, { timeout: 20_000 }).toBe(2);
    await historyAndUndo(page, 'daemonsets', 'DaemonSet', name, ['fluent/fluent-bit:3.0', 'fluent/fluent-bit:3.1']);
  } finally {
    await ok('delete', 'daemonset', name, '--ignore-not-found', '--wait=false');
  }
});

test('the seeded StatefulSet shop/db shows the two revisions it starts with', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/c/demo/apis/apps/v1/namespaces/shop/statefulsets/db');
  const history = page.getByTestId('quick-edits').getByTestId('rollout-history');
  await expect(history.getByTestId('rollout-revision')).toHaveCount(2, { timeout: 20_000 });
  await expect(history.locator('[data-revision="1"]')).toContainText('postgres:12');
  await expect(history.locator('[data-revision="2"]')).toContainText('postgres:13');
  await expect(history.locator('[data-revision="2"]')).toContainText('current');
  expect(errors).toEqual([]);
});
