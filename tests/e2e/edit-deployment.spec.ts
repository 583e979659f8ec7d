// Editing a Deployment in Monaco against the embedded demo cluster while kubectl changes it (the ConfigMap
// flows are in edit.spec.ts). The demo cluster honours fieldValidation=Strict: unknown fields come back as 400.
import { expect, test } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';
import { collectErrors, countPuts, editorLine } from '../support/edit-screen.js';
import { addLineAfter, deploymentConflictFlow, deploymentInvalidFlow, deploymentMergeFlow, deploymentUrl, createDeployment, getJson, type EditTarget } from '../support/edit-flows.js';

const target = (): EditTarget => ({
  context: 'demo',
  namespace: 'default',
  kubectl: (...args) => kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', `${test.info().project.use.baseURL}/k8s/demo`, ...args]),
  shots: 'test-results/real-demo',
});
const created: string[] = [];
/** A Deployment name for this test, deleted after it: its pods (the demo runs controllers) must not outlive the test. */
const unique = (prefix: string) => {
  const name = `${prefix}-${Date.now()}`;
  created.push(name);
  return name;
};

test.afterEach(async () => {
  for (const name of created.splice(0)) await target().kubectl('-n', 'default', 'delete', 'deployment', name, '--ignore-not-found');
});

test('a Deployment edit survives a reload and merges with kubectl scale and label', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = collectErrors(page);
  await deploymentMergeFlow(page, target(), unique('edit-deploy-merge'));
  expect(errors).toEqual([]);
});

test('kubectl set image on the edited image opens the conflict view; the user\'s resolution is saved', async ({ page }) => {
  await deploymentConflictFlow(page, target(), unique('edit-deploy-conflict'));
});

test('an invalid Deployment gets the server\'s 422 with causes leading to their lines; a wrong apiVersion/kind is refused', async ({ page }) => {
  await deploymentInvalidFlow(page, target(), unique('edit-deploy-invalid'));
});

test('an unknown field is refused by the server (fieldValidation=Strict), not warned about client-side', async ({ page }) => {
  const t = target();
  const name = unique('edit-deploy-strict');
  await createDeployment(t, name);
  await page.goto(deploymentUrl(t, name));
  await expect(editorLine(page, 'replicas: 1')).toBeVisible({ timeout: 15_000 });
  const puts = countPuts(page);
  await addLineAfter(page, 'replicas: 1', 'replicaz: 2');
  await page.getByRole('button', { name: 'Save' }).click();
  const error = page.getByTestId('save-error');
  await expect(error.getByTestId('error-code')).toHaveText('400');
  await expect(error).toContainText('strict decoding error: unknown field "spec.replicaz"');
  await expect(page.getByTestId('unknown-fields')).toHaveCount(0);
  expect(puts.count).toBeGreaterThanOrEqual(1);
  await expect(editorLine(page, 'replicaz: 2')).toBeVisible();
  expect((await getJson(t, 'deployment', name)).spec.replicaz).toBeUndefined();
  await page.screenshot({ path: 'test-results/real-demo-deployment-strict.png' });
});

test('after a Save, the controller\'s own write is followed quietly: no warning banner, the text is the server\'s; Discard of nothing asks nothing', async ({ page }) => {
  const name = unique('edit-deploy-after-save');
  await createDeployment(target(), name);
  await page.goto(deploymentUrl(target(), name));
  await expect(editorLine(page, 'image: nginx:1.25')).toBeVisible({ timeout: 15_000 });
  await editorLine(page, 'image: nginx:1.25').click();
  await page.keyboard.press('End');
  await page.keyboard.type('-alpine');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('saved')).toContainText('Saved.');
  // The Deployment controller bumps deployment.kubernetes.io/revision for the new template: told in one grey line.
  await expect(page.getByTestId('server-followed')).toContainText('deployment.kubernetes.io/revision', { timeout: 15_000 });
  await expect(page.getByTestId('server-changed')).toHaveCount(0);
  await expect(editorLine(page, 'deployment.kubernetes.io/revision: "2"')).toBeVisible();
  await page.screenshot({ path: 'test-results/edit-after-save-followed.png' });
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByTestId('discard-confirm')).toHaveCount(0);
  await expect(editorLine(page, 'image: nginx:1.25-alpine')).toBeVisible();
});
