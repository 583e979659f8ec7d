// Writes that fail mid-way (Save, server-side Apply, Create, Delete): the outcome line says what is known, Check now tells done or not
// done from one GET, the draft survives a reload, and the request console shows the write sent once, never resent.
// Two ways to fail: a 503 fault before the demo cluster acts, or the answer cut after it acted (page.route).
import { expect, test, type Page } from '@playwright/test';
import { editorLine, typeAtEndOfLine } from '../../support/edit-screen.js';
import { pickPatchType } from '../../support/preview-screen.js';
import { FaultControl } from './fault-control.js';
import { recordEdits } from './figures.js';

const base = (): string => test.info().project.use.baseURL ?? '';
const COLLECTION = '/api/v1/namespaces/default/configmaps';
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;

async function createConfigMap(page: Page, name: string): Promise<void> {
  const r = await page.request.post(`${base()}/k8s/demo${COLLECTION}`, { data: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { a: 'one' } } });
  expect(r.status(), await r.text()).toBe(201);
}

async function getConfigMap(page: Page, name: string): Promise<{ status: number; data?: Record<string, string>; resourceVersion?: string }> {
  const r = await page.request.get(`${base()}/k8s/demo${COLLECTION}/${name}`);
  if (r.status() !== 200) return { status: r.status() };
  const body = (await r.json()) as { data?: Record<string, string>; metadata: { resourceVersion?: string } };
  return { status: 200, data: body.data, resourceVersion: body.metadata.resourceVersion };
}

/** Lets the write reach the server, then cuts its answer: the browser sees a dropped connection after the write was applied. */
async function dropAnswerAfterApplied(page: Page, method: string, path: RegExp): Promise<void> {
  await page.route(path, async (route) => {
    if (route.request().method() !== method || route.request().url().includes('dryRun=')) return route.fallback();
    await route.fetch();
    await route.abort('connectionreset');
  });
}

/** The request console's rows of `method` whose path holds `path` (dry runs left out when asked). */
async function consoleRows(page: Page, method: string, path: string, { dryRuns = true } = {}): Promise<number> {
  await page.getByTestId('requests-button').click();
  const requests = page.getByRole('dialog', { name: 'API requests' });
  await requests.getByRole('combobox', { name: 'Method' }).selectOption(method);
  await requests.getByRole('textbox', { name: 'Filter requests' }).fill(path);
  await expect(requests.getByTestId('request-row').first()).toBeVisible();
  const texts = await requests.getByTestId('request-row').allInnerTexts();
  const rows = texts.filter((text) => dryRuns || !text.includes('dryRun=')).length;
  await requests.getByRole('button', { name: 'Close requests' }).click();
  await expect(requests).toBeHidden();
  return rows;
}

const editorText = async (page: Page) => ((await page.getByTestId('monaco-editor').locator('.view-lines').innerText()) || '').replace(/\u00a0/g, ' ');

/** The answer was cut after the server acted: unknown at first, then Check now finds the change, and nothing offers to send it again. */
async function expectCheckDone(page: Page, name: string, again: string) {
  const outcome = page.getByTestId('write-outcome');
  await expect(outcome.getByRole('status')).toHaveText(/^Unknown: The connection failed before an answer came/);
  await outcome.getByRole('button', { name: 'Check now' }).click();
  const after = await getConfigMap(page, name);
  expect(after.data).toEqual({ a: 'one-mine' });
  await expect(outcome.getByRole('status')).toHaveText(`Done: the server has your change (resourceVersion ${after.resourceVersion}).`);
  await expect(outcome.getByRole('button', { name: again })).toHaveCount(0);
  return { outcome, after };
}

/** After a reload the draft is offered back holding `line`; recorded as one edit, lost or not. */
async function expectDraftKept(page: Page, line: string, scenario: string): Promise<void> {
  await page.reload();
  await expect(page.getByTestId('draft-restored')).toBeVisible({ timeout: 15_000 });
  await expect(editorLine(page, line)).toBeVisible({ timeout: 15_000 });
  const lost = (await editorText(page)).includes(line) ? 0 : 1;
  recordEdits({ scenario, edits: 1, lost });
  expect(lost).toBe(0);
}

test.afterEach(async ({ page }) => {
  await new FaultControl(page.request, base()).clear();
});

test('Save answered 503 before the server acted: unknown, Check now says not done, one PUT, the draft survives a reload', async ({ page }) => {
  test.slow();
  const name = unique('wf-save');
  await createConfigMap(page, name);
  const before = await getConfigMap(page, name);
  await page.goto(`/c/demo${COLLECTION}/${name}?edit=1`);
  await expect(editorLine(page, 'a: one')).toBeVisible({ timeout: 15_000 });
  await new FaultControl(page.request, base()).setRules([{ path: `^${COLLECTION}/${name}$`, methods: ['PUT'], status: 503, times: 1 }]);

  await typeAtEndOfLine(page, 'a: one', '-mine');
  await page.getByTestId('save-button').click();
  const outcome = page.getByTestId('write-outcome');
  await expect(outcome.getByRole('status')).toHaveText(/^Unknown: The server answered 503 ServiceUnavailable: the write may have been applied or not\./);
  await expect(page.getByTestId('save-error').getByTestId('error-code')).toHaveText('503');
  await outcome.getByRole('button', { name: 'Check now' }).click();
  await expect(outcome.getByRole('status')).toHaveText(`Not done: the object is as it was (resourceVersion ${before.resourceVersion}). Your draft is kept; Save again.`);
  await expect(outcome.getByRole('button', { name: 'Save again' })).toBeVisible();
  await page.screenshot({ path: 'test-results/write-failure-save-not-done.png' });
  expect(await consoleRows(page, 'PUT', name)).toBe(1);
  expect((await getConfigMap(page, name)).data).toEqual({ a: 'one' });

  await expectDraftKept(page, 'a: one-mine', 'Save answered 503');
});

test('Save applied but its answer cut: unknown, Check now says done with the new resourceVersion, one PUT; continuing clears the draft', async ({ page }) => {
  test.slow();
  const name = unique('wf-saved');
  await createConfigMap(page, name);
  await page.goto(`/c/demo${COLLECTION}/${name}?edit=1`);
  await expect(editorLine(page, 'a: one')).toBeVisible({ timeout: 15_000 });
  await dropAnswerAfterApplied(page, 'PUT', new RegExp(`/k8s/demo${COLLECTION}/${name}(\\?|$)`));

  await typeAtEndOfLine(page, 'a: one', '-mine');
  await page.getByTestId('save-button').click();
  const { outcome, after } = await expectCheckDone(page, name, 'Save again');
  await page.screenshot({ path: 'test-results/write-failure-save-done.png' });
  expect(await consoleRows(page, 'PUT', name)).toBe(1);

  await outcome.getByRole('button', { name: "Continue from the server's object" }).click();
  await expect(page.getByTestId('saved')).toContainText(after.resourceVersion ?? '');
  await expect(page.getByTestId('base-resource-version')).toHaveText(`resourceVersion ${after.resourceVersion}`);
  await expect(page.getByTestId('draft-state')).toHaveText('No changes');
});

/** A ConfigMap made by server-side apply as kubeglass, so applying a change of it has no conflict to show. */
async function applyConfigMap(page: Page, name: string): Promise<void> {
  const r = await page.request.patch(`${base()}/k8s/demo${COLLECTION}/${name}?fieldManager=kubeglass`, {
    data: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { a: 'one' } }),
    headers: { 'Content-Type': 'application/apply-patch+yaml' },
  });
  expect(r.status(), await r.text()).toBe(201);
}

/** Edits `a: one` to `a: one-mine`, previews it as a server-side apply and waits for its dry run. */
async function previewApply(page: Page, name: string): Promise<void> {
  await page.goto(`/c/demo${COLLECTION}/${name}?edit=1`);
  await expect(editorLine(page, 'a: one')).toBeVisible({ timeout: 15_000 });
  await typeAtEndOfLine(page, 'a: one', '-mine');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await pickPatchType(page, 'Server-side apply');
  await expect(page.getByTestId('dry-run-ok')).toContainText('Server-side apply', { timeout: 10_000 });
}

/** The PATCHes of `name` the browser sent that were not dry runs. */
function countApplies(page: Page, name: string): string[] {
  const applies: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().includes(`/configmaps/${name}`) && !r.url().includes('dryRun=')) applies.push(r.url());
  });
  return applies;
}

test('Apply answered 503 before the server acted: unknown, Check now says not done, one PATCH, the draft survives a reload', async ({ page }) => {
  test.slow();
  const name = unique('wf-apply');
  await applyConfigMap(page, name);
  const before = await getConfigMap(page, name);
  const applies = countApplies(page, name);
  await previewApply(page, name);
  // The dry runs are done: the next PATCH of this object (the apply itself) is answered 503 without reaching the server.
  await new FaultControl(page.request, base()).setRules([{ path: `^${COLLECTION}/${name}$`, methods: ['PATCH'], status: 503, times: 1 }]);

  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  const outcome = page.getByTestId('write-outcome');
  await expect(outcome.getByRole('status')).toHaveText(/^Unknown: The server answered 503 ServiceUnavailable: the write may have been applied or not\./);
  await outcome.getByRole('button', { name: 'Check now' }).click();
  await expect(outcome.getByRole('status')).toHaveText(new RegExp(`^Not done: the object is as it was \\(resourceVersion ${before.resourceVersion}\\)\\.`));
  await expect(outcome.getByRole('button', { name: 'Apply again' })).toBeVisible();
  await page.screenshot({ path: 'test-results/write-failure-apply-not-done.png' });
  expect(applies).toHaveLength(1);
  expect(await consoleRows(page, 'PATCH', name, { dryRuns: false })).toBe(1);
  expect((await getConfigMap(page, name)).data).toEqual({ a: 'one' });

  await expectDraftKept(page, 'a: one-mine', 'Apply answered 503');
  expect(applies).toHaveLength(1);
});

test('Apply applied but its answer cut: unknown, Check now says done with the new resourceVersion, one PATCH; continuing clears the draft', async ({ page }) => {
  test.slow();
  const name = unique('wf-applied');
  await applyConfigMap(page, name);
  const applies = countApplies(page, name);
  await previewApply(page, name);
  await dropAnswerAfterApplied(page, 'PATCH', new RegExp(`/k8s/demo${COLLECTION}/${name}(\\?|$)`));

  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  const { outcome, after } = await expectCheckDone(page, name, 'Apply again');
  await page.screenshot({ path: 'test-results/write-failure-apply-done.png' });
  expect(applies).toHaveLength(1);
  expect(await consoleRows(page, 'PATCH', name, { dryRuns: false })).toBe(1);

  await outcome.getByRole('button', { name: "Continue from the server's object" }).click();
  await expect(page.getByTestId('base-resource-version')).toHaveText(`resourceVersion ${after.resourceVersion}`);
  await expect(page.getByTestId('draft-state')).toHaveText('No changes');
  expect(applies).toHaveLength(1);
});

test('Create applied but its answer cut: unknown, Check now says done, one POST, the text survives a reload', async ({ page }) => {
  test.slow();
  const name = unique('wf-create');
  await page.goto(`/c/demo${COLLECTION}?create=1`);
  await expect(editorLine(page, 'generateName: config-')).toBeVisible({ timeout: 15_000 });
  // A fixed name: the re-check can look it up (a generated one could not be).
  await editorLine(page, 'generateName: config-').first().click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.type(`name: ${name}`);
  await expect(editorLine(page, `name: ${name}`)).toBeVisible();
  await dropAnswerAfterApplied(page, 'POST', /\/k8s\/demo\/api\/v1\/namespaces\/default\/configmaps(\?|$)/);

  await page.getByTestId('create-button').click();
  const outcome = page.getByTestId('write-outcome');
  await expect(outcome.getByRole('status')).toHaveText(/^Unknown: The connection failed before an answer came/);
  await expect(page.getByTestId('create-error')).toContainText('Whether it was created is shown above');
  await expect(page.getByTestId('send-again-warning')).toHaveCount(0);
  await outcome.getByRole('button', { name: 'Check now' }).click();
  await expect(outcome.getByRole('status')).toHaveText(new RegExp(`^Done: ${name} exists as you sent it \\(resourceVersion \\d+\\)\\.$`));
  await expect(outcome.getByRole('button', { name: 'Create again' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/write-failure-create-done.png' });
  expect(await consoleRows(page, 'POST', 'namespaces/default/configmaps')).toBe(1);
  expect((await getConfigMap(page, name)).status).toBe(200);

  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await expectDraftKept(page, `name: ${name}`, 'Create answer cut');
  await page.request.delete(`${base()}/k8s/demo${COLLECTION}/${name}`);
});

test('Delete answered 503: the dialog keeps its choices, Check now says not done, only Delete again sends the second DELETE', async ({ page }) => {
  test.slow();
  const name = unique('wf-delete');
  await createConfigMap(page, name);
  const deletes: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'DELETE' && r.url().includes(`/configmaps/${name}`)) deletes.push(r.url());
  });
  await page.goto(`/c/demo${COLLECTION}/${name}`);
  await expect(page.getByTestId('object-name')).toHaveText(name, { timeout: 15_000 });
  await new FaultControl(page.request, base()).setRules([{ path: `^${COLLECTION}/${name}$`, methods: ['DELETE'], status: 503, times: 1 }]);

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ConfigMap ${name} in default?` });
  await dialog.getByRole('radio', { name: /Foreground/ }).check();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  const outcome = dialog.getByTestId('write-outcome');
  await expect(outcome.getByRole('status')).toHaveText(/^Unknown: The server answered 503 ServiceUnavailable/);
  await expect(dialog.getByTestId('delete-error')).toContainText('Whether it was deleted is shown above');
  await expect(dialog.getByRole('radio', { name: /Foreground/ })).toBeChecked();
  await outcome.getByRole('button', { name: 'Check now' }).click();
  await expect(outcome.getByRole('status')).toHaveText(/^Not done: the object is still there, not marked for deletion/);
  await page.screenshot({ path: 'test-results/write-failure-delete-not-done.png' });
  expect(deletes).toHaveLength(1);
  expect((await getConfigMap(page, name)).status).toBe(200);

  await outcome.getByRole('button', { name: 'Delete again' }).click();
  await expect(dialog).toHaveCount(0);
  expect(deletes).toHaveLength(2);
  await expect.poll(async () => (await getConfigMap(page, name)).status).toBe(404);
});
