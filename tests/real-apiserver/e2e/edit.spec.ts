// The edit screen against kube-apiserver 1.20.2: conflict-aware Save on a ConfigMap and a Deployment while
// kubectl (with the real kubeconfig) changes them, the server's 422 Status, and the fieldValidation fallback:
// 1.20 ignores fieldValidation=Strict and drops unknown fields silently, so the screen finds them first.
import { expect, test } from '@playwright/test';
import { createdInFx, realEditTarget } from '../../support/real-edit-target.js';
import { collectErrors, countPuts, editorLine } from '../../support/edit-screen.js';
import {
  addLineAfter,
  configMapConflictFlow,
  configMapMergeFlow,
  createDeployment,
  deploymentConflictFlow,
  deploymentInvalidFlow,
  deploymentMergeFlow,
  deploymentUrl,
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

test('an unknown field is listed before anything is sent (1.20 would drop it silently); Save anyway reports the drop', async ({ page }) => {
  const name = unique('edit-deploy-unknown');
  await createDeployment(target, name);
  await page.goto(deploymentUrl(target, name));
  await expect(editorLine(page, 'replicas: 1')).toBeVisible({ timeout: 15_000 });
  const puts = countPuts(page);
  await addLineAfter(page, 'replicas: 1', 'replicaz: 2');
  await editorLine(page, 'image: nginx:1.25').click();
  await page.keyboard.press('End');
  await page.keyboard.type('-alpine');
  await page.getByRole('button', { name: 'Save' }).click();

  const warning = page.getByTestId('unknown-fields');
  await expect(warning).toContainText('Not saved: 1 field is not in the Deployment schema.');
  await expect(warning).toContainText('This server (v1.20.2) does not check fields');
  await expect(warning).toContainText('spec.replicaz: not a field of Deployment; this server (v1.20.2) would drop it silently');
  await expect(page.getByTestId('monaco-editor').locator('.squiggly-error, .squiggly-warning, .squiggly-info').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/real-real-unknown-field.png' });
  expect(puts.count).toBe(0);

  // The line link puts the cursor on the field: what is typed next lands there.
  await warning.getByRole('button', { name: /^Line \d+$/ }).click();
  await page.keyboard.press('End');
  await page.keyboard.type('0');
  await expect(editorLine(page, 'replicaz: 20')).toBeVisible();
  // Editing drops the list; the next Save checks again.
  await expect(warning).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+s');
  await expect(warning).toContainText('spec.replicaz');
  expect(puts.count).toBe(0);

  await warning.getByRole('button', { name: 'Save anyway' }).click();
  await expect(page.getByTestId('saved')).toBeVisible();
  await expect(page.getByTestId('save-warnings')).toContainText('spec.replicaz was not saved: this server (v1.20.2) dropped it (not a field of Deployment)');
  await page.screenshot({ path: 'test-results/real-real-unknown-field-saved.png' });
  expect(puts.count).toBe(1);
  const saved = await getJson(target, 'deployment', name);
  expect(saved.spec.template.spec.containers[0].image).toBe('nginx:1.25-alpine');
  expect(saved.spec.replicas).toBe(1);
  expect(saved.spec.replicaz).toBeUndefined();
  // What the server stored is what the editor now shows: the dropped field is gone from the text too.
  await expect(editorLine(page, 'replicaz')).toHaveCount(0);
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
  // json-iterator's wording (1.20) or sigs.k8s.io/json's (1.37).
  await expect(error).toContainText(/ReadString: expects " or n, but found 8|json: cannot unmarshal number into Go struct field ConfigMap\.data of type string/);
  await expect(editorLine(page, 'port: 8080')).toBeVisible();
  await page.screenshot({ path: 'test-results/real-real-type-error.png' });
  expect((await getJson(target, 'configmap', name)).data).toEqual({ a: 'one' });
});
