// The edit screen against a real apiserver: conflict-aware Save on a ConfigMap and a Deployment while kubectl (with
// the real kubeconfig) changes them, the server's 422 and 400 Status. Unknown fields: edit-unknown-field.*.spec.ts.
import { expect, test } from '@playwright/test';
import { MODERN } from '../tier.js';
import { createdInFx, realEditTarget } from '../../support/real-edit-target.js';
import { collectErrors, editorLine } from '../../support/edit-screen.js';
import {
  addLineAfter,
  configMapConflictFlow,
  configMapMergeFlow,
  deploymentConflictFlow,
  deploymentInvalidFlow,
  deploymentMergeFlow,
  getJson,
} from '../../support/edit-flows.js';

const target = realEditTarget('test-results/real-real');
const unique = createdInFx(target);

test('ConfigMap: an edit survives a reload and merges with a kubectl change of another key', async ({ page }) => {
  const errors = collectErrors(page);
  await configMapMergeFlow(page, target, unique('edit-cm-merge', 'configmap'));
  expect(errors).toEqual([]);
});

test('ConfigMap: the same key changed with kubectl opens the conflict view; the user\'s text wins', async ({ page }) => {
  await configMapConflictFlow(page, target, unique('edit-cm-conflict', 'configmap'));
});

test('Deployment: an edit survives a reload and merges with kubectl scale and label', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = collectErrors(page);
  await deploymentMergeFlow(page, target, unique('edit-deploy-merge'));
  expect(errors).toEqual([]);
});

test('Deployment: kubectl set image on the edited image opens the conflict view; the user\'s resolution is saved', async ({ page }) => {
  await deploymentConflictFlow(page, target, unique('edit-deploy-conflict'));
});

test('Deployment: the server\'s 422 with causes leading to their lines; a wrong apiVersion/kind is refused before sending', async ({ page }) => {
  await deploymentInvalidFlow(page, target, unique('edit-deploy-invalid'));
});

test('a value of the wrong type is the server\'s 400, shown with the text kept', async ({ page }) => {
  const name = unique('edit-cm-type', 'configmap');
  await target.kubectl('-n', 'fx', 'create', 'configmap', name, '--from-literal=a=one');
  await page.goto(`/c/real/api/v1/namespaces/fx/configmaps/${name}?edit=1`);
  await expect(editorLine(page, 'a: one')).toBeVisible({ timeout: 15_000 });
  await addLineAfter(page, 'a: one', 'port: 8080');
  await page.getByRole('button', { name: 'Save' }).click();
  const error = page.getByTestId('save-error');
  await expect(error.getByTestId('error-code')).toHaveText('400');
  await expect(error).toContainText('ConfigMap in version "v1" cannot be handled as a ConfigMap');
  // 1.20.2 decodes with json-iterator; current releases with the standard library's decoder.
  await expect(error).toContainText(MODERN ? 'json: cannot unmarshal number into Go struct field ConfigMap.data of type string' : 'ReadString: expects " or n, but found 8');
  await expect(editorLine(page, 'port: 8080')).toBeVisible();
  await page.screenshot({ path: 'test-results/real-real-type-error.png' });
  expect((await getJson(target, 'configmap', name)).data).toEqual({ a: 'one' });
});
