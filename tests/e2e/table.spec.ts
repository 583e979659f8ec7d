// The resource table as a user drives it: selectors (URL and input), errors that keep rows, sorting,
// keyboard navigation, and a 10,000-pod list that stays virtualized.
import { expect, test, type Page } from '@playwright/test';
import { expectRowsLikeKubectl as rowsLikeKubectl, podKeys, rowKeys } from '../support/pod-rows.js';
import { startKubeglassProcess, type KubeglassProcess } from '../support/kubeglass-process.js';

const KUBECONFIG = 'tests/e2e/no-contexts.kubeconfig';
const baseURL = () => String(test.info().project.use.baseURL);
const expectRowsLikeKubectl = (page: Page, ...selector: string[]) => rowsLikeKubectl(page, baseURL(), ...selector);

test('a label selector in the URL lists only matching pods, like kubectl -l', async ({ page }) => {
  await page.goto('/c/demo/api/v1/pods?labelSelector=app%3Dweb');
  await expect(page.getByTestId('watch-state')).toHaveText('live');
  await expect(page.getByTestId('label-selector')).toHaveValue('app=web');
  expect((await expectRowsLikeKubectl(page, '-l', 'app=web')).length).toBeGreaterThan(0);
  await page.screenshot({ path: 'test-results/table-label-url.png' });
});

test('applying a selector from the input re-lists and puts it in the URL; a bad one shows the 400 and keeps the rows', async ({ page }) => {
  await page.goto('/c/demo/api/v1/namespaces/demo/pods');
  await expect(page.getByTestId('watch-state')).toHaveText('live');
  await page.getByTestId('selector-help-toggle').click();
  await expect(page.getByTestId('selector-help')).toContainText('tier notin (db)');
  await expect(page.getByTestId('selector-help')).toContainText('status.phase=');
  await page.screenshot({ path: 'test-results/table-selector-help.png' });
  await page.getByTestId('selector-help-toggle').click();

  await page.getByTestId('label-selector').fill('app in (api,worker)');
  await page.getByTestId('label-selector').press('Enter');
  await expect(page).toHaveURL(/labelSelector=app\+in\+%28api%2Cworker%29/);
  const expected = await expectRowsLikeKubectl(page, '-l', 'app in (api,worker)');
  await expect(page.getByTestId('watch-state')).toHaveText('live');

  await page.getByTestId('label-selector').fill('app in (api');
  await expect(page.getByTestId('selector-hint')).toBeVisible();
  await page.getByTestId('apply-selectors').click();
  const alert = page.getByTestId('kube-error');
  await expect(alert).toBeVisible();
  await expect(alert.getByTestId('error-code')).toHaveText('400');
  await expect(alert.getByTestId('error-reason')).toHaveText('BadRequest');
  // The previous rows stay on screen, marked as such.
  expect((await rowKeys(page)).sort()).toEqual(expected);
  await expect(page.getByTestId('previous-rows-note')).toBeVisible();
  await page.screenshot({ path: 'test-results/table-bad-selector.png' });

  // Back restores the good selector's view.
  await page.goBack();
  await expect(page.getByTestId('kube-error')).toHaveCount(0);
  await expect(page.getByTestId('label-selector')).toHaveValue('app in (api,worker)');
});

test('a field selector narrows pods by phase', async ({ page }) => {
  await page.goto('/c/demo/api/v1/pods');
  await expect(page.getByTestId('watch-state')).toHaveText('live');
  await page.getByTestId('field-selector').fill('status.phase=Pending');
  await page.getByTestId('field-selector').press('Enter');
  const pending = await expectRowsLikeKubectl(page, '--field-selector', 'status.phase=Pending');
  // The selector did narrow the list: some pods are in other phases.
  expect((await podKeys(baseURL())).length).toBeGreaterThan(pending.length);
});

test('sorting by Restarts orders numerically and survives a reload', async ({ page }) => {
  await page.goto('/c/demo/api/v1/pods');
  await expect(page.getByTestId('watch-state')).toHaveText('live');
  const header = page.getByRole('columnheader', { name: 'Restarts' });
  await expect(header).toHaveAttribute('aria-sort', 'none');
  await page.getByTestId('sort-Restarts').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await page.getByTestId('sort-Restarts').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort=Restarts&desc=1/);
  const restarts = async () => {
    const index = await page.locator('thead th').evaluateAll((ths) => ths.findIndex((th) => th.textContent === 'Restarts'));
    return page.locator('tbody tr[data-row-key]').evaluateAll(
      (rows, i) => rows.map((row) => Number.parseInt(row.querySelectorAll('td')[i]?.textContent ?? '', 10)),
      index,
    );
  };
  const desc = await restarts();
  expect(desc.length).toBeGreaterThan(3);
  expect(desc).toEqual([...desc].sort((a, b) => b - a));
  expect(desc[0]).toBeGreaterThan(desc.at(-1) ?? 0);
  await page.screenshot({ path: 'test-results/table-sort-restarts.png' });
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Restarts' })).toHaveAttribute('aria-sort', 'descending');
  // The activity loop keeps adding and removing pods: compare the order, not the exact rows.
  const again = await restarts();
  expect(again).toEqual([...again].sort((a, b) => b - a));
  expect(again[0]).toBe(desc[0]);
  await page.getByTestId('sort-Restarts').click();
  await expect(page.getByRole('columnheader', { name: 'Restarts' })).toHaveAttribute('aria-sort', 'none');
  await expect(page).not.toHaveURL(/sort=/);
});

test('filter with / and keyboard: arrows select, Enter opens the object in its own namespace', async ({ page }) => {
  await page.goto('/c/demo/api/v1/pods');
  await expect(page.getByTestId('watch-state')).toHaveText('live');
  await page.keyboard.press('/');
  await expect(page.getByTestId('table-filter')).toBeFocused();
  await page.keyboard.type('coredns');
  await expect(page).toHaveURL(/filter=coredns/);
  await expect.poll(async () => (await rowKeys(page)).every((key) => key.includes('coredns'))).toBe(true);
  const keys = await rowKeys(page);
  expect(keys.length).toBeGreaterThan(0);
  await page.getByTestId('table-scroller').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  const selected = page.locator('tbody tr[data-selected]');
  await expect(selected).toHaveAttribute('data-row-key', keys.at(-1) ?? '');
  await page.keyboard.press('Home');
  await expect(selected).toHaveAttribute('data-row-key', keys[0] ?? '');
  await page.screenshot({ path: 'test-results/table-keyboard.png' });
  const [namespace, name] = (keys[0] ?? '').split('/');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/c/demo/api/v1/namespaces/${namespace}/pods/${name}$`));
  await page.goBack();
  await expect(page.getByTestId('table-filter')).toHaveValue('coredns');
  // Names are links too.
  await expect(page.getByRole('link', { name: name ?? '', exact: true })).toHaveAttribute('href', `/c/demo/api/v1/namespaces/${namespace}/pods/${name}`);
});

test.describe('a large list', () => {
  let server: KubeglassProcess;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = await startKubeglassProcess(['--demo-seed-pods', '10000', '--demo-activity-ms', '0'], { KUBECONFIG });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('10,000 pods stream in, scroll to the last rows, and keep the DOM small', async ({ page }) => {
    test.setTimeout(90_000);
    const expected = await podKeys(server.url);
    expect(expected.length).toBeGreaterThanOrEqual(10_000);
    await page.goto(`${server.url}/c/demo/api/v1/pods`);
    await expect(page.locator('tbody tr[data-row-key]').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('row-count')).toHaveText(`${expected.length.toLocaleString('en-US')} items`, { timeout: 30_000 });
    await expect(page.getByTestId('loading-more')).toHaveCount(0);
    await expect(page.getByTestId('watch-state')).toHaveText('live');

    const scroller = page.getByTestId('table-scroller');
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    // Server order: the last row is the one kubectl prints last.
    await expect.poll(async () => (await rowKeys(page)).at(-1), { timeout: 5_000 }).toBe(expected.at(-1));
    await expect(page.locator(`tbody tr[data-row-key="${expected.at(-1)}"]`)).toBeInViewport();
    const trCount = await page.locator('tbody tr').count();
    expect(trCount).toBeLessThan(200);
    expect(trCount).toBeGreaterThan(10);
    await page.screenshot({ path: 'test-results/table-large-end.png' });

    // Natural order by Name ends with the highest load-NNNNN; the End key gets there too.
    await page.getByTestId('sort-Name').click();
    await scroller.focus();
    await page.keyboard.press('End');
    const byName = [...expected].sort((a, b) => (a.split('/')[1] ?? '').localeCompare(b.split('/')[1] ?? '', 'en', { numeric: true }) || a.localeCompare(b));
    await expect(page.locator('tbody tr[data-selected]')).toHaveAttribute('data-row-key', byName.at(-1) ?? '');
    await expect(page.locator('tbody tr[data-selected]')).toBeInViewport();
    expect(await page.locator('tbody tr').count()).toBeLessThan(200);
    await page.screenshot({ path: 'test-results/table-large-sorted-end.png' });
  });
  test('while its pages load, the page says how much is in, and nothing on it animates', async ({ page }) => {
    test.setTimeout(90_000);
    const expected = await podKeys(server.url);
    // Watched from the first mutation: a running CSS animation has the compositor draw a frame every vsync, work
    // taken from the pages' parse on a small machine.
    await page.addInitScript(() => {
      // No DOM types in the tests' project: the little of the page used here, typed.
      const root = globalThis as unknown as {
        document: { querySelector(selector: string): { textContent: string | null } | null; getAnimations(): unknown[] };
        MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void };
        __kgLoading: { animations: number; progress: string[] };
      };
      const seen = { animations: 0, progress: [] as string[] };
      root.__kgLoading = seen;
      new root.MutationObserver(() => {
        const status = root.document.querySelector('[data-testid="loading-more"]');
        if (!status) return;
        seen.animations = Math.max(seen.animations, root.document.getAnimations().length);
        const text = status.textContent ?? '';
        if (seen.progress.at(-1) !== text) seen.progress.push(text);
      }).observe(root.document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(`${server.url}/c/demo/api/v1/pods`);
    await expect(page.getByTestId('row-count')).toHaveText(`${expected.length.toLocaleString('en-US')} items`, { timeout: 30_000 });
    await expect(page.getByTestId('loading-more')).toHaveCount(0);
    const seen = await page.evaluate(() => (globalThis as unknown as { __kgLoading: { animations: number; progress: string[] } }).__kgLoading);
    expect(seen.progress.length).toBeGreaterThan(0);
    for (const text of seen.progress) expect(text).toMatch(new RegExp(`^loading more… [\\d,]+ of ${expected.length.toLocaleString('en-US')} rows$`));
    expect(seen.animations).toBe(0);
  });

  test('a fresh load asks each page once: 100 rows, then 2,500 a page', async ({ page }) => {
    test.setTimeout(90_000);
    const expected = await podKeys(server.url);
    const pageRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/k8s/demo/api/v1/pods' && url.searchParams.has('limit')) pageRequests.push(`${url.searchParams.get('limit')} ${url.searchParams.get('continue') ?? ''}`);
    });
    await page.goto(`${server.url}/c/demo/api/v1/pods`);
    await expect(page.getByTestId('row-count')).toHaveText(`${expected.length.toLocaleString('en-US')} items`, { timeout: 30_000 });
    await expect(page.getByTestId('loading-more')).toHaveCount(0);
    expect(await rowKeys(page)).toEqual(expected.slice(0, (await rowKeys(page)).length));
    // No page asked twice.
    expect(pageRequests).toHaveLength(1 + Math.ceil((expected.length - 100) / 2500));
    expect(new Set(pageRequests).size).toBe(pageRequests.length);
    expect(pageRequests[0]).toBe('100 ');
    expect(pageRequests.slice(1).every((r) => r.startsWith('2500 ') && r.length > 5)).toBe(true);
  });
});
