// The access matrix against `kubectl auth can-i --list`: both read one SelfSubjectRulesReview, so they must agree.
import { expect, type Page } from '@playwright/test';

const MATRIX_VERBS = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection'];

/** Verbs per whole resource (no subresources, no resourceNames) from `kubectl auth can-i --list` output. */
export function parseCanIList(stdout: string): Map<string, string[]> {
  const verbs = new Map<string, string[]>();
  for (const line of stdout.split('\n').slice(1)) {
    const match = /^(\S+)\s+\[\]\s+\[\]\s+\[(.*)\]$/.exec(line.trim());
    const resource = match?.[1];
    if (!resource || resource.includes('/')) continue;
    const merged = new Set([...(verbs.get(resource) ?? []), ...(match[2] ?? '').split(' ').filter(Boolean)]);
    verbs.set(resource, [...merged]);
  }
  return verbs;
}

/** Every row of the page's matrix grants exactly what kubectl lists, among the verbs discovery serves for it. */
export async function expectMatrixMatches(page: Page, expected: Map<string, string[]>): Promise<void> {
  const matrix = page.getByTestId('access-matrix');
  await expect(matrix).toBeVisible({ timeout: 15_000 });
  const rows = await matrix.evaluate((table) =>
    [...table.querySelectorAll('tbody tr')].map((tr) => ({
      resource: tr.getAttribute('data-resource') ?? '',
      served: [...tr.querySelectorAll('button')].map((b) => b.getAttribute('data-verb') ?? ''),
      granted: [...tr.querySelectorAll('button[data-cell="yes"], button[data-cell="some"]')].map((b) => b.getAttribute('data-verb') ?? ''),
    })),
  );
  expect(rows.length).toBeGreaterThan(10);
  for (const row of rows) {
    const fromKubectl = (expected.get(row.resource) ?? []).filter((v) => MATRIX_VERBS.includes(v) && row.served.includes(v));
    expect(row.granted.sort(), row.resource).toEqual(fromKubectl.sort());
  }
}
