// Switching the context keeps the place: the same object where the other context can read it, else the list, in the
// same namespace where the other context has access, and a note saying what could not be kept.
import { expect, test } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';

const SHOTS = 'test-results/context-switch';
const server = () => `${test.info().project.use.baseURL}/k8s/demo`;

test('the same object in the other context, when it can read it', async ({ page }) => {
  await page.goto('/c/demo/apis/apps/v1/namespaces/demo/deployments/web');
  await expect(page.getByTestId('object-name')).toHaveText('web', { timeout: 15_000 });
  await page.getByTestId('context-picker').selectOption('demo-viewer');
  await expect(page).toHaveURL(/\/c\/demo-viewer\/apis\/apps\/v1\/namespaces\/demo\/deployments\/web$/);
  await expect(page.getByTestId('object-name')).toHaveText('web');
  await expect(page.getByTestId('context-switch-note')).toHaveCount(0);

  // A list keeps its selectors.
  await page.goto('/c/demo/api/v1/namespaces/demo/pods?labelSelector=app%3Dweb');
  await page.getByTestId('context-picker').selectOption('demo-viewer');
  await expect(page).toHaveURL(/\/c\/demo-viewer\/api\/v1\/namespaces\/demo\/pods\?labelSelector=app%3Dweb$/);
});

test('the list when the object cannot be read there, and the own namespace when the namespace is out of reach, said so', async ({ page }) => {
  const name = `switch-${Date.now()}`;
  const made = await kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), '-n', 'demo', 'create', 'secret', 'generic', name, '--from-literal=a=b']);
  expect(made.code, made.stderr).toBe(0);
  await page.goto(`/c/demo/api/v1/namespaces/demo/secrets/${name}`);
  await expect(page.getByTestId('object-name')).toHaveText(name, { timeout: 15_000 });
  await page.getByTestId('context-picker').selectOption('demo-viewer');
  await expect(page).toHaveURL(/\/c\/demo-viewer\/api\/v1\/namespaces\/demo\/secrets$/);
  const note = page.getByTestId('context-switch-note');
  await expect(note).toHaveText(`demo-viewer cannot read secrets "${name}" in namespace demo (not found, or not allowed): showing the list.Dismiss`);
  await expect(note).toHaveAttribute('role', 'status');
  await page.screenshot({ path: `${SHOTS}-object-light.png` });

  await page.goto('/c/demo/apis/apps/v1/namespaces/demo/deployments/web');
  await expect(page.getByTestId('object-name')).toHaveText('web', { timeout: 15_000 });
  await page.getByTestId('context-picker').selectOption('demo-developer');
  await expect(page).toHaveURL(/\/c\/demo-developer\/apis\/apps\/v1\/namespaces\/shop\/deployments$/);
  await expect(note).toHaveText('demo-developer has no access in namespace demo: showing namespace shop.Dismiss');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${SHOTS}-namespace-dark.png` });
  await note.getByRole('button', { name: 'Dismiss' }).click();
  await expect(note).toHaveCount(0);
});

test('a tool page stays the same tool', async ({ page }) => {
  await page.goto('/c/demo/-/access?namespace=shop');
  await expect(page.getByTestId('access-matrix')).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('context-picker').selectOption('demo-developer');
  await expect(page).toHaveURL(/\/c\/demo-developer\/-\/access\?namespace=shop$/);
});
