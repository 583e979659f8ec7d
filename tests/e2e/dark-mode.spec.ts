// The color scheme: the system's dark scheme is followed, the header's picker overrides it (kept across reloads),
// and screens stay readable (text contrast against its own background) in both.
import { expect, test } from '@playwright/test';
import { expectReadable, luminanceOf } from '../support/luminance.js';

const SHOTS = 'test-results/dark-mode';
/** The app's outermost surface (main itself is transparent). */
const ROOT = '#root > div';


test.describe('with the system in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('the list and object screens are dark and readable; the picker switches to light and back, kept across a reload', async ({ page }) => {
    await page.goto('/c/demo/api/v1/pods');
    await expect(page.getByTestId('resource-table').locator('tbody tr').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('theme-picker')).toHaveValue('system');
    expect(await luminanceOf(page, ROOT, 'background-color')).toBeLessThan(0.05);
    await expectReadable(page, '[data-testid="resource-table"] tbody td', ROOT);
    await page.screenshot({ path: `${SHOTS}/list-dark.png` });

    await page.getByTestId('theme-picker').selectOption('light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await luminanceOf(page, ROOT, 'background-color')).toBeGreaterThan(0.9);
    await expectReadable(page, '[data-testid="resource-table"] tbody td', ROOT);

    await page.reload();
    await expect(page.getByTestId('theme-picker')).toHaveValue('light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

    await page.getByTestId('theme-picker').selectOption('system');
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
    await page.goto('/c/demo/apis/apps/v1/namespaces/default/deployments/hello');
    await expect(page.getByText('Conditions', { exact: true })).toBeVisible({ timeout: 15_000 });
    expect(await luminanceOf(page, ROOT, 'background-color')).toBeLessThan(0.05);
    await expectReadable(page, 'main', ROOT);
    await page.screenshot({ path: `${SHOTS}/object-dark.png` });

    // Monaco draws its own colors: its theme follows the scheme, and the picker.
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    const editor = page.getByTestId('monaco-editor').locator('.monaco-editor').first();
    await expect(editor).toHaveClass(/vs-dark/, { timeout: 15_000 });
    await page.screenshot({ path: `${SHOTS}/edit-dark.png` });
    await page.getByTestId('theme-picker').selectOption('light');
    await expect(editor).not.toHaveClass(/vs-dark/);
  });
});

test.describe('the log view', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`with the system in ${colorScheme} mode`, () => {
      test.use({ colorScheme });
      test('is a dark console surface whose lines are readable', async ({ page }) => {
        await page.goto('/c/demo/api/v1/namespaces/demo/pods?labelSelector=app%3Dweb');
        const logs = page.getByTestId('resource-table').locator('tbody tr').first().getByRole('link', { name: /logs/i });
        await logs.click();
        await expect(page.getByTestId('log-line').first()).toBeVisible({ timeout: 15_000 });
        // Lines are written for a dark console (ANSI colours included), in either scheme.
        expect(await luminanceOf(page, '[data-testid="log-viewer"]', 'background-color')).toBeLessThan(0.05);
        await expectReadable(page, '[data-testid="log-line"]', '[data-testid="log-viewer"]');
        await page.screenshot({ path: `${SHOTS}/log-${colorScheme}.png` });
      });
    });
  }
});

test('with the system in light mode, Dark in the picker turns every screen dark', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/c/demo/api/v1/pods');
  await expect(page.getByTestId('resource-table').locator('tbody tr').first()).toBeVisible({ timeout: 15_000 });
  expect(await luminanceOf(page, ROOT, 'background-color')).toBeGreaterThan(0.9);
  await page.getByTestId('theme-picker').selectOption('dark');
  expect(await luminanceOf(page, ROOT, 'background-color')).toBeLessThan(0.05);
  await expectReadable(page, '[data-testid="resource-table"] tbody td', ROOT);
});
