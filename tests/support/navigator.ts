// Page helpers shared by the demo and real-apiserver navigator specs.
import { expect, type Page } from '@playwright/test';
import { TABLE_ACCEPT } from '../../wire/ws-protocol.js';

interface ColumnDefinition {
  name: string;
  priority: number;
}

/** The navigator's resource links, group by group (pins and recents excluded). */
export async function navigatorLinks(page: Page): Promise<Array<{ resource: string; href: string }>> {
  const groups = page.getByRole('navigation', { name: 'Resources' }).getByTestId('api-group');
  await expect(groups.first()).toBeVisible();
  return groups.locator('[data-testid="nav-resource"]').evaluateAll((items) =>
    items.map((item) => ({ resource: item.getAttribute('data-resource') ?? '', href: item.querySelector('a')?.getAttribute('href') ?? '' })),
  );
}

/** Column names the server prints by default (priority 0), as the UI shows without Wide. */
export async function serverColumns(page: Page, context: string, apiPath: string): Promise<string[]> {
  const res = await page.request.get(`/k8s/${context}${apiPath}`, { headers: { Accept: TABLE_ACCEPT } });
  expect(res.status(), `${apiPath}: ${await res.text()}`).toBe(200);
  const table = (await res.json()) as { kind: string; columnDefinitions: ColumnDefinition[] };
  expect(table.kind).toBe('Table');
  return table.columnDefinitions.filter((c) => c.priority === 0).map((c) => c.name);
}

/** Columns the UI adds after the server's: CPU and Memory on core pods and nodes where metrics.k8s.io answers, Logs on pods. */
function uiColumns(apiPath: string, metricsServed: boolean): string[] {
  const core = /^\/api\/v1\/(?:namespaces\/[^/]+\/)?(pods|nodes)$/.exec(apiPath)?.[1];
  if (!core) return [];
  return [...(metricsServed ? ['CPU', 'Memory'] : []), ...(core === 'pods' ? ['Logs'] : [])];
}

/** Opens every navigator resource of `context` (links point into `namespace`) and checks the table headers equal the server's columns. */
export async function expectEveryResourceOpens(page: Page, context: string, namespace: string): Promise<number> {
  const links = await navigatorLinks(page);
  const metricsServed = (await page.request.get(`/k8s/${context}/apis/metrics.k8s.io/v1beta1`)).ok();
  const nav = page.getByRole('navigation', { name: 'Resources' });
  for (const { resource, href } of links) {
    const apiPath = href.replace(new RegExp(`^/c/${context}`), '');
    // Namespaced resources link into the picked namespace, cluster-scoped ones have none: no Namespace column either way.
    expect(apiPath.includes(`/namespaces/${namespace}/`) || !apiPath.includes('/namespaces/'), href).toBe(true);
    const expected = [...(await serverColumns(page, context, apiPath)), ...uiColumns(apiPath, metricsServed)];
    await nav.getByTestId('api-group').locator(`[data-resource="${resource}"] a`).first().click();
    await expect(page).toHaveURL(href);
    await expect(page.getByTestId('resource-table').locator('thead th'), resource).toHaveText(expected);
  }
  return links.length;
}
