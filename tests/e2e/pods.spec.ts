// The walking skeleton in Chromium: kubeglass as a user starts it, the demo cluster's pods live in a Table.
import { expect, test, type Page } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';
import { expectRowsLikeKubectl } from '../support/pod-rows.js';

const server = () => `${test.info().project.use.baseURL}/k8s/demo`;
const k = (...args: string[]) => kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), ...args]);

async function rowTexts(page: Page): Promise<string[]> {
  return page.getByTestId('resource-table').locator('tbody tr').allInnerTexts();
}

test('/ opens the default namespace pods of the demo cluster with the kube-apiserver pod columns', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/c\/demo\/api\/v1\/namespaces\/default\/pods$/);
  const table = page.getByTestId('resource-table');
  // The demo serves metrics.k8s.io: CPU and Memory follow the server's columns, then each pod's Logs link.
  await expect(table.locator('thead th')).toHaveText(['Name', 'Ready', 'Status', 'Restarts', 'Age', 'CPU', 'Memory', 'Logs']);
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('watch-state')).toHaveText('live');
  await page.screenshot({ path: 'test-results/pods-default.png' });
});

test('all-namespaces pods show the same rows kubectl get pods -A prints', async ({ page }) => {
  await page.goto('/c/demo/api/v1/pods');
  const table = page.getByTestId('resource-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('watch-state')).toHaveText('live');
  // The activity loop adds and removes pods: both sides are read again until they agree.
  expect((await expectRowsLikeKubectl(page, test.info().project.use.baseURL ?? '')).length).toBeGreaterThan(3);
});

test('a pod created and deleted with kubectl appears and disappears without reload', async ({ page }) => {
  await page.goto('/c/demo/api/v1/namespaces/default/pods');
  const table = page.getByTestId('resource-table');
  await expect(page.getByTestId('watch-state')).toHaveText('live');
  await page.evaluate(() => ((globalThis as unknown as { noReload: boolean }).noReload = true));
  const name = `e2e-${Date.now()}`;
  const created = await k('-n', 'default', 'run', name, '--image=nginx:1.25', '--restart=Never');
  expect(created.code, created.stderr).toBe(0);
  await expect(table.locator('tbody tr', { hasText: name })).toBeVisible({ timeout: 2_000 });
  const deleted = await k('-n', 'default', 'delete', 'pod', name, '--wait=false');
  expect(deleted.code, deleted.stderr).toBe(0);
  await expect(table.locator('tbody tr', { hasText: name })).toHaveCount(0, { timeout: 5_000 });
  expect(await page.evaluate(() => (globalThis as unknown as { noReload?: boolean }).noReload)).toBe(true);
});

test('the activity loop changes rows in place without reload', async ({ page }) => {
  await page.goto('/c/demo/api/v1/pods');
  await expect(page.getByTestId('watch-state')).toHaveText('live');
  await page.evaluate(() => ((globalThis as unknown as { noReload: boolean }).noReload = true));
  // Age, CPU and Memory change on their own: compare rows by their first cells (Namespace, Name, Ready, Status).
  const withoutAge = async () => (await rowTexts(page)).map((t) => t.split('\t').slice(0, 4).join('\t')).join('\n');
  const before = await withoutAge();
  await expect.poll(withoutAge, { timeout: 15_000, intervals: [500] }).not.toBe(before);
  expect(await page.evaluate(() => (globalThis as unknown as { noReload?: boolean }).noReload)).toBe(true);
});

test('an API error shows the Status reason and message, not a blank page', async ({ page }) => {
  await page.goto('/c/demo/api/v1/namespaces/default/nosuchthings');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('NotFound');
  await expect(alert).toContainText('404');
});
