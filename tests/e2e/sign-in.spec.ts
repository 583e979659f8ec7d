// A kubeglass that demands its access token, in Chromium: the printed one-time link signs in and leaves no secret in
// the address bar or history, the spent link and a fresh browser get the sign-in screen, a wrong token is said so in
// words, the right one opens the app, and the session cookie is not the token.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startKubeglassProcess, type KubeglassProcess } from '../support/kubeglass-process.js';
import { expectReadable, luminanceOf } from '../support/luminance.js';

const TOKEN = 'e2e-sign-in-9f3K2mQ7xV4bN8cT1pL6wZ0rY5hJ';
let kubeglass: KubeglassProcess;

test.beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubeglass-sign-in-'));
  const tokenFile = join(dir, 'token');
  writeFileSync(tokenFile, `${TOKEN}\n`);
  kubeglass = await startKubeglassProcess(['--token-file', tokenFile, '--demo-activity-ms', '0'], { KUBECONFIG: 'tests/e2e/no-contexts.kubeconfig' });
});

test.afterAll(async () => {
  await kubeglass?.stop();
});

/** The one-time link kubeglass printed at start. */
function startLink(): string {
  const link = /running at (http\S+)/.exec(kubeglass.output())?.[1];
  if (link === undefined) throw new Error(`no start link in:\n${kubeglass.output()}`);
  return link;
}

async function freshPage(browser: Browser, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ colorScheme });
  return context.newPage();
}

test('the printed link signs in once; the address bar and history keep no secret; the cookie is not the token', async ({ browser }) => {
  const link = startLink();
  expect(link).not.toContain(TOKEN);
  expect(new URL(link).searchParams.get('code')).toBeTruthy();
  const page = await freshPage(browser);
  await page.goto(link.replace(/\/\?/, '/c/demo/api/v1/namespaces/shop/pods?'));
  await expect(page.getByTestId('resource-table').locator('tbody tr').first()).toBeVisible({ timeout: 15_000 });
  // The watch socket is signed in too (its upgrade carries the cookie and the own Origin).
  await expect(page.getByTestId('watch-state')).toHaveText('live');
  expect(page.url()).not.toContain('code=');
  // Every entry of the tab's session history, as Chromium keeps them (the code was spent anyway).
  const cdp = await page.context().newCDPSession(page);
  const { entries } = (await cdp.send('Page.getNavigationHistory')) as { entries: Array<{ url: string }> };
  expect(entries.length).toBeGreaterThan(0);
  for (const entry of entries) expect(entry.url).not.toContain('code=');
  const cookies = await page.context().cookies();
  expect(cookies).toHaveLength(1);
  expect(cookies[0]?.value).not.toContain(TOKEN);
  expect(cookies[0]?.httpOnly).toBe(true);
  // The cookie's value is worth nothing as a Bearer token.
  const asBearer = await fetch(`${kubeglass.url}/k8s/demo/api/v1/namespaces`, { headers: { Authorization: `Bearer ${cookies[0]?.value ?? ''}` } });
  expect(asBearer.status).toBe(401);
  await page.context().close();

  // The spent link, in another browser, says what to do instead.
  const again = await freshPage(browser);
  await again.goto(link);
  await expect(again.getByText('each link kubeglass prints signs in once')).toBeVisible();
  await again.context().close();
});

test('a browser without a session gets the sign-in screen; a wrong token is said so; the right one opens the app', async ({ browser }) => {
  const page = await freshPage(browser);
  await page.goto(`${kubeglass.url}/c/demo/api/v1/namespaces/shop/configmaps`);
  const field = page.getByLabel('Access token');
  await expect(field).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('sign-in.png') });
  await page.keyboard.type('not-the-token');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('not the access token');
  await field.fill(TOKEN);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('resource-table').locator('tbody tr').first()).toBeVisible({ timeout: 15_000 });
  // The watch socket is signed in too (its upgrade carries the cookie and the own Origin).
  await expect(page.getByTestId('watch-state')).toHaveText('live');
  expect(await page.locator('body').innerText()).not.toContain(TOKEN);
  await page.context().close();
});

test('the sign-in screen in the dark color scheme', async ({ browser }) => {
  const page = await freshPage(browser, 'dark');
  await page.goto(`${kubeglass.url}/`);
  await expect(page.getByLabel('Access token')).toBeVisible();
  // The background as sRGB bytes (Tailwind's colours are oklch(), so drawn on a canvas and read back).
  expect(await luminanceOf(page, '[data-testid="sign-in"]', 'background-color')).toBeLessThan(0.05);
  await expectReadable(page, '[data-testid="sign-in"] label', '[data-testid="sign-in"] form');
  await page.screenshot({ path: test.info().outputPath('sign-in-dark.png') });
  await page.context().close();
});
