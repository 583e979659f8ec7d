// Hovering in Monaco: its hover shows only after the pointer rests on a target, and only with what the language
// service knows by then (a schema still loading, a marker the layout just moved). Leave and hover again until it shows.
import { expect, type Locator, type Page } from '@playwright/test';

/** Hovers `target` (leaving it first) until `hover` shows `text`, each try waiting 2 s for it. */
export async function hoverUntilShown(page: Page, target: Locator, hover: Locator, text?: string | RegExp, options: { force?: boolean } = {}): Promise<void> {
  await expect(async () => {
    await page.mouse.move(0, 0);
    await target.hover({ force: options.force });
    if (text === undefined) await expect(hover).toBeVisible({ timeout: 2_000 });
    else await expect(hover).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}
