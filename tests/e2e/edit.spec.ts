// Editing a ConfigMap in Monaco against the embedded demo cluster, while kubectl changes it from outside.
import { expect, test, type Page } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';
import { collectErrors } from '../support/edit-screen.js';
import { hoverUntilShown } from '../support/monaco-hover.js';

const server = () => `${test.info().project.use.baseURL}/k8s/demo`;
const k = (...args: string[]) => kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), ...args]);
const SHOTS = 'test-results/edit';

async function createConfigMap(name: string): Promise<void> {
  const created = await k('-n', 'default', 'create', 'configmap', name, '--from-literal=a=one', '--from-literal=b=two');
  expect(created.code, created.stderr).toBe(0);
}

async function serverData(name: string): Promise<Record<string, string>> {
  const r = await k('-n', 'default', 'get', 'configmap', name, '-o', 'json');
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { data: Record<string, string> }).data;
}

async function patchData(name: string, data: Record<string, string>): Promise<void> {
  const r = await k('-n', 'default', 'patch', 'configmap', name, '--type', 'merge', '-p', JSON.stringify({ data }));
  expect(r.code, r.stderr).toBe(0);
}

/** Counts the PUTs the page sends to the API. */
function countPuts(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/k8s/')) seen.count++;
  });
  return seen;
}

function editorLine(page: Page, text: string) {
  return page.getByTestId('monaco-editor').locator('.view-line', { hasText: text });
}

/** Puts the cursor at the end of the line showing `text` and types. */
async function typeAtEndOfLine(page: Page, text: string, typed: string): Promise<void> {
  await editorLine(page, text).first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(typed);
}

const editUrl = (name: string) => `/c/demo/api/v1/namespaces/default/configmaps/${name}?edit=1`;

test('an edit survives a reload and merges with a kubectl change of another key', async ({ page }) => {
  const errors = collectErrors(page);
  const name = `edit-merge-${Date.now()}`;
  await createConfigMap(name);
  await page.goto(`/c/demo/api/v1/namespaces/default/configmaps/${name}`);
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`${name}\\?edit=1$`));
  await expect(editorLine(page, 'a: one')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('hidden-fields-note')).toContainText('metadata.resourceVersion');
  await expect(page.getByTestId('monaco-editor')).not.toContainText('resourceVersion');
  const baseRv = (await page.getByTestId('base-resource-version').innerText()).replace(/\D+/g, '');

  await typeAtEndOfLine(page, 'a: one', '-mine');
  await expect(editorLine(page, 'a: one-mine')).toBeVisible();
  await expect(page.getByTestId('draft-state')).toHaveText('Draft kept in this browser');

  await page.reload();
  await expect(page.getByTestId('draft-restored')).toBeVisible();
  await expect(editorLine(page, 'a: one-mine')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('base-resource-version')).toContainText(baseRv);

  await patchData(name, { b: 'two-theirs' });
  await expect(page.getByTestId('server-changed')).toContainText('Changed on the server');
  await expect(page.getByTestId('server-changed-paths')).toContainText('data.b');
  // The live change never reaches the text.
  await expect(editorLine(page, 'b: two')).toBeVisible();
  await expect(page.getByTestId('monaco-editor')).not.toContainText('two-theirs');
  await page.screenshot({ path: `${SHOTS}/server-changed.png` });

  const puts = countPuts(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('merged')).toContainText('Merged with server changes');
  await expect(page.getByTestId('merged-paths')).toContainText('data.b');
  await expect(editorLine(page, 'b: two-theirs')).toBeVisible();
  await expect(editorLine(page, 'a: one-mine')).toBeVisible();
  expect(puts.count).toBe(1);
  expect(await serverData(name)).toEqual({ a: 'one', b: 'two-theirs' });
  await page.screenshot({ path: `${SHOTS}/merged.png` });

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('saved')).toContainText('New resourceVersion');
  expect(await serverData(name)).toEqual({ a: 'one-mine', b: 'two-theirs' });
  await expect(page.getByTestId('draft-state')).toHaveText('No changes');
  await page.reload();
  await expect(editorLine(page, 'a: one-mine')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('draft-restored')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/saved.png` });

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/configmaps/${name}$`));
  await expect(page.getByTestId('object-yaml')).toContainText('a: one-mine');
  expect(errors).toEqual([]);
});

test('the cluster\'s OpenAPI drives hover and validation in the editor', async ({ page }) => {
  const name = `edit-schema-${Date.now()}`;
  await createConfigMap(name);
  await page.goto(editUrl(name));
  await expect(editorLine(page, 'a: one')).toBeVisible({ timeout: 15_000 });
  // One CI run hovered before the hover had the schema's text: hover again until it shows.
  const objectMeta = page.locator('.monaco-hover').filter({ hasText: 'ObjectMeta is metadata that all persisted resources must have' });
  await hoverUntilShown(page, editorLine(page, 'metadata:').locator('span', { hasText: 'metadata' }).first(), objectMeta);
  await page.mouse.move(700, 700);
  await expect(page.locator('.monaco-hover').filter({ hasText: 'ObjectMeta' })).toBeHidden();
  await typeAtEndOfLine(page, 'kind: ConfigMap', 'X');
  await expect(page.getByTestId('monaco-editor').locator('.squiggly-error, .squiggly-warning').first()).toBeVisible({ timeout: 10_000 });
  await page.screenshot({ path: `${SHOTS}/schema.png` });
});

test('the same key changed with kubectl opens the conflict view and the user\'s text wins', async ({ page }) => {
  const name = `edit-conflict-${Date.now()}`;
  await createConfigMap(name);
  await page.goto(editUrl(name));
  await expect(editorLine(page, 'a: one')).toBeVisible({ timeout: 15_000 });
  await typeAtEndOfLine(page, 'a: one', '-mine');
  await patchData(name, { a: 'one-theirs' });
  await expect(page.getByTestId('server-changed-paths')).toContainText('data.a');

  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByTestId('conflict')).toContainText('Conflict with server changes');
  await expect(page.getByTestId('conflict-paths')).toContainText('data.a');
  const diff = page.getByTestId('monaco-diff-editor');
  await expect(diff.locator('.editor.original .view-line', { hasText: 'a: one-theirs' })).toBeVisible();
  await expect(diff.locator('.editor.modified .view-line', { hasText: 'a: one-mine' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/conflict.png` });

  // Resolve on the right side: keep mine, and add a note.
  await diff.locator('.editor.modified .view-line', { hasText: 'a: one-mine' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type('-resolved');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('saved')).toBeVisible();
  expect(await serverData(name)).toEqual({ a: 'one-mine-resolved', b: 'two' });
});

test('invalid YAML and a changed name are refused before anything is sent; the text is kept', async ({ page }) => {
  const name = `edit-invalid-${Date.now()}`;
  await createConfigMap(name);
  await page.goto(editUrl(name));
  await expect(editorLine(page, 'a: one')).toBeVisible({ timeout: 15_000 });
  const puts = countPuts(page);

  await typeAtEndOfLine(page, 'a: one', ' b: c');
  await page.keyboard.press('ControlOrMeta+s');
  const yamlError = page.getByTestId('yaml-error');
  await expect(yamlError).toContainText('the YAML does not parse');
  // kind, apiVersion, metadata, name, namespace, data, then `  a: one b: c` on line 7.
  await expect(yamlError).toContainText(/Line 7, column \d+/);
  await expect(page.getByTestId('monaco-editor').locator('.squiggly-error').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/invalid-yaml.png` });
  for (let i = 0; i < ' b: c'.length; i++) await page.keyboard.press('Backspace');
  await expect(yamlError).toHaveCount(0);

  await typeAtEndOfLine(page, `name: ${name}`, '-renamed');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('identity-error')).toContainText(`metadata.name is "${name}-renamed"`);
  await page.screenshot({ path: `${SHOTS}/renamed.png` });
  expect(puts.count).toBe(0);
  expect(await serverData(name)).toEqual({ a: 'one', b: 'two' });

  await page.getByRole('button', { name: 'Discard' }).click();
  // Typed text is dropped only once confirmed.
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(editorLine(page, `name: ${name}`)).toBeVisible();
  await expect(page.getByTestId('monaco-editor')).not.toContainText('-renamed');
});
