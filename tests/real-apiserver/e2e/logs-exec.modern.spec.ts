// Real tier, current control plane: logs and the terminal through the apiserver's node proxy to a kubelet API
// (KWOK's, on the node the scheduler chose). Its logs come from one CRI-format file (REAL_KWOK_LOG) that the test
// appends to; its exec runs commands on this machine.
import { appendFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

const kwokLog = process.env.REAL_KWOK_LOG ?? '';
const POD = '/c/real/api/v1/namespaces/fx/pods/web-abc12';
const SHOTS = 'test-results/real-modern';
const lineCount = async (page: Page) => Number((await page.getByTestId('log-line-count').innerText()).replace(/[^0-9]/g, ''));
const screen = (page: Page) => page.getByTestId('exec-terminal').locator('.xterm-rows');
const screenLines = async (page: Page) => (await screen(page).innerText()).split('\n').map((l) => l.trimEnd());

test.beforeEach(({ page }) => {
  expect(kwokLog, 'REAL_KWOK_LOG comes from the modern tier env file').not.toBe('');
  page.on('pageerror', (error) => {
    throw new Error(`page error: ${error.message}\n${error.stack ?? ''}`);
  });
});

test("a Running pod's log shows the kubelet's lines and follows a new one without a reload", async ({ page }) => {
  await page.goto(POD);
  await expect(page.getByTestId('object-name')).toHaveText('web-abc12', { timeout: 15_000 });
  const link = page.getByTestId('logs-link');
  await expect(link).toHaveAttribute('data-access', 'allowed', { timeout: 15_000 });
  await link.click();
  await expect(page.getByTestId('log-line').first()).toContainText('kwok line 1', { timeout: 15_000 });
  await page.getByTestId('log-follow').check();
  await expect(page.getByTestId('log-following')).toBeVisible({ timeout: 15_000 });
  const before = await lineCount(page);
  await page.evaluate(() => ((globalThis as unknown as { noReload: boolean }).noReload = true));
  const marker = `followed at ${Date.now()}`;
  appendFileSync(kwokLog, `${new Date().toISOString()} stdout F ${marker}\n`);
  await expect(page.getByTestId('log-line').last()).toContainText(marker, { timeout: 15_000 });
  expect(await lineCount(page)).toBe(before + 1);
  expect(await page.evaluate(() => (globalThis as unknown as { noReload?: boolean }).noReload)).toBe(true);
  await page.screenshot({ path: `${SHOTS}-logs-follow.png` });
});

test('the terminal opens a shell over pods/exec, runs a command and shows its output; exit ends it', async ({ page }) => {
  await page.goto(POD);
  const panel = page.getByTestId('exec-panel');
  await expect(panel.getByTestId('exec-open')).toHaveAttribute('data-access', 'allowed', { timeout: 15_000 });
  await panel.getByTestId('exec-open').click();
  await expect(panel.getByTestId('exec-status')).toHaveText(/^Connected \(v\d+\.channel\.k8s\.io\)$/, { timeout: 15_000 });
  await page.keyboard.type('echo "hello from $((6 * 7))"');
  await page.keyboard.press('Enter');
  await expect.poll(() => screenLines(page), { timeout: 10_000 }).toContain('hello from 42');
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}-exec.png` });
  await page.keyboard.type('exit');
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('exec-status')).toHaveText(/^Exited/, { timeout: 10_000 });
  await expect(panel.getByTestId('exec-open')).toHaveText('Open again');
});
