// Real tier in Chromium: the namespaces list of the real apiserver renders with its Table columns and stays live.
import { expect, test } from '@playwright/test';
import { kubectl } from '../../support/kubectl.js';
import { MODERN } from '../tier.js';

const kubeconfig = process.env.KUBECONFIG_REAL ?? '';

test('namespaces of the real apiserver render live', async ({ page }) => {
  await page.goto('/c/real/api/v1/namespaces');
  const table = page.getByTestId('resource-table');
  await expect(table).toBeVisible();
  await expect(table.locator('thead th')).toHaveText(['Name', 'Status', 'Age']);
  await expect(table.locator('tbody tr', { hasText: 'kube-system' })).toBeVisible();
  await expect(page.getByTestId('watch-state')).toHaveText('live');

  const name = `e2e-${Date.now()}`;
  const created = await kubectl(['--kubeconfig', kubeconfig, 'create', 'namespace', name]);
  expect(created.code, created.stderr).toBe(0);
  await expect(table.locator('tbody tr', { hasText: name })).toBeVisible();
  await page.screenshot({ path: 'test-results/real-namespaces.png', fullPage: true });
  await kubectl(['--kubeconfig', kubeconfig, 'delete', 'namespace', name, '--wait=false']);
});

test('pods of namespace fx render with the kube-apiserver pod columns (Pending on 1.20.2, which has no node; Running on a KWOK node)', async ({ page }) => {
  await page.goto('/c/real/api/v1/namespaces/fx/pods');
  const table = page.getByTestId('resource-table');
  await expect(table.locator('thead th')).toHaveText(['Name', 'Ready', 'Status', 'Restarts', 'Age', 'Logs']);
  await expect(table.locator('tbody tr', { hasText: 'web-abc12' })).toContainText(MODERN ? 'Running' : 'Pending');
});
