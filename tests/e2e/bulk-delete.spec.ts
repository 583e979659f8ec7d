// Deleting several objects from a list, in the browser against the embedded demo cluster, with kubectl as the witness.
import { expect, test } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';
import { collectErrors } from '../support/edit-screen.js';

const server = () => `${test.info().project.use.baseURL}/k8s/demo`;
const k = (...args: string[]) => kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), ...args]);
const CONFIGMAPS = '/c/demo/api/v1/namespaces/default/configmaps';

async function createConfigMaps(prefix: string, count: number): Promise<string[]> {
  const names = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  for (const name of names) {
    const r = await k('-n', 'default', 'create', 'configmap', name, '--from-literal=a=1');
    expect(r.code, r.stderr).toBe(0);
  }
  return names;
}

async function remaining(prefix: string): Promise<string[]> {
  const r = await k('-n', 'default', 'get', 'configmaps', '-o', 'name');
  return r.stdout.split('\n').filter((line) => line.startsWith(`configmap/${prefix}-`)).map((line) => line.slice('configmap/'.length)).sort();
}

test('rows marked with checkboxes and Space: a dry run of each, then Delete; one deleted by kubectl meanwhile is told apart', async ({ page }) => {
  const errors = collectErrors(page);
  const prefix = `e2e-bulk-${Date.now().toString(36)}`;
  const [first, second, third, kept] = await createConfigMaps(prefix, 4);
  await page.goto(`${CONFIGMAPS}?filter=${prefix}`);
  await expect(page.getByTestId(`row-${kept}`)).toBeVisible({ timeout: 15_000 });

  await page.getByTestId('select-toggle').click();
  await page.getByRole('checkbox', { name: `Select ${first}` }).check();
  await page.getByRole('checkbox', { name: `Select ${second}` }).check();
  // Space marks the row the keyboard selected.
  await page.getByTestId(`row-${third}`).click();
  await page.getByTestId('table-scroller').focus();
  await page.keyboard.press(' ');
  await expect(page.getByRole('checkbox', { name: `Select ${third}` })).toBeChecked();
  await expect(page.getByTestId('marked-count')).toHaveText('3 selected');
  await page.screenshot({ path: 'test-results/bulk-delete-marked.png' });

  await page.getByTestId('delete-selected').click();
  const dialog = page.getByTestId('bulk-delete-dialog');
  await expect(dialog.getByRole('heading')).toHaveText('Delete 3 configmaps?');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('bulk-delete-summary')).toHaveText('Dry run: 3 would be deleted. Nothing was deleted.');
  expect(await remaining(prefix)).toEqual([first, second, third, kept].sort());

  // Gone before the Delete: its DELETE answers 404, the others go.
  expect((await k('-n', 'default', 'delete', 'configmap', second ?? '')).code).toBe(0);
  await dialog.getByRole('button', { name: 'Delete 3' }).click();
  await expect(dialog.getByTestId('bulk-delete-summary')).toHaveText('2 deleted, 1 refused or failed.');
  await expect(dialog.getByTestId(`bulk-target-${second}`)).toContainText('404 NotFound');
  await expect(dialog.getByTestId('bulk-delete-error')).toContainText('not found');
  await page.screenshot({ path: 'test-results/bulk-delete-done.png' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  expect(await remaining(prefix)).toEqual([kept]);
  await expect(page.getByTestId('marked-count')).toHaveText(`Mark configmaps with their checkboxes or Space`);
  await expect(page.getByRole('checkbox', { name: `Select ${kept}` })).not.toBeChecked();
  expect(errors).toEqual([]);
  await k('-n', 'default', 'delete', 'configmap', kept ?? '');
});

test('the viewer (demo-viewer) may mark rows but Delete selected says the server does not allow it', async ({ page }) => {
  const prefix = `e2e-bulkview-${Date.now().toString(36)}`;
  const names = await createConfigMaps(prefix, 2);
  await page.goto(`/c/demo-viewer/api/v1/namespaces/default/configmaps?filter=${prefix}`);
  await page.getByTestId('select-toggle').click();
  await page.getByRole('checkbox', { name: 'Select every configmaps shown' }).check();
  await expect(page.getByTestId('marked-count')).toHaveText('2 selected');
  const button = page.getByTestId('delete-selected');
  await expect(button).toHaveAttribute('data-access', 'denied', { timeout: 15_000 });
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await expect(button).toHaveAttribute('title', 'You may not delete configmaps in namespace default');
  await button.click({ force: true });
  await expect(page.getByTestId('bulk-delete-dialog')).toHaveCount(0);
  expect(await remaining(prefix)).toEqual(names);
  for (const name of names) await k('-n', 'default', 'delete', 'configmap', name);
});
