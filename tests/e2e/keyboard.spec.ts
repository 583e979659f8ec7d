// The keyboard as a k9s or vim user reaches for it: j/k in a table, `?` for the shortcuts, Escape and Enter where expected.
import { expect, test, type Page } from '@playwright/test';

const rowKeys = (page: Page) => page.getByTestId('resource-table').locator('tbody tr[data-row-key]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key') ?? ''));

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} scheme`, () => {
    test.use({ colorScheme });

    test('? lists every keyboard shortcut; Escape closes it and gives focus back', async ({ page }) => {
      await page.goto('/c/demo/api/v1/namespaces/default/pods');
      await expect(page.getByTestId('resource-table').locator('tbody tr').first()).toBeVisible();
      await page.getByTestId('table-scroller').focus();
      await page.keyboard.press('?');
      const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await expect(dialog).toBeVisible();
      for (const keys of ['Ctrl+K', ':', '/', 'Alt+R', 'j', 'k', 'Enter', 'Escape', 'Ctrl+S', 'Ctrl+Enter', '?']) {
        await expect(dialog.locator('kbd', { hasText: new RegExp(`^${keys.replace(/[+?]/g, '\\$&')}$`) }).first()).toBeVisible();
      }
      await page.screenshot({ path: `test-results/keyboard-shortcuts-${colorScheme}.png` });
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId('table-scroller')).toBeFocused();
      // Typed into a field, ? is text.
      await page.getByTestId('label-selector').fill('');
      await page.getByTestId('label-selector').press('?');
      await expect(page.getByTestId('label-selector')).toHaveValue('?');
      await expect(dialog).toHaveCount(0);
    });
  });
}

test('j and k move the table selection like the arrows', async ({ page }) => {
  await page.goto('/c/demo/api/v1/namespaces/kube-system/pods');
  await expect(page.getByTestId('resource-table').locator('tbody tr').nth(1)).toBeVisible();
  const keys = await rowKeys(page);
  expect(keys.length).toBeGreaterThan(2);
  const selected = page.locator('tbody tr[data-selected]');
  await page.getByTestId('table-scroller').focus();
  await page.keyboard.press('j');
  await expect(selected).toHaveAttribute('data-row-key', keys[0] ?? '');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(selected).toHaveAttribute('data-row-key', keys[2] ?? '');
  await page.keyboard.press('k');
  await expect(selected).toHaveAttribute('data-row-key', keys[1] ?? '');
});

test('the selector help closes on Escape and on a click outside it', async ({ page }) => {
  await page.goto('/c/demo/api/v1/namespaces/default/pods');
  const toggle = page.getByTestId('selector-help-toggle');
  const help = page.getByTestId('selector-help');
  await toggle.click();
  await expect(help).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(help).toBeVisible();
  // A click inside keeps it open; one outside closes it.
  await help.getByText('Label selector').click();
  await expect(help).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter resources' }).click();
  await expect(help).toHaveCount(0);
});

test('Enter in the sidebar filter opens its only match', async ({ page }) => {
  await page.goto('/c/demo/api/v1/namespaces/default/pods');
  const nav = page.getByRole('navigation', { name: 'Resources' });
  const filter = nav.getByRole('searchbox', { name: 'Filter resources' });
  await filter.fill('cm');
  await expect(nav.getByTestId('api-group').getByTestId('nav-resource')).toHaveCount(1);
  await filter.press('Enter');
  await expect(page).toHaveURL(/\/c\/demo\/api\/v1\/namespaces\/default\/configmaps$/);
  await expect(page.getByTestId('resource-table').locator('tbody tr').first()).toBeVisible();
  // With more than one match Enter goes nowhere.
  await filter.fill('all');
  await filter.press('Enter');
  await expect(page).toHaveURL(/\/configmaps$/);
});
