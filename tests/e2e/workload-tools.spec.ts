// Everyday workload tools on the pod list and the palette, against the demo cluster (which serves metrics.k8s.io):
// CPU and Memory columns, a Logs link per pod row, and finding a Deployment by name.
import { expect, test } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';

const PODS = '/c/demo/api/v1/namespaces/default/pods';

test('the pod list shows CPU and Memory from metrics.k8s.io, sortable, beside the Table columns', async ({ page }) => {
  await page.goto(PODS);
  const table = page.getByTestId('resource-table');
  await expect(table.getByRole('columnheader', { name: 'CPU' })).toBeVisible({ timeout: 20_000 });
  await expect(table.getByRole('columnheader', { name: 'Memory' })).toBeVisible();
  const headers = await table.getByRole('columnheader').allInnerTexts();
  expect(headers.slice(-3)).toEqual(['CPU', 'Memory', 'Logs']);
  // Running pods have usage in kubectl top's units.
  const row = table.locator('tbody tr[data-row-key^="default/hello-"]').first();
  const cells = row.getByRole('cell');
  const count = await cells.count();
  await expect(cells.nth(count - 3)).toHaveText(/^\d+m$/);
  await expect(cells.nth(count - 2)).toHaveText(/^\d+(\.\d)?[MG]i$/);
  await page.getByTestId('sort-CPU').click();
  await expect(page).toHaveURL(/sort=CPU/);
  await page.screenshot({ path: 'test-results/workload-tools-metrics.png' });
});

test('a Logs link on a pod row opens its log view, by keyboard too', async ({ page }) => {
  await page.goto(PODS);
  const row = page.locator('tbody tr[data-row-key^="default/hello-"]').first();
  const name = ((await row.getAttribute('data-row-key')) ?? '').split('/')[1] ?? '';
  const link = row.getByRole('link', { name: `Logs of ${name}` });
  await expect(link).toHaveAttribute('href', `/c/demo/api/v1/namespaces/default/pods/${name}/log`);
  await link.focus();
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/pods/${name}/log`));
  await expect(page.getByText('Pod log')).toBeVisible();
  // The demo's lines change with the time of day: any access-log line will do.
  await expect(page.getByTestId('log-line').first()).toContainText(/"GET \S+ HTTP\/1\.1" \d{3} /, { timeout: 15_000 });
  await page.screenshot({ path: 'test-results/workload-tools-logs.png' });
});

test('the command palette finds the hello Deployment, its pod and its Service by name', async ({ page }) => {
  await page.goto(PODS);
  await expect(page.getByTestId('resource-table')).toBeVisible();
  await page.getByTestId('palette-open').click();
  await page.getByRole('combobox', { name: 'Jump to a resource' }).fill('hello');
  const options = page.getByTestId('palette-option');
  const deployment = options.filter({ hasText: 'deployment/hello' });
  await expect(deployment).toHaveAttribute('data-href', '/c/demo/apis/apps/v1/namespaces/default/deployments/hello', { timeout: 15_000 });
  await expect(options.filter({ hasText: /^pod\/hello-/ }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/workload-tools-palette.png' });
  await deployment.click();
  await expect(page).toHaveURL(/\/deployments\/hello$/);
});

test('the node list shows CPU and Memory from NodeMetrics with their share of the allocatable, and no Logs column', async ({ page }) => {
  await page.goto('/c/demo/api/v1/nodes');
  const table = page.getByTestId('resource-table');
  await expect(table.getByRole('columnheader', { name: 'Memory' })).toBeVisible({ timeout: 20_000 });
  const headers = await table.getByRole('columnheader').allInnerTexts();
  expect(headers.slice(-2)).toEqual(['CPU', 'Memory']);
  const cells = table.locator('tbody tr[data-row-key]').first().getByRole('cell');
  const count = await cells.count();
  await expect(cells.nth(count - 2)).toHaveText(/^\d+m \(\d+%\)$/);
  await expect(cells.nth(count - 1)).toHaveText(/^\d+(\.\d)?[MG]i \(\d+%\)$/);
  // The share is of the node's allocatable CPU, as kubectl top nodes computes CPU%.
  const node = await table.locator('tbody tr[data-row-key]').first().getAttribute('data-row-key');
  const allocatable = await kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', `${test.info().project.use.baseURL}/k8s/demo`, 'get', 'node', node ?? '', '-o', 'jsonpath={.status.allocatable.cpu}']);
  const cpuText = await cells.nth(count - 2).innerText();
  const [, milli, share] = /^(\d+)m \((\d+)%\)$/.exec(cpuText) ?? [];
  const cores = allocatable.stdout.endsWith('m') ? Number(allocatable.stdout.slice(0, -1)) / 1000 : Number(allocatable.stdout);
  expect(Number(share)).toBe(Math.round((Number(milli) / 1000 / cores) * 100));
  await page.screenshot({ path: 'test-results/workload-tools-nodes.png' });
});
