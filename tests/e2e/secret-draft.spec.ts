// Typing into a Secret's editor in Chromium: the notice shows beside the editor and the browser's storage never
// holds what was typed.
import { expect, test, type Page } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';
import { collectErrors, editorLine, typeAtEndOfLine } from '../support/edit-screen.js';

const server = () => `${test.info().project.use.baseURL}/k8s/demo`;
const k = (...args: string[]) => kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), ...args]);
const TYPED = 'TYPEDKEYBYTES0123456789';

/** localStorage and sessionStorage, keys and values, as the page sees them. */
function browserStorage(page: Page): Promise<string> {
  return page.evaluate(() => {
    interface BrowserStorage {
      length: number;
      key(index: number): string | null;
      getItem(key: string): string | null;
    }
    // The node type-check has no DOM library: the page's globals are described here.
    const page = globalThis as unknown as { localStorage: BrowserStorage; sessionStorage: BrowserStorage };
    const out: string[] = [];
    for (const store of [page.localStorage, page.sessionStorage]) {
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i) ?? '';
        out.push(key, store.getItem(key) ?? '');
      }
    }
    return out.join('\n');
  });
}

test('a Secret draft is kept in memory only: the notice shows and storage holds none of it', async ({ page }) => {
  const errors = collectErrors(page);
  const name = `secret-draft-${Date.now()}`;
  const created = await k('-n', 'default', 'create', 'secret', 'generic', name, '--from-literal=tls.key=original');
  expect(created.code, created.stderr).toBe(0);

  await page.goto(`/c/demo/api/v1/namespaces/default/secrets/${name}?edit=1`);
  await expect(editorLine(page, 'tls.key')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('secret-draft-notice')).toHaveText(
    'Secret drafts are kept in memory only: they are not saved in this browser and are lost when you close or reload the tab.',
  );
  await typeAtEndOfLine(page, 'tls.key', TYPED);
  await expect(page.getByTestId('draft-state')).toHaveText('Draft kept in memory only');
  expect(await browserStorage(page)).not.toContain(TYPED);
  expect(await browserStorage(page)).not.toContain('tls.key');
  expect(errors).toEqual([]);
});
