// The Helm releases view against the demo cluster's seeded releases: the list, release shop's history (revision 1
// superseded, 2 deployed), its manifest with an object linked to its page, a diff of revisions 1 and 2 with the
// frontend's changed image, the rollback preview's helm line, the 403 of a user who may not list Secrets, and the
// screens readable in the light and dark schemes.
import { expect, test, type Page } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';
import { expectReadable } from '../support/luminance.js';

const SHOTS = 'test-results/helm';
const k = (...args: string[]) => kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', `${test.info().project.use.baseURL}/k8s/demo`, ...args]);
const ROOT = '#root > div';

async function openShop(page: Page, query = '') {
  await page.goto(`/c/demo/-/helm/shop/shop${query}`);
  await expect(page.getByTestId('helm-release-chart')).toHaveText('shop-0.3.0', { timeout: 15_000 });
}

test('the header links to the releases; the list shows each release as helm list does', async ({ page }) => {
  await page.goto('/c/demo/api/v1/namespaces/shop/pods');
  await page.getByTestId('helm-link').click();
  await expect(page).toHaveURL(/\/c\/demo\/-\/helm\?namespace=shop$/);
  const row = page.getByTestId('helm-release-row');
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await expect(row.locator('td')).toHaveText(['shop', 'shop', '2', 'deployed', 'shop-0.3.0', '1.2.0', /\d+m/]);

  await page.getByTestId('helm-namespace').selectOption('');
  await expect(page).toHaveURL(/\/c\/demo\/-\/helm$/);
  await expect(row).toHaveCount(2);
  await expect(page.locator('[data-testid="helm-release-row"] td:first-child')).toHaveText(['hello', 'shop']);
  await expect(row.first().getByTestId('helm-chart')).toHaveText('hello-0.1.0');

  await row.last().getByRole('link', { name: 'shop' }).click();
  await expect(page).toHaveURL(/\/c\/demo\/-\/helm\/shop\/shop$/);
});

test('the history lists both revisions; the manifest links each object to its page', async ({ page }) => {
  await openShop(page);
  const history = page.getByTestId('helm-history-row');
  await expect(history).toHaveCount(2);
  await expect(history.nth(0).locator('td').nth(2)).toHaveText('deployed');
  await expect(history.nth(1).locator('td').nth(2)).toHaveText('superseded');
  await expect(history.nth(0).locator('td').nth(3)).toHaveText('shop-0.3.0');
  await expect(history.nth(1).locator('td').nth(3)).toHaveText('shop-0.2.0');
  await expect(history.nth(0).locator('td').nth(5)).toHaveText('Upgrade complete');
  await expect(history.nth(1).locator('td').nth(5)).toHaveText('Install complete');

  await page.getByRole('navigation', { name: 'Release views' }).getByRole('link', { name: 'Manifest' }).click();
  await expect(page).toHaveURL(/view=manifest/);
  const objects = page.getByTestId('helm-manifest-object');
  await expect(objects).toHaveCount(5);
  await expect(page.getByTestId('helm-manifest')).toContainText('image: "ghcr.io/kubeglass/shop-frontend:1.2.0"');
  await page.getByRole('link', { name: 'Open Deployment frontend' }).click();
  await expect(page).toHaveURL(/\/c\/demo\/apis\/apps\/v1\/namespaces\/shop\/deployments\/frontend$/);
  await expect(page.getByRole('heading', { name: /frontend/ }).first()).toBeVisible({ timeout: 15_000 });

  await page.goBack();
  await page.getByTestId('helm-revision').selectOption('1');
  await expect(page).toHaveURL(/view=manifest&revision=1/);
  await expect(page.getByTestId('helm-manifest')).toContainText('shop-frontend:1.1.0');
});

test('values: the user-supplied ones, the chart defaults on demand', async ({ page }) => {
  await openShop(page, '?view=values');
  await expect(page.getByTestId('helm-user-values')).toHaveText('settings:\n  currency: EUR\n  taxRate: "0.19"\nfrontend:\n  tag: 1.2.0\n');
  await expect(page.getByTestId('helm-chart-values')).toHaveCount(0);
  await page.getByTestId('helm-show-defaults').check();
  await expect(page).toHaveURL(/all=1/);
  await expect(page.getByTestId('helm-chart-values')).toContainText('image: ghcr.io/kubeglass/shop-frontend');
});

test('a diff of revisions 1 and 2 shows the changed image and value; the URL holds both revisions', async ({ page }) => {
  await openShop(page);
  await page.getByRole('link', { name: 'Diff revision 1 with 2' }).click();
  await expect(page).toHaveURL(/view=diff&from=1&to=2/);
  const changed = page.getByTestId('helm-changed-objects').locator('li');
  await expect(changed).toHaveText([/changed\s*ConfigMap shop-settings/, /changed\s*Deployment frontend/]);
  const manifestDiff = page.getByTestId('helm-manifest-diff');
  await expect(manifestDiff.locator('.monaco-diff-editor')).toBeVisible({ timeout: 15_000 });
  // Monaco draws each side's lines: the old image on the left, the new one on the right.
  await expect(manifestDiff.locator('.editor.original .view-lines')).toContainText('shop-frontend:1.1.0');
  await expect(manifestDiff.locator('.editor.modified .view-lines')).toContainText('shop-frontend:1.2.0');
  await expect(page.getByTestId('helm-values-diff').locator('.editor.modified .view-lines')).toContainText('taxRate: "0.19"');
  await page.screenshot({ path: `${SHOTS}/diff-light.png`, fullPage: true });

  await page.reload();
  await expect(page.getByTestId('helm-diff-from')).toHaveValue('1');
  await expect(page.getByTestId('helm-diff-to')).toHaveValue('2');
});

test('the rollback preview shows what helm rollback would apply and the line to run, and changes nothing', async ({ page }) => {
  await openShop(page);
  await page.getByRole('link', { name: 'Rollback preview to revision 1' }).click();
  await expect(page).toHaveURL(/view=rollback&to=1/);
  const origin = new URL(page.url()).origin;
  await expect(page.getByTestId('helm-rollback-command')).toHaveText(`helm rollback shop 1 -n shop --kubeconfig=/dev/null --kube-apiserver ${origin}/k8s/demo`);
  await expect(page.getByTestId('helm-changed-objects').locator('li')).toHaveText([/changed\s*ConfigMap shop-settings/, /changed\s*Deployment frontend/]);
  await expect(page.getByTestId('helm-manifest-diff').locator('.editor.modified .view-lines')).toContainText('shop-frontend:1.1.0');
  // Read-only: the release is as it was.
  await page.goto('/c/demo/-/helm/shop/shop');
  await expect(page.getByTestId('helm-history-row')).toHaveCount(2, { timeout: 15_000 });
});

test('keyboard: the views are links in tab order, a revision picked with the arrow keys', async ({ page }) => {
  await openShop(page);
  const views = page.getByRole('navigation', { name: 'Release views' });
  await views.getByRole('link', { name: 'Diff' }).focus();
  await page.keyboard.press('Tab');
  await expect(views.getByRole('link', { name: 'Rollback preview' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/view=rollback$/);
  const target = page.getByTestId('helm-rollback-to');
  await expect(target).toHaveValue('1');
  await target.focus();
  await page.keyboard.press('ArrowUp');
  await expect(page).toHaveURL(/view=rollback&to=2$/);
  await expect(page.getByTestId('helm-rollback-command')).toContainText('helm rollback shop 2 -n shop');
  await expect(page.getByTestId('helm-rollback-to')).toBeFocused();
});

test('a user who may not list Secrets gets the server\'s 403, explained', async ({ page }) => {
  await page.goto('/c/demo-viewer/-/helm?namespace=shop');
  const error = page.getByTestId('kube-error');
  await expect(error.getByTestId('error-code')).toHaveText('403', { timeout: 15_000 });
  await expect(error).toContainText('Listing the Helm release Secrets in namespace shop');
  await expect(page.getByTestId('can-i-ask')).toContainText('auth can-i list secrets -n shop');
});

test('a release Secret whose data is not a release is an error on screen, the rest of the page still there', async ({ page }) => {
  const secret = 'sh.helm.release.v1.broken.v1';
  // helm's string is base64 of something neither gzip nor JSON.
  const made = await k('-n', 'demo', 'create', 'secret', 'generic', secret, '--type=helm.sh/release.v1', `--from-literal=release=${Buffer.from('not a release').toString('base64')}`);
  expect(made.code, made.stderr).toBe(0);
  try {
    const labelled = await k('-n', 'demo', 'label', 'secret', secret, 'owner=helm', 'name=broken', 'status=deployed', 'version=1');
    expect(labelled.code, labelled.stderr).toBe(0);
    await page.goto('/c/demo/-/helm?namespace=demo');
    const row = page.locator('[data-testid="helm-release-row"][data-release="broken"]');
    await expect(row.getByTestId('helm-chart')).toHaveText('unreadable', { timeout: 15_000 });
    await expect(row.getByTestId('helm-chart')).toHaveAttribute('title', 'Not readable: The release data is neither gzip nor JSON');
    await row.getByRole('link', { name: 'broken' }).click();
    await expect(page.getByTestId('helm-revision-error').first()).toContainText('The release data is neither gzip nor JSON');
    await expect(page.getByTestId('helm-revision-error').first()).toContainText(`Reading revision 1 (Secret ${secret})`);
    await expect(page.getByTestId('helm-history-row')).toHaveCount(1);
    await expect(page.getByTestId('helm-history-row').locator('td').nth(2)).toHaveText('deployed');
    await page.screenshot({ path: `${SHOTS}/bad-data.png` });
  } finally {
    await k('-n', 'demo', 'delete', 'secret', secret);
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in the ${colorScheme} scheme`, () => {
    test.use({ colorScheme });
    test('the list and the release are readable', async ({ page }) => {
      await page.goto('/c/demo/-/helm');
      await expect(page.getByTestId('helm-release-row')).toHaveCount(2, { timeout: 15_000 });
      await expect(page.getByTestId('helm-chart').first()).toHaveText('hello-0.1.0');
      await expectReadable(page, '[data-testid="helm-releases"] td', ROOT);
      await page.screenshot({ path: `${SHOTS}/list-${colorScheme}.png` });
      await openShop(page, '?view=manifest');
      await expect(page.getByTestId('helm-manifest-object')).toHaveCount(5);
      await expectReadable(page, '[data-testid="helm-manifest-objects"] td', ROOT);
      await page.screenshot({ path: `${SHOTS}/manifest-${colorScheme}.png` });
      await openShop(page);
      await expectReadable(page, '[data-testid="helm-history"] td', ROOT);
      await page.screenshot({ path: `${SHOTS}/history-${colorScheme}.png` });
    });
  });
}
