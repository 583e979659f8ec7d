// The raw request tool in Chromium against the demo cluster, with kubectl as the independent witness of what it holds.
import { expect, test, type Page } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';
import { hoverUntilShown } from '../support/monaco-hover.js';
import { countApiRequests, expectDeleteLinkNotSent, expectExpiredWatchExplained, rawRequestLink, responseOf } from '../support/raw-request-screen.js';

const server = () => `${test.info().project.use.baseURL}/k8s/demo`;
const k = (...args: string[]) => kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), ...args]);
const CONFIGMAPS = '/api/v1/namespaces/default/configmaps';
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;

test('a GET link with send=1 shows the object on open', async ({ page }) => {
  const gets = countApiRequests(page, 'GET');
  await page.goto(rawRequestLink('demo', { verb: 'GET', path: `${CONFIGMAPS}/kube-root-ca.crt`, send: '1' }));
  const response = responseOf(page);
  await expect(response.headersTitle).toHaveText('Response headers (HTTP 200 OK)');
  await expect(response.body).toContainText('"name": "kube-root-ca.crt"');
  await expect(response.body).toContainText('"kind": "ConfigMap"');
  expect(gets.count).toBeGreaterThan(0);
  await page.screenshot({ path: 'test-results/raw-request-get.png' });
});

test('a DELETE link with send=1 does not send: the object is still there', async ({ page }) => {
  const name = unique('keep');
  expect((await k('-n', 'default', 'create', 'configmap', name, '--from-literal=a=1')).code).toBe(0);
  try {
    await expectDeleteLinkNotSent(page, 'demo', `${CONFIGMAPS}/${name}`);
    expect((await k('-n', 'default', 'get', 'configmap', name, '-o', 'name')).stdout.trim()).toBe(`configmap/${name}`);
  } finally {
    await k('-n', 'default', 'delete', 'configmap', name, '--ignore-not-found');
  }
});

test('a dry-run POST of a ConfigMap answers the created object and creates nothing', async ({ page }) => {
  const name = unique('dry');
  const body = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  greeting: hello\n`;
  const posts = countApiRequests(page, 'POST');
  await page.goto(rawRequestLink('demo', { verb: 'POST', path: CONFIGMAPS, dryRun: '1', body, send: '1' }));
  await expect(page.getByTestId('not-sent-on-open')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Dry run' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Content-Type' })).toHaveValue('yaml');
  await expect(page.getByTestId('monaco-editor').locator('.view-line', { hasText: 'greeting: hello' })).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(1000);
  expect(posts.count).toBe(0);

  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const response = responseOf(page);
  await expect(response.headersTitle).toHaveText('Response headers (HTTP 201 Created)');
  await expect(page.getByTestId('response-status')).toContainText('HTTP 201 Created');
  await expect(response.body).toContainText(`"name": "${name}"`);
  await expect(response.body).toContainText('"greeting": "hello"');
  await expect(response.detail.getByTestId('request-curl')).toContainText('dryRun=All');
  expect(posts.count).toBe(1);
  await page.screenshot({ path: 'test-results/raw-request-dry-run.png', fullPage: true });
  const get = await k('-n', 'default', 'get', 'configmap', name);
  expect(get.code).not.toBe(0);
  expect(get.stderr).toContain('NotFound');
});

test('a 422 marks the body line its cause names', async ({ page }) => {
  const body = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: Not_Valid\ndata:\n  a: b\n`;
  await page.goto(rawRequestLink('demo', { verb: 'POST', path: CONFIGMAPS, dryRun: '1', body }));
  await expect(page.getByTestId('monaco-editor').locator('.view-line', { hasText: 'name: Not_Valid' })).toBeVisible({ timeout: 15_000 });
  // Ctrl+Enter from inside the editor sends.
  await page.getByTestId('monaco-editor').locator('.view-line', { hasText: 'a: b' }).click();
  await page.keyboard.press('Control+Enter');
  const error = responseOf(page).detail.getByTestId('request-error');
  await expect(error.getByTestId('error-code')).toHaveText('422');
  await expect(error.getByTestId('error-reason')).toHaveText('Invalid');
  // The marker sits on line 4, where metadata.name is.
  await expect(page.getByTestId('monaco-editor').locator('.squiggly-error').first()).toBeVisible();
  await hoverUntilShown(page, page.getByTestId('monaco-editor').locator('.view-line span', { hasText: /^Not_Valid$/ }), page.locator('.monaco-hover').getByText(/metadata\.name/).first());
});

test('a watch streams events live until Stop', async ({ page }) => {
  const first = unique('live-a');
  const second = unique('live-b');
  await page.goto(rawRequestLink('demo', { verb: 'GET', path: `${CONFIGMAPS}?watch=1`, send: '1' }));
  await expect(page.getByTestId('watch-phase')).toHaveAttribute('data-phase', 'streaming');
  // The initial ADDED events of what exists, then what happens.
  await expect(page.getByTestId('watch-event').filter({ hasText: 'kube-root-ca.crt' })).toHaveCount(1);
  try {
    expect((await k('-n', 'default', 'create', 'configmap', first, '--from-literal=a=1')).code).toBe(0);
    const added = page.getByTestId('watch-event').filter({ hasText: `default/${first}` });
    await expect(added).toHaveAttribute('data-type', 'ADDED');
    expect((await k('-n', 'default', 'label', 'configmap', first, 'seen=yes')).code).toBe(0);
    await expect(page.getByTestId('watch-event').filter({ hasText: `default/${first}` }).first()).toHaveAttribute('data-type', 'MODIFIED');
    const counted = Number((await page.getByTestId('watch-count').textContent())?.split(' ')[0]);
    expect(counted).toBeGreaterThanOrEqual(3);
    await page.getByTestId('watch-event').filter({ hasText: `default/${first}` }).first().locator('summary').click();
    await expect(page.getByTestId('watch-event').filter({ hasText: `default/${first}` }).first()).toContainText('"seen": "yes"');
    await page.screenshot({ path: 'test-results/raw-request-watch.png', fullPage: true });

    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(page.getByTestId('watch-phase')).toHaveAttribute('data-phase', 'stopped');
    expect((await k('-n', 'default', 'create', 'configmap', second, '--from-literal=a=1')).code).toBe(0);
    await page.waitForTimeout(1500);
    await expect(page.getByTestId('watch-event').filter({ hasText: second })).toHaveCount(0);
  } finally {
    await k('-n', 'default', 'delete', 'configmap', first, second, '--ignore-not-found');
  }
});

test('a watch from resourceVersion=1 shows 410 with its code, reason, explanation and raw event', async ({ page }) => {
  await expectExpiredWatchExplained(page, 'demo', CONFIGMAPS);
  await page.screenshot({ path: 'test-results/raw-request-410.png', fullPage: true });
});

test('a URL instead of an API path is refused in words and never sent', async ({ page }) => {
  const gets = countApiRequests(page, 'GET');
  await page.goto(rawRequestLink('demo', { verb: 'GET', path: 'http://evil.example/api/v1/pods', send: '1' }));
  await expect(page.getByTestId('path-problem')).toContainText('A path, not a URL');
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  await page.getByRole('combobox', { name: 'API path' }).fill('/api/v1/namespaces/default/../../../-/contexts');
  await expect(page.getByTestId('path-problem')).toContainText('Dot segments');
  await page.waitForTimeout(1000);
  await expect(page.getByTestId('request-detail')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'API path' }).press('Control+Enter');
  await expect(page.getByTestId('request-detail')).toHaveCount(0);
  // Nothing left this origin, and nothing reached past the context's API.
  const base = test.info().project.use.baseURL ?? '';
  expect(gets.urls.filter((url) => !url.startsWith(base) || new URL(url).pathname.startsWith('/k8s/demo/-/'))).toEqual([]);
});

test('the path completes from discovery, namespaces and object names, and the header links to the tool', async ({ page }) => {
  await page.goto('/c/demo/api/v1/namespaces/default/pods');
  await page.getByTestId('raw-request-link').click();
  await expect(page).toHaveURL(/\/c\/demo\/-\/request$/);
  const path = page.getByRole('combobox', { name: 'API path' });
  const options = page.getByTestId('path-suggestions').locator('option');
  await path.fill('/apis/ap');
  await expect(options.first()).toHaveAttribute('value', /^\/apis\/ap/);
  await path.fill('/api/v1/namespaces/');
  await expect(page.getByTestId('path-suggestions').locator('option[value="/api/v1/namespaces/default"]')).toHaveCount(1);
  await path.fill('/api/v1/namespaces/default/configmaps/kube-');
  await expect(page.getByTestId('path-suggestions').locator('option[value="/api/v1/namespaces/default/configmaps/kube-root-ca.crt"]')).toHaveCount(1);
  await path.fill('/apis/apps/v1/namespaces/default/deployments/x/');
  await expect(page.getByTestId('path-suggestions').locator('option[value="/apis/apps/v1/namespaces/default/deployments/x/scale"]')).toHaveCount(1);
  // The link follows the form, and Ctrl+Enter in the path sends it.
  await path.fill('/apis/apps/v1/namespaces/default/deployments/no-such-deployment');
  await expect(page).toHaveURL(/path=%2Fapis%2Fapps%2Fv1%2Fnamespaces%2Fdefault%2Fdeployments%2Fno-such-deployment$/);
  await path.press('Control+Enter');
  const error = responseOf(page).detail.getByTestId('request-error');
  await expect(error.getByTestId('error-code')).toHaveText('404');
  await expect(error.getByTestId('error-reason')).toHaveText('NotFound');
});

const DEPLOYMENT = '/apis/apps/v1/namespaces/default/deployments/hello';
const editorLine = (page: Page, text: string) => page.getByTestId('monaco-editor').locator('.view-line span', { hasText: new RegExp(`^${text}$`) });
const hoverText = (page: Page, text: RegExp) => page.locator('.monaco-hover').getByText(text).first();
const squiggles = (page: Page) => page.getByTestId('monaco-editor').locator('.view-overlays .squiggly-error, .view-overlays .squiggly-warning');

for (const contentType of ['merge-patch', 'strategic-merge-patch', 'apply'] as const) {
  test(`a ${contentType} body is checked against the kind with nothing required`, async ({ page }) => {
    // Only the wrong type is marked: selector and template may be left out of a patch, and null removes a field.
    const body = `metadata:\n  labels:\n    tier: null\nspec:\n  replicas: 3\n  revisionHistoryLimit: null\n  paused: sometimes\n`;
    await page.goto(rawRequestLink('demo', { verb: 'PATCH', path: DEPLOYMENT, contentType, body }));
    await expect(page.getByRole('region', { name: 'Body' })).toContainText('checked against Deployment apps/v1');
    await hoverUntilShown(page, editorLine(page, 'sometimes'), hoverText(page, /Incorrect type/));
    await expect(squiggles(page)).toHaveCount(1);
    await hoverUntilShown(page, editorLine(page, 'spec'), hoverText(page, /desired behavior of the Deployment/));
    await expect(hoverText(page, /Missing property/)).toHaveCount(0);
    if (contentType !== 'merge-patch') return;
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `test-results/raw-request-merge-patch-${colorScheme}.png` });
    }
  });
}

test('a JSON patch body is checked as a list of RFC 6902 operations', async ({ page }) => {
  const body = `[\n  {"op": "replace", "path": "/spec/replicas", "value": 2},\n  {"op": "rename", "path": "/spec/paused"}\n]\n`;
  await page.goto(rawRequestLink('demo', { verb: 'PATCH', path: DEPLOYMENT, contentType: 'json-patch', body }));
  await expect(page.getByRole('region', { name: 'Body' })).toContainText('checked as JSON patch operations');
  // Only the unknown op is marked; its hover names the six of RFC 6902.
  await expect(squiggles(page)).toHaveCount(1);
  await hoverUntilShown(page, squiggles(page), hoverText(page, /Value is not accepted/), undefined, { force: true });
  await expect(hoverText(page, /Valid values: "add", "remove", "replace", "move", "copy", "test"/)).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `test-results/raw-request-json-patch-${colorScheme}.png` });
  }
});
