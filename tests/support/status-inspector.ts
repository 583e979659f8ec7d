// The status inspector's proofs, the same on both tiers: an error panel shows code, reason, explanation and the
// raw response; Monaco's markers sit on the lines the causes name; the console's curl line, run in a shell, gets
// the same status.
import { expect, type Locator, type Page } from '@playwright/test';
import { hoverUntilShown } from './monaco-hover.js';
import { runProcess } from './run-process.js';

export interface ExpectedStatus {
  code: number;
  reason: string;
  /** The status line the raw response shows, e.g. `HTTP 404 Not Found`. */
  statusLine: RegExp;
  /** Something the body must contain (the Status message). */
  body: string | RegExp;
}

/** Code, reason, an explanation, and the Raw response disclosure opened: request, status line, headers, Status body. */
export async function expectStatusPanel(panel: Locator, expected: ExpectedStatus): Promise<void> {
  await expect(panel.getByTestId('error-code')).toHaveText(String(expected.code), { timeout: 15_000 });
  await expect(panel.getByTestId('error-reason')).toHaveText(expected.reason);
  await expect(panel.getByTestId('error-explanation')).not.toBeEmpty();
  const raw = panel.getByTestId('error-raw');
  await raw.locator('summary').click();
  await expect(raw.getByTestId('error-raw-request')).toBeVisible();
  await expect(raw.getByTestId('error-raw-status')).toHaveText(expected.statusLine);
  await expect(raw.getByTestId('error-raw-headers')).toContainText(/content-type: application\/json/i);
  const body = raw.getByTestId('error-raw-body');
  await expect(body).toContainText(new RegExp(`"code":\\s*${expected.code}`));
  await expect(body).toContainText(new RegExp(`"reason":\\s*"${expected.reason}"`));
  await expect(body).toContainText(expected.body);
}

export interface MarkedLine {
  /** The line's text as Monaco renders it (spaces as NBSP turned back into spaces). */
  text: string;
  /** Pixels from the left of the line to the marker's start: a marker at the key's column is indented like the key. */
  left: number;
}

/** Lines carrying an error squiggle, read from Monaco's DOM: each overlay sits at the same top as its line. */
export async function markedLines(page: Page): Promise<MarkedLine[]> {
  const editor = page.getByTestId('monaco-editor');
  const styleValue = (style: string | null | undefined, name: string) => new RegExp(`(?:^|;)\\s*${name}:\\s*([-\\d.]+)px`).exec(style ?? '')?.[1] ?? '';
  const lines = await editor.locator('.view-lines .view-line').evaluateAll((els) => els.map((e) => [e.getAttribute('style'), e.textContent] as const));
  const squiggles = await editor
    .locator('.view-overlays .squiggly-error')
    .evaluateAll((els) => els.map((e) => [e.parentElement?.getAttribute('style') ?? null, e.getAttribute('style')] as const));
  const byTop = new Map(lines.map(([style, text]) => [styleValue(style, 'top'), (text ?? '').replace(/\u00a0/g, ' ')]));
  return squiggles.map(([lineStyle, style]) => {
    const top = styleValue(lineStyle, 'top');
    return { text: byTop.get(top) ?? `(no line at top ${top})`, left: Number(styleValue(style, 'left') || 0) };
  });
}

/** Waits until a marker sits on the line showing `lineText` (trimmed match), and hovering it shows `message` (shot: saved while shown). */
export async function expectMarkerOn(page: Page, lineText: string, message: string | RegExp, shot?: string): Promise<void> {
  await expect.poll(async () => (await markedLines(page)).map((l) => l.text.trim()), { message: `a marker on "${lineText}"` }).toContain(lineText);
  const marked = await markedLines(page);
  const index = marked.findIndex((l) => l.text.trim() === lineText);
  const squiggle = page.getByTestId('monaco-editor').locator('.view-overlays .squiggly-error').nth(index);
  const hover = page.locator('.monaco-hover:not(.hidden)');
  // One CI run hovered the last marker (at the editor's lower edge, under an error panel still laying out) and no
  // hover showed in 5 s.
  await hoverUntilShown(page, squiggle, hover, message, { force: true });
  if (shot) await page.screenshot({ path: shot });
  await page.mouse.move(0, 0);
  await expect(hover).toBeHidden();
}

/**
 * Opens the request console, finds the newest request of `method` whose path holds `path`, checks it answered
 * `status`, and runs its curl line in a shell (the body piped in when the line reads stdin): the HTTP status it gets.
 */
export async function curlStatusOfConsoleRequest(page: Page, method: string, path: string, status: number): Promise<{ curl: string; httpCode: string }> {
  await page.getByTestId('requests-button').click();
  const requests = page.getByRole('dialog', { name: 'API requests' });
  await requests.getByRole('combobox', { name: 'Method' }).selectOption(method);
  await requests.getByRole('textbox', { name: 'Filter requests' }).fill(path);
  const row = requests.getByTestId('request-row').first();
  await expect(row).toContainText(String(status));
  await row.click();
  const curl = (await requests.getByTestId('request-curl').textContent()) ?? '';
  let input: string | undefined;
  if (curl.includes('--data-binary @-')) {
    // The request body shows as JSON (the format it opens in): the same object the page sent.
    input = (await requests.getByTestId('request-body').textContent()) ?? '';
    expect(() => JSON.parse(input ?? '') as unknown).not.toThrow();
  }
  const result = await runProcess('sh', ['-c', `${curl} -o /dev/null -w '%{http_code}'`], { input });
  expect(result.stderr).toBe('');
  await page.keyboard.press('Alt+KeyR');
  await expect(requests).toBeHidden();
  return { curl, httpCode: result.stdout };
}
