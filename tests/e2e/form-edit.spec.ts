// The Form view of the edit screen against the embedded demo cluster: edits through the form reach the YAML (its
// comments kept) and the server; the server's 422 and a concurrent kubectl change reach the form.
import { expect, test } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';
import { collectErrors } from '../support/edit-screen.js';
import type { EditTarget } from '../support/edit-flows.js';
import { form422Flow, formCustomResourceFlow, formDeploymentFlow, formEnvVarFlow, formInvalidQuantityFlow, formLabelFlow, formMergeFlow, formReadOnlyFlow } from '../support/form-edit-flows.js';

const target = (): EditTarget => ({
  context: 'demo',
  namespace: 'default',
  kubectl: (...args) => kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', `${test.info().project.use.baseURL}/k8s/demo`, ...args]),
  shots: 'test-results/demo',
});
const created: string[] = [];
const crds: string[] = [];
/** A Deployment name for this test, deleted after it. */
const unique = (prefix: string) => {
  const name = `${prefix}-${Date.now()}`;
  created.push(name);
  return name;
};

test.afterEach(async () => {
  for (const name of created.splice(0)) await target().kubectl('-n', 'default', 'delete', 'deployment', name, '--ignore-not-found');
  for (const name of crds.splice(0)) await target().kubectl('delete', 'crd', name, '--ignore-not-found');
});

test('replicas, image and an env var changed in the form follow in the YAML with its comment, and are saved', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = collectErrors(page);
  await formDeploymentFlow(page, target(), unique('form-deploy'));
  expect(errors).toEqual([]);
});

test('an env var is added to a container in one step, written in block style, and saved', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = collectErrors(page);
  await formEnvVarFlow(page, target(), unique('form-env'));
  expect(errors).toEqual([]);
});

test('a label added in the YAML shows in the form; a label added in the form is checked and saved', async ({ page }) => {
  await formLabelFlow(page, target(), unique('form-labels'));
});

test('an invalid quantity is refused in the form before anything is sent', async ({ page }) => {
  await formInvalidQuantityFlow(page, target(), unique('form-quantity'));
});

test("the server's 422 marks the form field", async ({ page }) => {
  await form422Flow(page, target(), unique('form-422'));
});

test('a kubectl change during a form edit merges like the YAML editor', async ({ page }) => {
  test.setTimeout(60_000);
  await formMergeFlow(page, target(), unique('form-merge'));
});

test('the viewer (demo-viewer) sees the form read-only with the reason, and nothing in it offers a change', async ({ page }) => {
  const errors = collectErrors(page);
  await formReadOnlyFlow(page, target(), 'demo-viewer', unique('form-viewer'));
  expect(errors).toEqual([]);
});

test('a custom resource of a CRD created in the test is edited through its generated form', async ({ page }) => {
  test.setTimeout(60_000);
  crds.push(`turbines.e2e${Date.now()}.kubeglass.dev`);
  const group = (crds[0] ?? '').replace(/^turbines\./, '');
  await formCustomResourceFlow(page, target(), group);
});

test('the seeded PowerPlant has a form with its deep schema: enums, int-or-string, list keys, embedded YAML', async ({ page }) => {
  await page.goto('/c/demo/apis/energy.kubeglass.dev/v1/namespaces/demo/powerplants/riverside?edit=1');
  await page.getByRole('tab', { name: 'Form', exact: true }).click();
  const form = page.getByRole('form');
  // The plant's watts, then each generator's.
  await expect(form.getByRole('textbox', { name: 'watts', exact: true })).toHaveCount(3);
  await expect(form.getByRole('textbox', { name: 'watts', exact: true }).first()).toHaveValue('1200000');
  await expect(form.getByRole('combobox', { name: 'mode', exact: true })).toHaveValue('hydro');
  await expect(form.getByRole('group', { name: 'generators: dam-2' })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'maxOutage', exact: true })).toHaveValue('25%');
  await expect(form.getByRole('textbox', { name: 'tuning', exact: true })).toHaveValue(/vendor: acme/);
  await form.getByRole('textbox', { name: 'watts', exact: true }).first().fill('0');
  await expect(page.locator('[data-testid="form-field-problems"][data-field="spec.watts"]')).toContainText('should be greater than or equal to 1');
  await page.screenshot({ path: 'test-results/demo-form-powerplant.png', fullPage: true });
});
