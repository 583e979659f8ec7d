// The edit screen against kube-apiserver 1.20.2, which ignores fieldValidation=Strict and drops unknown fields
// silently: the screen finds them first, from the server's schema.
import { expect, test } from '@playwright/test';
import { createdInFx, realEditTarget } from '../../support/real-edit-target.js';
import { countPuts, editorLine } from '../../support/edit-screen.js';
import { addLineAfter, createDeployment, deploymentUrl, getJson } from '../../support/edit-flows.js';

const target = realEditTarget('test-results/real-real');
const unique = createdInFx(target);

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
