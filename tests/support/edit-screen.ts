// Driving the YAML edit screen (Monaco) in Playwright: lines by their text, typing, PUT counting, page errors.
import type { Page } from '@playwright/test';

/** The editor's rendered line showing `text` (Monaco renders only the lines in view). */
export function editorLine(page: Page, text: string) {
  return page.getByTestId('monaco-editor').locator('.view-line', { hasText: text });
}

/** Puts the cursor at the end of the line showing `text` and types. */
export async function typeAtEndOfLine(page: Page, text: string, typed: string): Promise<void> {
  await editorLine(page, text).first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(typed);
}

/** Replaces the end of the line showing `text`: `erase` characters removed, then `typed`. */
export async function retypeEndOfLine(page: Page, text: string, erase: number, typed: string): Promise<void> {
  await editorLine(page, text).first().click();
  await page.keyboard.press('End');
  for (let i = 0; i < erase; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type(typed);
}

/** Counts the PUTs the page sends to the API. */
export function countPuts(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/k8s/')) seen.count++;
  });
  return seen;
}

/** Console errors and uncaught exceptions (the browser's own "Failed to load resource" lines for expected 4xx are left out). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}
