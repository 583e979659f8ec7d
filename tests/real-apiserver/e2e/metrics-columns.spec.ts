// Real tier (kube-apiserver 1.20.2 serves no metrics.k8s.io): the pod list has no CPU/Memory columns and never asks
// for metrics, its rows still link to their logs; the palette finds objects by name.
import { expect, test, type Request } from '@playwright/test';

const PODS = '/c/real/api/v1/namespaces/fx/pods';

test('the pod list shows no metrics columns, asks for none, and keeps its Logs links', async ({ page }) => {
  const metricsRequests: string[] = [];
  page.on('request', (request: Request) => {
    if (request.url().includes('metrics.k8s.io')) metricsRequests.push(request.url());
  });
  await page.goto(PODS);
  const row = page.getByTestId('row-web-abc12');
  await expect(row).toBeVisible();
  // Discovery has answered once the navigator shows its groups: the columns are final by then.
  await expect(page.getByRole('navigation', { name: 'Resources' }).getByTestId('api-group').first()).toBeVisible();
  const headers = await page.getByTestId('resource-table').getByRole('columnheader').allInnerTexts();
  expect(headers).not.toContain('CPU');
  expect(headers).not.toContain('Memory');
  expect(headers.at(-1)).toBe('Logs');
  await expect(row.getByRole('link', { name: 'Logs of web-abc12' })).toHaveAttribute('href', '/c/real/api/v1/namespaces/fx/pods/web-abc12/log');
  await page.waitForTimeout(1000);
  expect(metricsRequests).toEqual([]);
  await page.screenshot({ path: 'test-results/real-pods-no-metrics.png' });
});

test('the palette finds the seeded pod and ConfigMap by name', async ({ page }) => {
  await page.goto(PODS);
  await expect(page.getByTestId('row-web-abc12')).toBeVisible();
  await page.getByTestId('palette-open').click();
  await page.getByRole('combobox', { name: 'Jump to a resource' }).fill('web-abc');
  await expect(page.getByTestId('palette-option').filter({ hasText: 'pod/web-abc12' })).toHaveAttribute('data-href', '/c/real/api/v1/namespaces/fx/pods/web-abc12', { timeout: 15_000 });
  await page.getByRole('combobox', { name: 'Jump to a resource' }).fill('settings');
  await expect(page.getByTestId('palette-option').filter({ hasText: 'configmap/settings' })).toHaveAttribute('data-href', '/c/real/api/v1/namespaces/fx/configmaps/settings', { timeout: 15_000 });
  await page.screenshot({ path: 'test-results/real-palette-by-name.png' });
});
