// Explain against the demo cluster: the palette path, a CRD's schema, the field search and the list page's link.
import { expect, test } from '@playwright/test';
import { expectDeploymentStrategy, expectGadgetMode, explainFromPalette, gadgetCrd } from '../support/explain-screen.js';
import { kubectl } from '../support/kubectl.js';

const server = () => `${test.info().project.use.baseURL}/k8s/demo`;
const k = (...args: string[]) => kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), ...args]);

test('`explain deployment.spec.strategy` in the palette opens the field with its type, description and patch strategy', async ({ page }) => {
  await page.goto('/c/demo/api/v1/namespaces/default/pods');
  await expect(page.getByRole('navigation', { name: 'Resources' }).getByTestId('api-group').first()).toBeVisible();
  await explainFromPalette(page, 'deployment.spec.strategy');
  await expect(page).toHaveURL(/\/c\/demo\/-\/explain\?resource=deployments\.apps&field=spec\.strategy$/);
  await expectDeploymentStrategy(page);
  const header = page.getByTestId('explain-header');
  await expect(header.getByTestId('explain-group')).toHaveText('apps');
  await expect(header.getByTestId('explain-short-names')).toHaveText('deploy');
  await expect(header.getByTestId('explain-subresources')).toContainText('scale');
  await expect(header.getByTestId('explain-version').first()).toContainText('v1preferred');
  await page.screenshot({ path: 'test-results/explain-deployment-strategy.png', fullPage: true });

  // Keyboard: Right opens the focused field, Down moves into it, Enter opens that field.
  const row = page.getByTestId('explain-tree').locator('[data-path="spec.strategy.rollingUpdate"]');
  await row.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('explain-tree').locator('[data-path="spec.strategy.rollingUpdate.maxSurge"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/field=spec\.strategy\.rollingUpdate\.maxSurge$/);
  await expect(page.getByTestId('explain-field-type')).toHaveText('<int-or-string>');
});

test('an unknown field names the nearest parent and suggests the close names', async ({ page }) => {
  await page.goto('/c/demo/-/explain?resource=deploy&field=spec.stratgy');
  const error = page.getByTestId('explain-error');
  await expect(error).toContainText('Field “stratgy” does not exist in Deployment.spec.');
  await error.getByRole('link', { name: 'spec.strategy' }).click();
  await expectDeploymentStrategy(page);
  await page.goto('/c/demo/-/explain?resource=deploymnts');
  await expect(page.getByTestId('explain-error')).toContainText('the server doesn\'t have a resource type "deploymnts"');
  await expect(page.getByTestId('explain-suggestions')).toContainText('deployments.apps');
});

test('a CRD\'s fields show its schema\'s descriptions and enums; the field search finds them', async ({ page }) => {
  const apply = await kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), 'apply', '-f', '-'], { input: gadgetCrd('explain.kubeglass.dev') });
  expect(apply.code, apply.stderr).toBe(0);
  try {
    await page.goto('/c/demo/-/explain?resource=gdt&field=spec.mode');
    await expectGadgetMode(page);
    await expect(page.getByTestId('explain-header').getByTestId('explain-kind')).toHaveText('Gadget');
    await page.getByRole('searchbox', { name: 'Search fields' }).fill('gadget runs');
    const hits = page.getByTestId('explain-search-hit');
    await expect(hits).toHaveCount(1);
    await expect(hits.first()).toContainText('spec.mode');
    await page.screenshot({ path: 'test-results/explain-crd-search.png', fullPage: true });
    await page.getByRole('searchbox', { name: 'Search fields' }).fill('replicas');
    await hits.first().getByRole('link', { name: 'spec.replicas' }).click();
    await expect(page).toHaveURL(/field=spec\.replicas$/);
    await expect(page.getByTestId('explain-field-description')).toHaveText('How many gadgets.');
  } finally {
    await k('delete', 'crd', 'gadgets.explain.kubeglass.dev', '--wait=false');
  }
});

test('the list page\'s Explain link opens the reference of the listed resource version', async ({ page }) => {
  await page.goto('/c/demo/api/v1/namespaces/default/configmaps');
  await page.getByTestId('explain-link').click();
  await expect(page).toHaveURL(/\/c\/demo\/-\/explain\?resource=configmaps&version=v1$/);
  await expect(page.getByTestId('explain-field-path')).toHaveText('ConfigMap');
  await expect(page.getByTestId('explain-tree').locator('[data-path="data"]')).toContainText('<map[string]string>');
  await expect(page.getByTestId('explain-header').getByTestId('explain-short-names')).toHaveText('cm');
});

test('Explain scrolls in its own pane: the header and the navigator stay where they are', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/c/demo/-/explain?resource=pods&field=spec.containers');
  await expect(page.getByTestId('explain-tree').locator('[data-path="spec.containers"]')).toBeVisible({ timeout: 15_000 });
  const pane = page.getByTestId('explain-page');
  await pane.hover();
  await page.mouse.wheel(0, 3000);
  await expect.poll(() => pane.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  // The window itself never scrolled.
  expect(await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)).toBe(0);
  await expect(page.getByRole('banner')).toBeInViewport({ ratio: 1 });
  expect((await page.getByRole('banner').boundingBox())?.y).toBe(0);
  // The navigator ends at the window's bottom, not below it.
  const nav = await page.getByRole('navigation', { name: 'Resources' }).boundingBox();
  expect((nav?.y ?? 0) + (nav?.height ?? 0)).toBeLessThanOrEqual(600);
  await page.screenshot({ path: 'test-results/explain-scrolled.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'test-results/explain-scrolled-dark.png' });
});
