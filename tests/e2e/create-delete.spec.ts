// Creating objects from YAML templates and deleting them, in the browser against the embedded demo cluster,
// with kubectl as the independent witness of what the server holds.
import { expect, test, type Page } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';
import { collectErrors } from '../support/edit-screen.js';

const server = () => `${test.info().project.use.baseURL}/k8s/demo`;
const k = (...args: string[]) => kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), ...args]);
const SHOTS = 'test-results';

const CONFIGMAPS = '/c/demo/api/v1/namespaces/default/configmaps';
const DEPLOYMENTS = '/c/demo/apis/apps/v1/namespaces/default/deployments';

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;

function editorLine(page: Page, text: string) {
  return page.getByTestId('monaco-editor').locator('.view-line', { hasText: text });
}

/** Puts the cursor at the end of the line showing `text`, removes `erase` characters, and types. */
async function editLineEnd(page: Page, text: string, typed: string, erase = 0): Promise<void> {
  await editorLine(page, text).first().click();
  await page.keyboard.press('End');
  for (let i = 0; i < erase; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type(typed);
}

/** Counts the POSTs the page sends to the API. */
function countPosts(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/k8s/')) seen.count++;
  });
  return seen;
}

async function exists(kind: string, name: string): Promise<boolean> {
  const r = await k('-n', 'default', 'get', kind, name, '-o', 'name');
  return r.code === 0;
}

test('a ConfigMap from its template: Preview shows what the server adds, Create opens the new object', async ({ page }) => {
  // Several Monaco loads and server round trips on a machine shared with other test runs.
  test.slow();
  const errors = collectErrors(page);
  const prefix = unique('e2e-cm');
  await page.goto(CONFIGMAPS);
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/configmaps\?create=1$/);
  await expect(page.getByRole('heading', { name: 'Create ConfigMap' })).toBeVisible();
  await expect(editorLine(page, 'generateName: config-')).toBeVisible({ timeout: 15_000 });
  await expect(editorLine(page, 'namespace: default')).toBeVisible();
  await editLineEnd(page, 'generateName: config-', `${prefix}-`, 'config-'.length);
  await page.screenshot({ path: `${SHOTS}/create-screen.png` });

  await page.keyboard.press('ControlOrMeta+s');
  const preview = page.getByTestId('create-preview');
  await expect(preview).toContainText('Dry run passed');
  await expect(page.getByTestId('preview-name')).toHaveText(new RegExp(`^${prefix}-[a-z0-9]{5}$`));
  for (const field of ['metadata.name', 'metadata.uid', 'metadata.creationTimestamp']) await expect(page.getByTestId('preview-added')).toContainText(field);
  await expect(page.getByTestId('monaco-diff-editor').locator('.editor.modified .view-line', { hasText: 'uid:' })).toBeVisible();
  const dryName = await page.getByTestId('preview-name').innerText();
  expect(await exists('configmap', dryName)).toBe(false);
  await page.screenshot({ path: `${SHOTS}/create-preview.png` });

  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(new RegExp(`/api/v1/namespaces/default/configmaps/${prefix}-[a-z0-9]{5}$`));
  const name = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
  await expect(page.getByTestId('object-name')).toHaveText(name);
  const got = await k('-n', 'default', 'get', 'configmap', name, '-o', 'json');
  expect(got.code, got.stderr).toBe(0);
  expect(JSON.parse(got.stdout)).toMatchObject({ metadata: { generateName: `${prefix}-` }, data: { 'app.mode': 'dev' } });
  expect((await k('-n', 'default', 'delete', 'configmap', name)).code).toBe(0);
  // The draft went with the create: the screen starts from the template again.
  await page.goto(`${CONFIGMAPS}?create=1`);
  await expect(editorLine(page, 'generateName: config-')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('draft-restored')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a Deployment with generateName: the preview lists the server defaults; Create; kubectl sees it', async ({ page }) => {
  const prefix = unique('e2e-web');
  await page.goto(`${DEPLOYMENTS}?create=1`);
  await expect(editorLine(page, 'generateName: web-')).toBeVisible({ timeout: 15_000 });
  await editLineEnd(page, 'generateName: web-', `${prefix}-`, 'web-'.length);
  await page.getByRole('button', { name: 'Preview' }).click();
  const added = page.getByTestId('preview-added');
  for (const field of ['spec.strategy', 'spec.revisionHistoryLimit', 'spec.progressDeadlineSeconds']) await expect(added).toContainText(field);
  await page.getByRole('tab', { name: 'Server object' }).click();
  await expect(page.getByTestId('preview-object')).toContainText('type: RollingUpdate');
  await page.screenshot({ path: `${SHOTS}/create-deployment-preview.png` });

  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(new RegExp(`/apis/apps/v1/namespaces/default/deployments/${prefix}-[a-z0-9]{5}$`));
  const name = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  const got = await k('-n', 'default', 'get', 'deployment', name, '-o', 'jsonpath={.spec.replicas}');
  expect(got.code, got.stderr).toBe(0);
  expect(got.stdout).toBe('2');
  // Other specs pick any ReplicaSet-owned pod of the cluster: leave none of ours behind.
  const removed = await k('-n', 'default', 'delete', 'deployment', name, '--cascade=foreground', '--timeout=20s');
  expect(removed.code, removed.stderr).toBe(0);
});

test('wrong kind, wrong apiVersion and invalid YAML are refused before sending; a 422 is shown with its causes; the text stays', async ({ page }) => {
  // Several Monaco loads and server round trips on a machine shared with other test runs.
  test.slow();
  await page.goto(`${DEPLOYMENTS}?create=1`);
  await expect(editorLine(page, 'generateName: web-')).toBeVisible({ timeout: 15_000 });
  const posts = countPosts(page);

  await editLineEnd(page, 'kind: Deployment', 'StatefulSet', 'Deployment'.length);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('object-error')).toContainText('kind is "StatefulSet", but deployments in apps/v1 holds kind "Deployment"');
  await editLineEnd(page, 'kind: StatefulSet', 'Deployment', 'StatefulSet'.length);
  await editLineEnd(page, 'apiVersion: apps/v1', 'beta1');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('object-error')).toContainText('apiVersion is "apps/v1beta1", but deployments in apps/v1 takes apiVersion "apps/v1"');
  await page.screenshot({ path: `${SHOTS}/create-wrong-apiversion.png` });
  await editLineEnd(page, 'apiVersion: apps/v1beta1', '', 'beta1'.length);

  await editLineEnd(page, 'replicas: 2', ' x: y');
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByTestId('yaml-error')).toContainText(/Line \d+, column \d+/);
  await expect(page.getByTestId('monaco-editor').locator('.squiggly-error').first()).toBeVisible();
  expect(posts.count).toBe(0);

  // A value only the server can judge: the 422 Status, its causes as links to the lines.
  await editLineEnd(page, 'replicas: 2 x: y', '-1', ' x: y'.length + 1);
  await editorLine(page, 'generateName: web-').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.type('name: Bad_Name');
  await page.getByRole('button', { name: 'Preview' }).click();
  const error = page.getByTestId('create-error');
  await expect(error.getByTestId('error-code')).toHaveText('422');
  await expect(error.getByTestId('error-reason')).toHaveText('Invalid');
  await expect(error.getByRole('button', { name: 'spec.replicas' })).toBeVisible();
  await expect(error.getByRole('button', { name: 'metadata.name' })).toBeVisible();
  await expect(editorLine(page, 'replicas: -1')).toBeVisible();
  await expect(editorLine(page, 'name: Bad_Name')).toBeVisible();
  await error.getByRole('button', { name: 'spec.replicas' }).click();
  await expect(page.getByTestId('monaco-editor').locator('.squiggly-error').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/create-422.png` });
  expect(posts.count).toBe(1);
  const none = await k('-n', 'default', 'get', 'deployment', 'Bad_Name');
  expect(none.code).not.toBe(0);
});

test('a reload in the middle of a create keeps the draft', async ({ page }) => {
  // Several Monaco loads and server round trips on a machine shared with other test runs.
  test.slow();
  const prefix = unique('e2e-draft');
  await page.goto(`${CONFIGMAPS}?create=1`);
  await expect(editorLine(page, 'generateName: config-')).toBeVisible({ timeout: 15_000 });
  await editLineEnd(page, 'generateName: config-', `${prefix}-`, 'config-'.length);
  await expect(page.getByTestId('draft-state')).toHaveText('Draft kept in this browser');
  await page.reload();
  await expect(page.getByTestId('draft-restored')).toBeVisible();
  await expect(editorLine(page, `generateName: ${prefix}-`)).toBeVisible({ timeout: 15_000 });

  // Another template asks first, and keeps the text when told to.
  await page.getByRole('combobox', { name: 'Template' }).selectOption('skeleton');
  await expect(page.getByTestId('template-confirm')).toContainText('Your changes would be lost');
  await page.getByRole('button', { name: 'Keep my text' }).click();
  await expect(editorLine(page, `generateName: ${prefix}-`)).toBeVisible();

  await page.getByRole('button', { name: 'Discard' }).click();
  // Typed text is dropped only once confirmed.
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(editorLine(page, 'generateName: config-')).toBeVisible();
  await page.reload();
  await expect(editorLine(page, 'generateName: config-')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('draft-restored')).toHaveCount(0);
});

test('delete: a dry-run preview keeps the object, a stale resourceVersion precondition is a 409, Foreground deletes it', async ({ page }) => {
  // Several Monaco loads and server round trips on a machine shared with other test runs.
  test.slow();
  const errors = collectErrors(page);
  const name = unique('e2e-del');
  const created = await k('-n', 'default', 'create', 'deployment', name, '--image=nginx:1.27', '--replicas=1');
  expect(created.code, created.stderr).toBe(0);
  await page.goto(`${DEPLOYMENTS}/${name}`);
  await expect(page.getByTestId('object-name')).toHaveText(name);

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete Deployment ${name} in default?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Background/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /Only if uid is/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('delete-preview')).toContainText('Nothing was deleted');
  await page.screenshot({ path: `${SHOTS}/delete-dialog-preview.png` });
  expect(await exists('deployment', name)).toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toBeFocused();

  await page.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('checkbox', { name: /Only if resourceVersion is still/ }).check();
  const labelled = await k('-n', 'default', 'label', 'deployment', name, 'changed=yes');
  expect(labelled.code, labelled.stderr).toBe(0);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  const error = dialog.getByTestId('delete-error');
  await expect(error.getByTestId('error-code')).toHaveText('409');
  await expect(error).toContainText('the ResourceVersion in the precondition');
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/delete-409.png` });
  expect(await exists('deployment', name)).toBe(true);

  await dialog.getByRole('checkbox', { name: /Only if resourceVersion is still/ }).uncheck();
  await dialog.getByRole('radio', { name: /Foreground/ }).check();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('preview-finalizers')).toContainText('foregroundDeletion');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toHaveCount(0);
  // Foreground: the page stays with the object until the garbage collector has deleted its dependents.
  await expect(page.getByTestId('object-deleted').or(page.getByTestId('deletion-pending'))).toBeVisible();
  await expect.poll(() => exists('deployment', name), { timeout: 15_000 }).toBe(false);
  await expect(page.getByTestId('object-deleted')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a ConfigMap deleted with Background goes at once and the page returns to the list', async ({ page }) => {
  const name = unique('e2e-bg');
  const created = await k('-n', 'default', 'create', 'configmap', name, '--from-literal=a=1');
  expect(created.code, created.stderr).toBe(0);
  await page.goto(`${CONFIGMAPS}/${name}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(new RegExp(`${CONFIGMAPS}$`));
  expect(await exists('configmap', name)).toBe(false);
});

test('an object held by a finalizer: the page says what the deletion waits for, until the finalizer goes', async ({ page }) => {
  const name = unique('e2e-fin');
  const manifest = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default', finalizers: ['example.com/hold'] }, data: { a: '1' } });
  const created = await kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), 'create', '-f', '-'], { input: manifest });
  expect(created.code, created.stderr).toBe(0);
  await page.goto(`${CONFIGMAPS}/${name}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('preview-finalizers')).toContainText('example.com/hold');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/configmaps/${name}$`));
  await expect(page.getByTestId('deletion-pending')).toContainText('Deletion requested; waiting for finalizers: example.com/hold');
  await page.screenshot({ path: `${SHOTS}/delete-pending.png` });
  expect(await exists('configmap', name)).toBe(true);

  const released = await k('-n', 'default', 'patch', 'configmap', name, '--type', 'json', '-p', '[{"op":"remove","path":"/metadata/finalizers"}]');
  expect(released.code, released.stderr).toBe(0);
  await expect(page.getByTestId('object-deleted')).toBeVisible();
  expect(await exists('configmap', name)).toBe(false);
});
