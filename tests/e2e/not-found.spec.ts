// What is not there, against the demo cluster: the palette never offers an object a GET finds absent, and says where
// the name is instead; a 404 page suggests the namespaces holding that name, or the resources a typo away.
import { expect, test } from '@playwright/test';

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw new Error(`page error: ${error.message}\n${error.stack ?? ''}`);
  });
});

test('`deploy/web` in a namespace without it: not offered there; demo/web, where it is, comes first', async ({ page }) => {
  await page.goto('/c/demo/apis/apps/v1/namespaces/kube-system/deployments');
  await expect(page.getByTestId('resource-table')).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('palette-open').click();
  await page.getByRole('combobox', { name: 'Jump to a resource' }).fill('deploy/web');
  const palette = page.getByTestId('command-palette');
  await expect(palette.getByRole('status')).toHaveText('No deployment/web in kube-system; found in demo.', { timeout: 10_000 });
  const options = palette.getByTestId('palette-option');
  await expect(options.first()).toHaveAttribute('data-href', '/c/demo/apis/apps/v1/namespaces/demo/deployments/web');
  await expect(palette.locator('[data-href="/c/demo/apis/apps/v1/namespaces/kube-system/deployments/web"]')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/not-found-palette.png' });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/namespaces\/demo\/deployments\/web$/);
  await expect(page.getByTestId('object-name')).toHaveText('web');
});

test('a 404 for an object names the namespaces where one of that name is, as links', async ({ page }) => {
  await page.goto('/c/demo/apis/apps/v1/namespaces/kube-system/deployments/web');
  await expect(page.getByTestId('kube-error').getByTestId('error-code')).toHaveText('404', { timeout: 15_000 });
  const help = page.getByTestId('not-found-help');
  await expect(help).toHaveText('No Deployment web in kube-system; there is one in demo.');
  await page.screenshot({ path: 'test-results/not-found-object.png' });
  await help.getByRole('link', { name: 'demo' }).click();
  await expect(page).toHaveURL(/\/namespaces\/demo\/deployments\/web$/);
  await expect(page.getByTestId('object-name')).toHaveText('web');
});

test('a resource this cluster does not serve (`deploymentz`): the ones a typo away are suggested', async ({ page }) => {
  await page.goto('/c/demo/apis/apps/v1/namespaces/demo/deploymentz/web');
  await expect(page.getByTestId('kube-error').getByTestId('error-code')).toHaveText('404', { timeout: 15_000 });
  const help = page.getByTestId('not-found-help');
  await expect(help).toContainText('This cluster serves no resource deploymentz in apps/v1. Did you mean deployments.apps');
  await help.getByRole('link', { name: 'deployments.apps' }).click();
  await expect(page).toHaveURL(/\/c\/demo\/apis\/apps\/v1\/namespaces\/demo\/deployments$/);
});

test('an unknown context (`demoo`): the contexts a typo away and the others, each linked to the same page', async ({ page }) => {
  await page.goto('/c/demoo/apis/apps/v1/namespaces/demo/deployments?filter=web');
  const help = page.getByTestId('unknown-context');
  await expect(help).toContainText('Kubeglass has no context named demoo', { timeout: 15_000 });
  await expect(help).toContainText('Did you mean demo? Each link opens this same page there.');
  await expect(help.getByRole('link', { name: 'demo-viewer' })).toHaveAttribute('href', '/c/demo-viewer/apis/apps/v1/namespaces/demo/deployments?filter=web');
  await page.screenshot({ path: 'test-results/not-found-context.png' });
  await help.getByRole('link', { name: 'demo', exact: true }).click();
  await expect(page).toHaveURL(/\/c\/demo\/apis\/apps\/v1\/namespaces\/demo\/deployments\?filter=web$/);
  await expect(page.getByTestId('row-web')).toBeVisible({ timeout: 15_000 });
});
