// A fresh tab at a list URL: the boot script inlined in index.html draws the preloaded first page before the app's
// module runs (src/app/boot), allowed by its CSP hash, and React's first commit puts the same rows in the same place.
import { expect, test, type Page } from '@playwright/test';

/** Holds the app's entry module (index-*.js) until `release` is called. */
async function holdEntryModule(page: Page): Promise<() => void> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Each row's key, its box, and its cells' texts by column title. Once the list is complete React adds the CPU and
 * Memory columns (metrics.k8s.io), which narrows the others: rows keep their place, columns their texts.
 */
async function rowsOnScreen(page: Page) {
  const titles = await page.locator('thead th').allTextContents();
  return page.locator('tbody tr[data-row-key]').evaluateAll(
    (rows, columnTitles) =>
      rows.map((tr) => {
        const box = tr.getBoundingClientRect();
        // The Age cell's text moves with the clock.
        const cells = [...tr.children].map((td, i) => [columnTitles[i], td.querySelector('time') ? '(age)' : td.textContent]);
        return { key: tr.getAttribute('data-row-key'), box: [box.x, box.y, box.height].map(Math.round), cells: Object.fromEntries(cells) as Record<string, string> };
      }),
    titles,
  );
}

test('the first rows are drawn before the app runs, and React draws the same rows in the same place', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  const release = await holdEntryModule(page);
  // One namespace, fewer pods than a page: the pre-render and React see the same rows, so the columns match too.
  await page.goto('/c/demo/api/v1/namespaces/kube-system/pods', { waitUntil: 'commit' });
  const prerendered = page.locator('[data-prerender]');
  await expect(prerendered.locator('tbody tr[data-row-key]').first()).toBeVisible();
  // Nothing of the app ran yet: no header pickers, no watch.
  await expect(page.getByTestId('context-picker')).toHaveCount(0);
  const before = await rowsOnScreen(page);
  expect(before.length).toBeGreaterThan(0);
  await page.screenshot({ path: 'test-results/first-rows-prerendered.png' });

  release();
  await expect(page.getByTestId('watch-state')).toHaveText('live');
  await expect(prerendered).toHaveCount(0);
  const after = await rowsOnScreen(page);
  expect(after.map(({ key, box }) => ({ key, box }))).toEqual(before.map(({ key, box }) => ({ key, box })));
  after.forEach((row, i) => expect(row.cells).toMatchObject(before[i]?.cells ?? {}));
  await page.screenshot({ path: 'test-results/first-rows-react.png' });
  // The inline boot script ran under the CSP (by its hash): no violation, no error.
  expect(problems).toEqual([]);
});

test('a sort in the URL is left to React: nothing is drawn that React would reorder', async ({ page }) => {
  const release = await holdEntryModule(page);
  await page.goto('/c/demo/api/v1/namespaces/kube-system/pods?sort=Name&desc=1', { waitUntil: 'commit' });
  // The first page is asked (preload) but not drawn while the app is held.
  await page.waitForTimeout(500);
  await expect(page.locator('#root')).toBeEmpty();
  release();
  await expect(page.getByTestId('watch-state')).toHaveText('live');
  await expect(page.locator('th[aria-sort="descending"]')).toHaveText('Name');
});

test('a stored dark scheme is applied before the first rows are painted', async ({ page }) => {
  await page.goto('/');
  await page.evaluate((stored) => (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem('kubeglass-theme', stored), JSON.stringify({ state: { choice: 'dark' }, version: 0 }));
  const release = await holdEntryModule(page);
  await page.goto('/c/demo/api/v1/namespaces/kube-system/pods', { waitUntil: 'commit' });
  await expect(page.locator('[data-prerender] tbody tr').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const background = await page.locator('[data-prerender]').evaluate((element) => element.ownerDocument.defaultView?.getComputedStyle(element).backgroundColor ?? '');
  // bg-white is near black in the dark palette.
  const lightness = Number(/oklch\(([\d.]+)/.exec(background)?.[1] ?? /rgb\((\d+)/.exec(background)?.[1] ?? 'NaN');
  expect(lightness).toBeLessThan(0.5 * (background.startsWith('oklch') ? 1 : 255));
  await page.screenshot({ path: 'test-results/first-rows-dark.png' });
  release();
  await expect(page.getByTestId('watch-state')).toHaveText('live');
});

test('a first page slower than the boot waits is left to React: the app starts on time and nothing is drawn twice', async ({ page }) => {
  // Notes whether a pre-render was ever in the document.
  await page.addInitScript({
    content: "new MutationObserver(() => { if (document.querySelector('[data-prerender]')) globalThis.sawPrerender = true; }).observe(document, { childList: true, subtree: true });",
  });
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/k8s\/demo\/api\/v1\/namespaces\/kube-system\/pods\?.*limit=100/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/c/demo/api/v1/namespaces/kube-system/pods', { waitUntil: 'commit' });
  // The app starts without the page (start-app's wait is bounded) and shows its own shell meanwhile.
  await expect(page.getByTestId('context-picker')).toBeVisible();
  release();
  await expect(page.getByTestId('watch-state')).toHaveText('live', { timeout: 10_000 });
  await expect(page.locator('tbody tr[data-row-key]').first()).toBeVisible();
  expect(await page.evaluate(() => (globalThis as { sawPrerender?: boolean }).sawPrerender ?? false)).toBe(false);
});
