// The README's pictures of the inspect tools (npm run screenshots writes them to docs/). Each waits for what it
// shows, so a picture of a half-rendered screen fails here instead of landing in the README.
import { expect, test } from '@playwright/test';
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
