// The raw request tool (/c/{context}/-/request) driven like a user, shared by the demo and real-apiserver tiers.
import { expect, type Page } from '@playwright/test';

/** The tool's link for a request; `path` may carry its own query (watch=1...). */
export function rawRequestLink(context: string, params: Record<string, string>): string {
  return `/c/${context}/-/request?${new URLSearchParams(params).toString()}`;
}

/** Counts the requests of one method the page sends to the API proxy (and keeps every URL the page asked for). */
export function countApiRequests(page: Page, method: string): { count: number; urls: string[] } {
  const seen = { count: 0, urls: [] as string[] };
  page.on('request', (request) => {
    seen.urls.push(request.url());
    if (request.method() === method && new URL(request.url()).pathname.startsWith('/k8s/')) seen.count++;
  });
  return seen;
}

/** The answer of the last send: HTTP status line and body, as RequestDetail shows them. */
export function responseOf(page: Page) {
  const detail = page.getByTestId('raw-request').getByTestId('request-detail');
  return { detail, body: detail.getByTestId('response-body'), headersTitle: detail.getByRole('heading', { name: /^Response headers/ }) };
}

/** Opens a DELETE link with send=1 and checks nothing is sent: a notice instead, and no DELETE in the request console. */
export async function expectDeleteLinkNotSent(page: Page, context: string, path: string): Promise<void> {
  const deletes = countApiRequests(page, 'DELETE');
  await page.goto(rawRequestLink(context, { verb: 'DELETE', path, send: '1' }));
  await expect(page.getByTestId('not-sent-on-open')).toContainText('This link asks to send a DELETE on open');
  await expect(page.getByRole('combobox', { name: 'Verb' })).toHaveValue('DELETE');
  await expect(page.getByRole('combobox', { name: 'API path' })).toHaveValue(path);
  // Give anything the page would send on its own time to go out before counting (the app keeps a socket open: no networkidle).
  await page.waitForTimeout(1000);
  expect(deletes.count).toBe(0);
  await expect(page.getByTestId('request-detail')).toHaveCount(0);
  await page.getByTestId('requests-button').click();
  const console = page.getByRole('dialog', { name: 'API requests' });
  await console.getByRole('combobox', { name: 'Method' }).selectOption('DELETE');
  await expect(console.getByTestId('request-row')).toHaveCount(0);
  await page.getByTestId('requests-button').click();
}

/** A watch from resourceVersion=1 ends with 410: code, reason, explanation and the raw event shown. */
export async function expectExpiredWatchExplained(page: Page, context: string, collection: string): Promise<void> {
  await page.goto(rawRequestLink(context, { verb: 'GET', path: `${collection}?watch=1&resourceVersion=1`, send: '1' }));
  const error = page.getByTestId('watch-error').first();
  await expect(error.getByTestId('error-code')).toHaveText('410');
  await expect(error.getByTestId('error-reason')).toHaveText(/^(Expired|Gone)$/);
  await expect(error.getByTestId('error-message')).toContainText('too old resource version');
  await expect(error.getByTestId('error-explanation')).not.toBeEmpty();
  await error.getByText('Raw response').click();
  await expect(error.getByTestId('error-raw-status')).toHaveText('Watch ERROR event (the stream itself answered 200)');
  await expect(error.getByTestId('error-raw-body')).toContainText('"code":410');
  await expect(page.getByTestId('watch-phase')).toHaveAttribute('data-phase', 'closed');
}
