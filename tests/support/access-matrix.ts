// The access matrix against kubectl: namespaced rows read the same SelfSubjectRulesReview as `kubectl auth can-i
// --list`, so they must agree; that review's rules for cluster-scoped resources may come from RoleBindings, which
// grant nothing outside the namespace, so those rows must agree with `kubectl auth can-i VERB RESOURCE` instead.
import { expect, type Page } from '@playwright/test';
import type { KubectlResult } from './kubectl.js';

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

/** `kubectl api-resources --namespaced=false -o name` output as matrix row names (core resources unqualified). */
export function parseClusterScoped(stdout: string): Set<string> {
  return new Set(stdout.split('\n').map((l) => l.trim()).filter(Boolean));
}

interface ShownRow {
  resource: string;
  served: string[];
  granted: string[];
}

/**
 * Every namespaced row grants exactly what kubectl lists, among the verbs discovery serves for it; every granted
 * cell of a cluster-scoped row is one `canI` (a `kubectl auth can-i VERB RESOURCE` without namespace) answers yes.
 */
export async function expectMatrixMatches(
  page: Page,
  expected: Map<string, string[]>,
  clusterScoped: ReadonlySet<string>,
  canI: (verb: string, resource: string) => Promise<KubectlResult>,
): Promise<void> {
  const matrix = page.getByTestId('access-matrix');
  await expect(matrix).toBeVisible({ timeout: 15_000 });
  await expect(matrix.locator('button[data-cell="asking"]')).toHaveCount(0, { timeout: 15_000 });
  const rows: ShownRow[] = await matrix.evaluate((table) =>
    [...table.querySelectorAll('tbody tr')].map((tr) => ({
      resource: tr.getAttribute('data-resource') ?? '',
      served: [...tr.querySelectorAll('button')].map((b) => b.getAttribute('data-verb') ?? ''),
      granted: [...tr.querySelectorAll('button[data-cell="yes"], button[data-cell="some"]')].map((b) => b.getAttribute('data-verb') ?? ''),
    })),
  );
  expect(rows.length).toBeGreaterThan(10);
  expect(rows.filter((row) => clusterScoped.has(row.resource)).length).toBeGreaterThan(0);
  for (const row of rows) {
    if (clusterScoped.has(row.resource)) {
      for (const verb of row.granted) {
        const answer = await canI(verb, row.resource);
        expect(answer.stdout.trim(), `${verb} ${row.resource}: ${answer.stderr}`).toBe('yes');
      }
      continue;
    }
    const fromKubectl = (expected.get(row.resource) ?? []).filter((v) => MATRIX_VERBS.includes(v) && row.served.includes(v));
    expect(row.granted.sort(), row.resource).toEqual(fromKubectl.sort());
  }
}
