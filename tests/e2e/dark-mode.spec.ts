// The color scheme: the system's dark scheme is followed, the header's picker overrides it (kept across reloads),
// and screens stay readable (text contrast against its own background) in both.
import { expect, test, type Page } from '@playwright/test';

const SHOTS = 'test-results/dark-mode';
/** The app's outermost surface (main itself is transparent). */
const ROOT = '#root > div';

/** Relative luminance (WCAG) of a computed rgb()/oklch()-resolved color, via a canvas so any CSS color works. */
async function luminanceOf(page: Page, selector: string, property: 'color' | 'background-color'): Promise<number> {
  return page.locator(selector).first().evaluate((el, prop) => {
    const css = el.ownerDocument.defaultView?.getComputedStyle(el).getPropertyValue(prop) ?? '';
    const canvas = el.ownerDocument.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = [...ctx.getImageData(0, 0, 1, 1).data].map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  }, property);
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

async function expectReadable(page: Page, textSelector: string, backgroundSelector: string): Promise<void> {
  const text = await luminanceOf(page, textSelector, 'color');
  const background = await luminanceOf(page, backgroundSelector, 'background-color');
  expect(contrast(text, background), `${textSelector} on ${backgroundSelector}`).toBeGreaterThanOrEqual(4.5);
}

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

test('with the system in light mode, Dark in the picker turns every screen dark', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/c/demo/api/v1/pods');
  await expect(page.getByTestId('resource-table').locator('tbody tr').first()).toBeVisible({ timeout: 15_000 });
  expect(await luminanceOf(page, ROOT, 'background-color')).toBeGreaterThan(0.9);
  await page.getByTestId('theme-picker').selectOption('dark');
  expect(await luminanceOf(page, ROOT, 'background-color')).toBeLessThan(0.05);
  await expectReadable(page, '[data-testid="resource-table"] tbody td', ROOT);
});
