// The browser tier's check after every fault: the rows on screen equal a fresh list from the server, and how long
// that took. Rows are compared by key (namespace/name) and the visible cells that change (Age ticks by itself).
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { recordFault } from './figures.js';

const TABLE_ACCEPT = 'application/json;as=Table;g=meta.k8s.io;v=v1';
/** How soon after the server is reachable again the screen must equal a fresh list (issue 11). */
export const RECOVERY_LIMIT_MS = 5_000;

interface TableAnswer {
  columnDefinitions: { name: string }[];
  rows: { cells: unknown[]; object: { metadata: { name: string; namespace?: string } } }[];
}

/** One list watched on screen: the app route, its context and API path, and the columns compared. */
export interface LiveList {
  route: string;
  /** Default demo. */
  context?: string;
  apiPath: string;
  columns: string[];
}

export const ALL_PODS: LiveList = { route: '/c/demo/api/v1/pods', apiPath: '/api/v1/pods', columns: ['Name', 'Ready', 'Status', 'Restarts'] };

/** Opens the list and waits until its watch is live. */
export async function openLiveList(page: Page, list: LiveList): Promise<void> {
  await page.goto(list.route);
  await expect(page.getByTestId('resource-table').locator('tbody tr').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('watch-state')).toHaveText('live', { timeout: 15_000 });
}

/** The table's rows as "key | cell | cell" as shown, sorted; every row rendered (the viewport is tall enough). */
export async function screenRows(page: Page, list: LiveList): Promise<string[]> {
  return page.getByTestId('resource-table').evaluate((table, columns) => {
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
    const indexes = columns.map((c) => headers.indexOf(c));
    return [...table.querySelectorAll('tbody tr[data-row-key]')]
      .map((tr) => {
        // What is on screen: words for screen readers only (a row's health beside its name) are not cell text.
        const cells = [...tr.querySelectorAll('td')].map((td) => {
          const seen = td.cloneNode(true) as typeof td;
          for (const hidden of seen.querySelectorAll('.sr-only')) hidden.remove();
          return seen.textContent?.trim() ?? '';
        });
        return [tr.getAttribute('data-row-key') ?? '', ...indexes.map((i) => (i < 0 ? '(no column)' : (cells[i] ?? '')))].join(' | ');
      })
      .sort();
  }, list.columns);
}

/** A fresh Table list of the same collection through kubeglass's proxy, in the same shape. */
export async function freshRows(request: APIRequestContext, base: string, list: LiveList): Promise<string[]> {
  const answer = await request.get(`${base}/k8s/${list.context ?? 'demo'}${list.apiPath}`, { headers: { Accept: TABLE_ACCEPT } });
  expect(answer.status(), await answer.text()).toBe(200);
  const table = (await answer.json()) as TableAnswer;
  const indexes = list.columns.map((c) => table.columnDefinitions.findIndex((d) => d.name === c));
  return table.rows
    .map((row) => {
      const { name, namespace } = row.object.metadata;
      return [namespace ? `${namespace}/${name}` : name, ...indexes.map((i) => (i < 0 ? '(no column)' : String(row.cells[i])))].join(' | ');
    })
    .sort();
}

export interface Recovery {
  /** Fault scenario name, as printed in the figures. */
  scenario: string;
  /** Faults injected in this round. */
  injected: number;
  /** When the server was reachable again (Date.now()). */
  since: number;
  /** A row key that must be on screen (a change made after the fault), so an unchanged stale screen cannot pass. */
  mustShow?: string;
}

/**
 * Polls screen and fresh list until they are equal (and show `mustShow`), records the figures and fails when that
 * took longer than RECOVERY_LIMIT_MS. The activity loop changes pods every second, so both are read again each try.
 */
export async function expectRecovered(page: Page, base: string, list: LiveList, round: Recovery): Promise<number> {
  let last = { screen: [] as string[], fresh: [] as string[] };
  let recoveryMs: number | undefined;
  const deadline = round.since + RECOVERY_LIMIT_MS + 10_000;
  while (Date.now() < deadline) {
    const at = Date.now();
    const screen = await screenRows(page, list);
    const fresh = await freshRows(page.request, base, list);
    last = { screen, fresh };
    const shown = round.mustShow === undefined || screen.some((r) => r.startsWith(`${round.mustShow} |`));
    if (shown && screen.join('\n') === fresh.join('\n')) {
      recoveryMs = Math.max(0, at - round.since);
      break;
    }
    await page.waitForTimeout(100);
  }
  const survived = recoveryMs !== undefined && recoveryMs <= RECOVERY_LIMIT_MS;
  recordFault({ scenario: round.scenario, injected: round.injected, survived: survived ? round.injected : 0, recoveryMs: recoveryMs ?? null });
  expect(recoveryMs, `screen never equalled a fresh list; last screen:\n${last.screen.join('\n')}\nfresh:\n${last.fresh.join('\n')}`).toBeDefined();
  expect(recoveryMs).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
  return recoveryMs ?? -1;
}
