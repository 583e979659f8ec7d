// The edit screen against a current apiserver, which checks fields itself: Kubeglass saves with
// fieldValidation=Strict, so a typo is the server's 400 and nothing is stored; the text is kept to fix.
import { expect, test } from '@playwright/test';
import { createdInFx, realEditTarget } from '../../support/real-edit-target.js';
import { countPuts, editorLine } from '../../support/edit-screen.js';
import { addLineAfter, createDeployment, deploymentUrl, getJson } from '../../support/edit-flows.js';

const target = realEditTarget('test-results/real-real');
const unique = createdInFx(target);

test('an unknown field is refused by the server (strict decoding), the draft kept; without it the save goes through', async ({ page }) => {
  const name = unique('edit-deploy-unknown');
  await createDeployment(target, name);
  await page.goto(deploymentUrl(target, name));
  await expect(editorLine(page, 'replicas: 1')).toBeVisible({ timeout: 15_000 });
  const puts = countPuts(page);
  await addLineAfter(page, 'replicas: 1', 'replicaz: 2');
  await editorLine(page, 'image: nginx:1.25').click();
  await page.keyboard.press('End');
  await page.keyboard.type('-alpine');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  const error = page.getByTestId('save-error');
  await expect(error.getByTestId('error-code')).toHaveText('400');
  await expect(error).toContainText('strict decoding error: unknown field "spec.replicaz"');
  // Nothing checked it before sending: this server does.
  await expect(page.getByTestId('unknown-fields')).toHaveCount(0);
  await expect(editorLine(page, 'replicaz: 2')).toBeVisible();
  await page.screenshot({ path: 'test-results/real-modern-unknown-field.png' });
  expect(puts.count).toBe(1);
  expect((await getJson(target, 'deployment', name)).spec.template.spec.containers[0].image).toBe('nginx:1.25');

  await editorLine(page, 'replicaz: 2').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect(editorLine(page, 'replicaz')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('saved')).toBeVisible();
  expect(puts.count).toBe(2);
  const saved = await getJson(target, 'deployment', name);
  expect(saved.spec.template.spec.containers[0].image).toBe('nginx:1.25-alpine');
  expect(saved.spec.replicaz).toBeUndefined();
});
