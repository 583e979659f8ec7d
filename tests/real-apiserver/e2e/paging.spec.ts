// Real tier in Chromium: a list of more than one page from kube-apiserver 1.20.2. Each page is asked once and every
// row shows, on a fresh load and on a navigation (the second page asked with the token read from the head of the
// first, see wire/list-paging peekContinue).
import { expect, test, type Page } from '@playwright/test';
import { kubectl } from '../../support/kubectl.js';

const kubeconfig = process.env.KUBECONFIG_REAL ?? '';
const k = (args: string[], input?: string) => kubectl(['--kubeconfig', kubeconfig, ...args], { input, timeoutMs: 120_000 });
const NAMESPACE = 'paging';
const CONFIG_MAPS = 260;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const items = Array.from({ length: CONFIG_MAPS }, (_, i) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${String(i).padStart(4, '0')}` }, data: { i: String(i) } }));
  const created = await k(['create', 'namespace', NAMESPACE]);
  expect(created.code, created.stderr).toBe(0);
  const filled = await k(['create', '-n', NAMESPACE, '-f', '-'], JSON.stringify({ apiVersion: 'v1', kind: 'List', items }));
  expect(filled.code, filled.stderr).toBe(0);
});

test.afterAll(async () => {
  await k(['delete', 'namespace', NAMESPACE, '--wait=false']);
});

/** Every list page request for the namespace's ConfigMaps, as "limit continue". */
function recordPages(page: Page): string[] {
  const pages: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === `/k8s/real/api/v1/namespaces/${NAMESPACE}/configmaps` && url.searchParams.has('limit')) {
      pages.push(`${url.searchParams.get('limit')} ${url.searchParams.get('continue') ?? ''}`);
    }
  });
  return pages;
}

async function expectAllListed(page: Page, pages: string[]) {
  const names = (await k(['get', 'configmaps', '-n', NAMESPACE, '-o', 'name'])).stdout.trim().split('\n');
  expect(names.length).toBeGreaterThanOrEqual(CONFIG_MAPS);
  await expect(page.getByTestId('row-count')).toHaveText(`${names.length} items`, { timeout: 20_000 });
  await expect(page.getByTestId('loading-more')).toHaveCount(0);
  // 100 rows, then up to 2,500: two pages, each asked once, the second with the first page's token.
  expect(pages).toHaveLength(2);
  expect(pages[0]).toBe('100 ');
  expect(pages[1]).toMatch(/^2500 \S+$/);
}

test('a fresh load asks both pages, each once', async ({ page }) => {
  const pages = recordPages(page);
  await page.goto(`/c/real/api/v1/namespaces/${NAMESPACE}/configmaps`);
  await expectAllListed(page, pages);
  await expect(page.getByTestId('resource-table').locator('tbody tr', { hasText: 'cm-0000' })).toBeVisible();
});

test('a navigation: the app asks both pages itself, each once', async ({ page }) => {
  await page.goto(`/c/real/api/v1/namespaces/${NAMESPACE}/secrets`);
  const nav = page.getByRole('navigation', { name: 'Resources' });
  const link = nav.locator('[data-resource="configmaps"] a').first();
  await expect(link).toBeVisible({ timeout: 10_000 });
  const pages = recordPages(page);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/c/real/api/v1/namespaces/${NAMESPACE}/configmaps`));
  await expectAllListed(page, pages);
});
