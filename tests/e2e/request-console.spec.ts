// The request console in Chromium: the page's list request is recorded, and its curl line repeats it with the same status.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

const run = promisify(execFile);

test('the pods list request shows in the console and its curl line gets the same status', async ({ page }) => {
  await page.goto('/c/demo/api/v1/namespaces/default/pods');
  await expect(page.getByTestId('resource-table').locator('tbody tr').first()).toBeVisible();

  await page.getByTestId('requests-button').click();
  const requests = page.getByRole('dialog', { name: 'API requests' });
  await requests.getByRole('combobox', { name: 'Method' }).selectOption('GET');
  await requests.getByRole('textbox', { name: 'Filter requests' }).fill('/api/v1/namespaces/default/pods');
  const row = requests.getByTestId('request-row').last();
  await expect(row).toContainText('200');
  await row.click();

  const curl = (await requests.getByTestId('request-curl').textContent()) ?? '';
  expect(curl).toMatch(/^curl -sS -X GET -H 'Accept: [^']+' 'http:\/\/127\.0\.0\.1:\d+\/k8s\/demo\/api\/v1\/namespaces\/default\/pods/);
  // The line is run as a user pastes it, with only the status printed instead of the body.
  const { stdout } = await run('sh', ['-c', `${curl} -o /dev/null -w '%{http_code}'`]);
  expect(stdout).toBe('200');

  await page.keyboard.press('Alt+KeyR');
  await expect(requests).toBeHidden();
});

test('the all-namespace pods watch is listed with its event counts and kubectl get -w; the list response shows as a table, as YAML, with a kubectl line that runs', async ({ page }) => {
  await page.goto('/c/demo/api/v1/pods');
  await expect(page.getByTestId('resource-table').locator('tbody tr').first()).toBeVisible();

  await page.keyboard.press('Alt+KeyR');
  const requests = page.getByRole('dialog', { name: 'API requests' });
  await requests.getByRole('combobox', { name: 'Method' }).selectOption('WATCH');
  await requests.getByRole('textbox', { name: 'Filter requests' }).fill('/api/v1/pods?');
  const watch = requests.locator('[data-testid="watch-row"][data-open="true"]').first();
  await expect(watch).toContainText('open');
  await watch.click();
  const detail = requests.getByTestId('watch-detail');
  // The demo cluster changes pods every 1.5 s: the open watch counts their events as they come.
  const changes = async () => {
    const counts = await Promise.all(['ADDED', 'MODIFIED', 'DELETED'].map((type) => detail.getByTestId(`watch-count-${type}`).textContent()));
    return counts.reduce((sum, count) => sum + Number(count), 0);
  };
  await expect.poll(changes, { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(detail.getByTestId('watch-status')).toHaveText('open');
  await expect(detail.getByTestId('watch-last-rv')).not.toHaveText('—');
  await expect(detail.getByTestId('request-kubectl')).toHaveText(/^kubectl --kubeconfig=\/dev\/null --server http:\/\/127\.0\.0\.1:\d+\/k8s\/demo get pods -A -w$/);
  await requests.screenshot({ path: 'test-results/request-console-watch.png' });

  await requests.getByRole('combobox', { name: 'Method' }).selectOption('GET');
  await requests.getByRole('textbox', { name: 'Filter requests' }).fill('/api/v1/pods?');
  await requests.getByTestId('request-row').last().click();
  const table = requests.getByTestId('response-body-table');
  await expect(table.getByRole('columnheader', { name: 'Name', exact: true })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Status', exact: true })).toBeVisible();
  expect(await table.locator('tbody tr').count()).toBeGreaterThan(3);
  await requests.screenshot({ path: 'test-results/request-console-table.png' });

  await requests.getByRole('tab', { name: 'YAML' }).click();
  await expect(requests.getByTestId('response-body')).toContainText('kind: Table\napiVersion: meta.k8s.io/v1');

  const kubectlLine = requests.getByTestId('request-kubectl');
  await expect(kubectlLine).toHaveCSS('user-select', 'all');
  const kubectl = (await kubectlLine.textContent()) ?? '';
  expect(kubectl).toMatch(/^kubectl --kubeconfig=\/dev\/null --server http:\/\/127\.0\.0\.1:\d+\/k8s\/demo get pods -A -o yaml$/);
  // Run as printed, as a user pastes it: the same list comes back.
  const { stdout } = await run('sh', ['-c', kubectl], { env: { PATH: process.env.PATH, HOME: '/tmp' } });
  expect(stdout).toMatch(/^kind: List$/m);
  expect(stdout).toMatch(/^ {2}kind: Pod$/m);
});

test('a read answered 503 with Retry-After is retried after the wait it asked for, and the console marks the retry', async ({ page }) => {
  let refused = 0;
  // The first namespaces list is refused before it reaches kubeglass, the way an overloaded apiserver refuses it.
  await page.route(/\/k8s\/demo\/api\/v1\/namespaces\?/, async (route) => {
    if (refused++ > 0) return route.continue();
    await route.fulfill({
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': '1' },
      body: JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'ServiceUnavailable', code: 503, message: 'the server is currently unable to handle the request' }),
    });
  });
  await page.goto('/c/demo/api/v1/namespaces/default/configmaps');
  await expect(page.getByRole('combobox', { name: 'Namespace' })).toContainText('default');

  await page.getByTestId('requests-button').click();
  const requests = page.getByRole('dialog', { name: 'API requests' });
  await requests.getByRole('textbox', { name: 'Filter requests' }).fill('/api/v1/namespaces?');
  const retry = requests.locator('[data-testid="request-row"][data-retry="1"]');
  await expect(retry).toHaveText(/retry 1 · waited 1\.\d s \(Retry-After: 1\)200/);
  await expect(requests.getByTestId('request-row').last()).toContainText('503 ServiceUnavailable');
  await retry.click();
  await expect(requests.getByTestId('request-retry')).toHaveText(/^retry 1 · waited 1\.\d s \(Retry-After: 1\) after request #\d+ failed$/);
  await requests.screenshot({ path: 'test-results/request-console-retry.png' });
});
