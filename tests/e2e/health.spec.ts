// Health at a glance against the embedded demo cluster: failing pods in red, pods and workloads short of ready (or
// restarting) in amber, Completed ones quiet, in the lists and on the object page, in words for screen readers too.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectErrors } from '../support/edit-screen.js';

const shot = (name: string) => test.info().outputPath(`${name}.png`);

/** The row whose key starts with namespace/prefix (pod names end in generated suffixes). */
function row(page: Page, key: string): Locator {
  return page.locator(`[data-testid="resource-table"] tbody tr[data-row-key^="${key}"]`).first();
}

/** The text colour of the row's cell under the column titled `title`, as the browser computed it. */
async function cellColour(page: Page, r: Locator, title: string): Promise<string> {
  const titles = await page.getByTestId('resource-table').locator('thead th').allTextContents();
  const index = titles.findIndex((t) => t.trim() === title);
  expect(index, `column ${title} in ${titles.join(', ')}`).toBeGreaterThanOrEqual(0);
  return r.locator('td').nth(index).evaluate((td) => td.ownerDocument.defaultView?.getComputedStyle(td).color ?? '');
}

/** Red and amber as colours (Tailwind's are oklch): the hue angle of a clearly coloured text, whatever the scheme. */
function hue(colour: string): 'red' | 'amber' | 'other' {
  const oklch = /oklch\(([\d.]+%?) ([\d.]+) ([\d.]+)/.exec(colour);
  if (!oklch) return 'other';
  const [chroma, angle] = [Number(oklch[2]), Number(oklch[3])];
  if (chroma < 0.03) return 'other';
  if (angle < 40 || angle > 345) return 'red';
  return angle < 100 ? 'amber' : 'other';
}

for (const scheme of ['light', 'dark'] as const) {
  test(`pods say failing in red and not ready in amber, Completed stays quiet (${scheme})`, async ({ page }) => {
    const errors = collectErrors(page);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/c/demo/api/v1/pods');
    await expect(row(page, 'shop/payments-')).toBeVisible({ timeout: 15_000 });
    for (const [key, reason] of [['shop/payments-', 'ImagePullBackOff'], ['shop/reports-', 'Error']] as const) {
      const r = row(page, key);
      await expect(r).toHaveAttribute('data-health', 'failing');
      // Words, not only colour: what a screen reader reads with the row.
      await expect(r.getByTestId('row-health')).toHaveText(new RegExp(`^failing: ${reason}`));
      expect(hue(await cellColour(page, r, 'Status'))).toBe('red');
    }
    // The demo's crashing worker cycles: crash-looping, Running but not ready, or ready again for a moment; restarted.
    const crashing = row(page, 'demo/worker-');
    await expect(crashing).toHaveAttribute('data-health', /^(failing|warning)$/);
    await expect(crashing.getByTestId('row-health')).toHaveText(/^(?:(?:failing: CrashLoopBackOff|not ready: 0\/1 ready), |restarting: )\d+ restarts$/);
    // A failed pod is not greyed out like a finished one.
    await expect(row(page, 'shop/reports-')).not.toHaveAttribute('data-completed', '');
    // Pending past its first moments (demo/cache's pod never schedules), and a pod that restarted: amber, said so.
    const pending = row(page, 'demo/cache-');
    await expect(pending).toHaveAttribute('data-health', 'warning');
    await expect(pending.getByTestId('row-health')).toHaveText(/^not ready: Pending/);
    expect(hue(await cellColour(page, pending, 'Status'))).toBe('amber');
    const db = row(page, 'shop/db-0');
    await expect(db).toHaveAttribute('data-health', 'warning');
    await expect(db.getByTestId('row-health')).toHaveText(/1 restart/);
    expect(hue(await cellColour(page, db, 'Restarts'))).toBe('amber');
    // Completed stays quiet.
    const migrate = row(page, 'demo/migrate-');
    await expect(migrate).toHaveAttribute('data-completed', '');
    await expect(migrate).not.toHaveAttribute('data-health', /.+/);
    await page.screenshot({ path: shot(`pods-${scheme}`) });

    // Workloads short of their replicas, in their list.
    await page.goto('/c/demo/apis/apps/v1/deployments');
    // demo/cache's one pod never schedules (no node fits it): always 0/1; the crashing worker is ready now and then.
    const cache = row(page, 'demo/cache');
    await expect(cache).toHaveAttribute('data-health', 'warning', { timeout: 15_000 });
    await expect(cache.getByTestId('row-health')).toHaveText(/^not ready: 0\/1 ready/);
    expect(hue(await cellColour(page, cache, 'Ready'))).toBe('amber');
    // The demo's activity takes replicas down now and then: every Deployment at full strength is quiet.
    const titles = (await page.getByTestId('resource-table').locator('thead th').allTextContents()).map((t) => t.trim());
    const columns = ['Ready', 'Up-to-date', 'Available'].map((t) => titles.indexOf(t));
    const judged = await page.getByTestId('resource-table').locator('tbody tr[data-row-key]').evaluateAll(
      (rows, at) => rows.map((r) => ({ cells: at.map((i) => r.children[i]?.textContent ?? ''), health: r.getAttribute('data-health') })),
      columns,
    );
    const full = judged.filter(({ cells: [ready, upToDate, available] }) => /^(\d+)\/\1$/.test(ready ?? '') && ready?.split('/')[1] === upToDate && upToDate === available);
    expect(full.length).toBeGreaterThan(0);
    for (const r of full) expect(r.health).toBeNull();
    await page.screenshot({ path: shot(`deployments-${scheme}`) });

    // The object page says the same.
    await cache.getByRole('link', { name: 'cache' }).click();
    await expect(page.getByTestId('object-health')).toHaveText(/^Not ready: 0\/1 ready/, { timeout: 15_000 });
    await page.goto('/c/demo/api/v1/namespaces/shop/pods');
    await expect(row(page, 'shop/payments-')).toHaveAttribute('data-health', 'failing', { timeout: 15_000 });
    await page.getByTestId('resource-table').screenshot({ path: shot(`shop-pods-${scheme}`) });
    await row(page, 'shop/payments-').locator('a').first().click();
    const health = page.getByTestId('object-health');
    await expect(health).toHaveText(/^Failing: ImagePullBackOff/, { timeout: 15_000 });
    expect(hue(await health.evaluate((e) => e.ownerDocument.defaultView?.getComputedStyle(e).color ?? ''))).toBe('red');
    await page.locator('article header').first().screenshot({ path: shot(`pod-page-${scheme}`) });
    expect(errors).toEqual([]);
  });
}
