// The Form view of the edit screen against kube-apiserver 1.20.2 (OpenAPI v2 only: the form is built from the v2
// fallback): the same flows as the demo tier, with kubectl on the real kubeconfig as the other client.
import { expect, test } from '@playwright/test';
import { createdInFx, realEditTarget } from '../../support/real-edit-target.js';
import { collectErrors } from '../../support/edit-screen.js';
import { form422Flow, formCustomResourceFlow, formDeploymentFlow, formInvalidQuantityFlow, formLabelFlow, formMergeFlow, formReadOnlyFlow } from '../../support/form-edit-flows.js';

const target = realEditTarget('test-results/real-real');
const unique = createdInFx(target);
const crds: string[] = [];

test.afterEach(async () => {
  for (const name of crds.splice(0)) await target.kubectl('delete', 'crd', name, '--ignore-not-found');
});

test('replicas, image and an env var changed in the form follow in the YAML with its comment, and are saved', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = collectErrors(page);
  await formDeploymentFlow(page, target, unique('form-deploy'));
  expect(errors).toEqual([]);
});

test('a label added in the YAML shows in the form; a label added in the form is checked and saved', async ({ page }) => {
  await formLabelFlow(page, target, unique('form-labels'));
});

test('an invalid quantity is refused in the form before anything is sent', async ({ page }) => {
  await formInvalidQuantityFlow(page, target, unique('form-quantity'));
});

test("the server's 422 marks the form field", async ({ page }) => {
  await form422Flow(page, target, unique('form-422'));
});

test('a kubectl change during a form edit merges like the YAML editor', async ({ page }) => {
  test.setTimeout(60_000);
  await formMergeFlow(page, target, unique('form-merge'));
});

test('a custom resource of a CRD created in the test is edited through its generated form', async ({ page }) => {
  test.setTimeout(90_000);
  const group = `e2e${Date.now()}.kubeglass.dev`;
  crds.push(`turbines.${group}`);
  await formCustomResourceFlow(page, target, group);
});

test('the viewer (real-viewer, bound to view) sees the form read-only with the reason, and nothing in it offers a change', async ({ page }) => {
  const errors = collectErrors(page);
  await formReadOnlyFlow(page, target, 'real-viewer', unique('form-viewer'));
  expect(errors).toEqual([]);
});
