// A fresh tab at a list URL: the boot script inlined in index.html draws the preloaded first page before the app's
// module runs (src/app/boot), allowed by its CSP hash, and React's first commit puts the same rows in the same place.
import { expect, test, type Page } from '@playwright/test';
import { inlineScriptTexts } from '../../server/inline-scripts.js';
import { podKeys } from '../support/pod-rows.js';
import { startKubeglassProcess, type KubeglassProcess } from '../support/kubeglass-process.js';

const LIST = '/c/demo/api/v1/namespaces/kube-system/pods';

/** Holds the app's entry module (index-*.js) until the returned function is called. */
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
 * Opens the list with the app's module held, once the boot script has drawn its rows. It draws only a first page
 * that arrives within 200 ms of the document's parse (start-app's wait, past which the app starts and draws itself):
 * a cold browser's first navigation sometimes got it later, so an open without the pre-render is tried again (at
 * most three times). Returns the release of the app's module.
 */
async function openHeldWithPrerender(page: Page): Promise<() => void> {
  for (let attempt = 1; ; attempt++) {
    const release = await holdEntryModule(page);
    await page.goto(LIST, { waitUntil: 'commit' });
    try {
      await expect(page.locator('[data-prerender] tbody tr[data-row-key]').first()).toBeVisible({ timeout: 3000 });
      return release;
    } catch (error) {
      if (attempt === 3) throw error;
      release();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  }
}

/**
 * Each row's key, its box, and its cells' texts by column title. Once the list is complete React adds the CPU and
 * Memory columns (metrics.k8s.io), which narrows the others: rows keep their place, columns their texts.
 */
function rowsOnScreen(page: Page) {
  // Titles and rows in one read: React adds the metrics columns at any moment once the list is complete.
  return page
    .locator('table')
    .first()
    .evaluate((table) => {
      const titles = [...table.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
      return [...table.querySelectorAll('tbody tr[data-row-key]')].map((tr) => {
        const box = tr.getBoundingClientRect();
        // The Age cell's text moves with the clock.
        const cells = [...tr.children].map((td, i) => [titles[i], td.querySelector('time') ? '(age)' : td.textContent]);
        return { key: tr.getAttribute('data-row-key'), box: [box.x, box.y, box.height].map(Math.round), cells: Object.fromEntries(cells) as Record<string, string> };
      });
    });
}

test('the first rows are drawn before the app runs, and React draws the same rows in the same place', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  // One namespace, fewer pods than a page: the pre-render and React see the same rows, so the columns match too.
  const release = await openHeldWithPrerender(page);
  const prerendered = page.locator('[data-prerender]');
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

test.describe('a list of a few pages', () => {
  let server: KubeglassProcess;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = await startKubeglassProcess(['--demo-seed-pods', '3000', '--demo-activity-ms', '0'], { KUBECONFIG: 'tests/e2e/no-contexts.kubeconfig' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('is drawn whole before the app runs: every page joined, and it scrolls to the last row', async ({ page }) => {
    const keys = await podKeys(server.url);
    expect(keys.length).toBeGreaterThan(2600);
    // The app's module held: only the boot script draws.
    const release = await holdEntryModule(page);
    await page.goto(`${server.url}/c/demo/api/v1/pods`, { waitUntil: 'commit' });
    const prerendered = page.locator('[data-prerender]');
    await expect(prerendered.getByTestId('row-count')).toHaveText(`${keys.length.toLocaleString('en-US')} items`);
    await expect(prerendered.getByTestId('loading-more')).toHaveCount(0);
    await expect(page.getByTestId('context-picker')).toHaveCount(0);
    await prerendered.locator('table').evaluate((table) => {
      const scroller = table.parentElement;
      if (scroller) scroller.scrollTop = scroller.scrollHeight;
    });
    const last = prerendered.locator('tbody tr[data-row-key]').last();
    await expect(last).toHaveAttribute('data-row-key', keys.at(-1) ?? '');
    await expect(last).toBeInViewport();
    await page.screenshot({ path: 'test-results/first-rows-whole-list-end.png' });
    release();
    await expect(page.getByTestId('watch-state')).toHaveText('live');
    await expect(prerendered).toHaveCount(0);
    await expect(page.getByTestId('row-count')).toHaveText(`${keys.length.toLocaleString('en-US')} items`);
  });

  test("the app's modules are asked only once the whole list is drawn: they do not share the cores with its pages", async ({ page }) => {
    const keys = await podKeys(server.url);
    // When (performance.now) the pre-render's count first said the whole list with no page loading.
    await page.addInitScript((whole) => {
      // No DOM types in the tests' project: the little of the page used here, typed.
      const root = globalThis as unknown as {
        document: { querySelector(selector: string): { textContent: string | null } | null };
        MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void };
        __wholeAt?: number;
      };
      new root.MutationObserver(() => {
        const count = root.document.querySelector('[data-prerender] [data-testid="row-count"]')?.textContent;
        if (root.__wholeAt === undefined && count === whole && !root.document.querySelector('[data-testid="loading-more"]')) root.__wholeAt = performance.now();
      }).observe(root.document, { childList: true, subtree: true, characterData: true });
    }, `${keys.length.toLocaleString('en-US')} items`);
    await page.goto(`${server.url}/c/demo/api/v1/pods`);
    await expect(page.getByTestId('watch-state')).toHaveText('live');
    const { wholeAt, scripts } = await page.locator('html').evaluate(() => {
      const root = globalThis as unknown as { __wholeAt?: number };
      const entries = performance.getEntriesByType('resource').filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name));
      return { wholeAt: root.__wholeAt ?? null, scripts: entries.map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime })) };
    });
    expect(wholeAt).not.toBeNull();
    // The entry and its chunks (modulepreload), each asked after the last page was joined.
    expect(scripts.some((script) => script.name.startsWith('/assets/index-'))).toBe(true);
    for (const script of scripts) expect(script.startTime, script.name).toBeGreaterThanOrEqual(wholeAt ?? Infinity);
  });
});

test("the first page is asked by an inline script of its own, ahead of the pre-render's", async ({ request }) => {
  // Its request must not wait for the pre-render's code to compile (vite.config.ts inlines the two apart).
  const html = await (await request.get(LIST)).text();
  const inline = inlineScriptTexts(html);
  expect(inline).toHaveLength(2);
  expect(inline[0]).toContain('__kubeglassFirstPage');
  expect(inline[0]).not.toContain('data-prerender');
  expect(inline[1]).toContain('data-prerender');
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
  const release = await openHeldWithPrerender(page);
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
