// The README's pictures of the inspect tools (npm run screenshots writes them to docs/). Each waits for what it
// shows, so a picture of a half-rendered screen fails here instead of landing in the README.
import { expect, test, type Page } from '@playwright/test';
import { rawRequestLink } from '../support/raw-request-screen.js';

test('request console with a Table response selected', async ({ page }) => {
  await page.goto('/c/demo/api/v1/namespaces/demo/pods');
  await expect(page.getByRole('row').nth(3)).toBeVisible();
  await page.getByTestId('requests-button').click();
  const console = page.getByTestId('request-console');
  await console.getByTestId('request-row').filter({ hasText: '/api/v1/namespaces/demo/pods?' }).first().click();
  await expect(console.getByRole('table').first()).toBeVisible();
  await page.screenshot({ path: 'docs/request-console.png' });
});

test('raw request tool: a shared GET link, sent on open', async ({ page }) => {
  await page.goto(rawRequestLink('demo', { verb: 'GET', path: '/apis/apps/v1/namespaces/demo/deployments/web', send: '1' }));
  await expect(page.getByTestId('response-status')).toContainText('200');
  await page.screenshot({ path: 'docs/raw-request.png' });
});

test('a 422 explained: causes, explanation and markers on the lines they name', async ({ page }) => {
  const body = [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: broken',
    '  labels:',
    '    app.kubernetes.io/na me: web',
    'spec:',
    '  replicas: -1',
    '  selector:',
    '    matchLabels: {app: broken}',
    '  template:',
    '    metadata:',
    '      labels: {app: broken}',
    '    spec:',
    '      containers:',
    '        - name: Bad_Name',
    '          image: nginx',
    '',
  ].join('\n');
  // Tall enough for the editor and the error panel below it (the page scrolls inside its main area).
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.goto(rawRequestLink('demo', { verb: 'POST', path: '/apis/apps/v1/namespaces/demo/deployments', contentType: 'yaml', dryRun: '1', body }));
  await expect(page.getByTestId('monaco-editor').locator('.view-line', { hasText: 'Bad_Name' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('response-status')).toContainText('422');
  await expect(page.locator('.squiggly-error').first()).toBeVisible();
  await expect(page.getByText('Invalid').first()).toBeVisible();
  await page.screenshot({ path: 'docs/status-inspector.png' });
});

test('explain deployment.spec.strategy', async ({ page }) => {
  await page.goto('/c/demo/-/explain?resource=deployments.apps&field=spec.strategy');
  await expect(page.getByText('retainKeys').first()).toBeVisible();
  await page.screenshot({ path: 'docs/explain.png' });
});

test('the Form view of a Deployment, beside its YAML', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/c/demo/apis/apps/v1/namespaces/demo/deployments/web?edit=1');
  await expect(page.getByTestId('monaco-editor').locator('.view-line', { hasText: 'kind: Deployment' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('tab', { name: 'Form', exact: true }).click();
  await expect(page.getByRole('searchbox', { name: 'Find field' })).toBeVisible();
  await expect(page.getByRole('form').getByRole('textbox', { name: 'replicas', exact: true })).toBeVisible();
  await page.screenshot({ path: 'docs/form-view.png' });
});

test('an env var added in the Form: one step, name and value ready', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/c/demo/apis/apps/v1/namespaces/shop/deployments/payments?edit=1');
  await expect(page.getByTestId('monaco-editor').locator('.view-line', { hasText: 'kind: Deployment' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('tab', { name: 'Form', exact: true }).click();
  const env = page.getByRole('form').getByRole('group', { name: 'env', exact: true });
  if ((await env.count()) === 0) await page.getByRole('combobox', { name: 'Add field to spec.template.spec.containers[0]', exact: true }).selectOption('env');
  else await env.getByRole('button', { name: 'Add env item' }).click();
  await env.getByRole('textbox', { name: 'name', exact: true }).last().fill('LOG_LEVEL');
  await env.getByRole('textbox', { name: 'value', exact: true }).last().fill('debug');
  await env.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'docs/form-env-var.png' });
});

for (const scheme of ['light', 'dark'] as const) {
  test(`failing and not-ready pods in the list (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/c/demo/api/v1/namespaces/shop/pods');
    await expect(page.locator('tr[data-health="failing"]').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('watch-state')).toHaveText('live', { timeout: 15_000 });
    await expect(page.getByText('Discovering resources…')).toHaveCount(0);
    await page.screenshot({ path: `docs/pod-health${scheme === 'dark' ? '-dark' : ''}.png` });
  });
}

/** A seeded pod of the demo's web Deployment (running for half an hour: lines to show, a shell to open). */
async function webPod(page: Page): Promise<string> {
  const pods = await page.request.get('/k8s/demo/api/v1/namespaces/demo/pods?labelSelector=app%3Dweb&limit=1');
  const name = ((await pods.json()) as { items: { metadata: { name: string } }[] }).items[0]?.metadata.name;
  expect(name, 'a seeded web pod').toBeTruthy();
  return name ?? '';
}

test("a pod's log as its Logs link opens it: at the newest line, following, with timestamps", async ({ page }) => {
  const name = await webPod(page);
  await page.goto(`/c/demo/api/v1/namespaces/demo/pods/${name}/log?timestamps=true`);
  await expect(page.getByTestId('log-following')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('log-line').last()).toBeInViewport();
  await page.screenshot({ path: 'docs/pod-log.png' });
});

test('a shell in a pod: echo and ls', async ({ page }) => {
  const name = await webPod(page);
  await page.goto(`/c/demo/api/v1/namespaces/demo/pods/${name}`);
  const panel = page.getByTestId('exec-panel');
  await expect(panel.getByTestId('exec-open')).toHaveAttribute('data-access', 'allowed', { timeout: 15_000 });
  await panel.getByTestId('exec-open').click();
  await expect(panel.getByTestId('exec-status')).toHaveText('Connected (v5.channel.k8s.io)', { timeout: 15_000 });
  const rows = page.getByTestId('exec-terminal').locator('.xterm-rows');
  await expect(rows).toContainText('/ #');
  for (const line of ['echo hello from kubeglass', 'ls /', 'cat /etc/hostname']) {
    await page.keyboard.type(line);
    await page.keyboard.press('Enter');
  }
  await expect(rows).toContainText(name);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'docs/terminal.png' });
});

test('the dark color scheme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/c/demo/apis/apps/v1/namespaces/demo/deployments/web');
  await expect(page.getByText('Conditions', { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: 'docs/dark-mode.png' });
});
