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
