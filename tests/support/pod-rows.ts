// The resource table's rows next to what kubectl lists, for the demo cluster's e2e specs.
import { expect, type Page } from '@playwright/test';
import { kubectl } from './kubectl.js';

const KUBECONFIG = 'tests/e2e/no-contexts.kubeconfig';

/** The table's row keys (namespace/name), in screen order. */
export async function rowKeys(page: Page): Promise<string[]> {
  return page
    .getByTestId('resource-table')
    .locator('tbody tr[data-row-key]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-key') ?? ''));
}

/** namespace/name of the pods kubectl lists through kubeglass's proxy at `base`, with an optional selector. */
export async function podKeys(base: string, ...selector: string[]): Promise<string[]> {
  // 10,000 pods take kubectl a while on a busy 2-core machine: give it more than the default 20 s.
  const args = ['--kubeconfig', KUBECONFIG, '--server', `${base}/k8s/demo`, 'get', 'pods', '-A', ...selector, '--no-headers', '-o', 'custom-columns=NS:.metadata.namespace,NAME:.metadata.name'];
  const r = await kubectl(args, { timeoutMs: 60_000 });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.trim().split(/\s+/).join('/'));
}

/**
 * Waits until the table's rows are the pods kubectl lists with the same selector, and returns them. Both are
 * read again on each try: the activity loop creates pods and moves them through phases, so a listing taken
 * once goes stale while the live table moves on.
 */
export async function expectRowsLikeKubectl(page: Page, base: string, ...selector: string[]): Promise<string[]> {
  let last: { rows: string[]; kubectl: string[] } = { rows: [], kubectl: [] };
  await expect
    .poll(
      async () => {
        const [rows, listed] = await Promise.all([rowKeys(page), podKeys(base, ...selector)]);
        last = { rows: rows.sort(), kubectl: listed.sort() };
        return last.rows.join(' ') === last.kubectl.join(' ') ? 'same rows' : last;
      },
      { timeout: 15_000 },
    )
    .toBe('same rows');
  return last.kubectl;
}
