// Real tier in Chromium: discovery-driven browsing of kube-apiserver 1.20.2, a CRD appearing live, and an apiserver restart.
import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { kubectl } from '../../support/kubectl.js';
import { expectEveryResourceOpens, navigatorLinks } from '../../support/navigator.js';

const kubeconfig = process.env.KUBECONFIG_REAL ?? '';
const state = process.env.KUBEGLASS_REAL_STATE ?? '';
const k = (...args: string[]) => kubectl(['--kubeconfig', kubeconfig, ...args]);

test('every resource type from discovery opens with the server\'s Table columns', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/c/real/api/v1/namespaces/fx/pods');
  const links = await navigatorLinks(page);
  expect(links.length).toBeGreaterThan(30);
  expect(await expectEveryResourceOpens(page, 'real', 'fx')).toBe(links.length);
});

test('a CRD created while the app is open appears and lists its resources with its printer columns', async ({ page }) => {
  await page.goto('/c/real/api/v1/namespaces/fx/pods');
  const nav = page.getByRole('navigation', { name: 'Resources' });
  await expect(nav.getByTestId('api-group').first()).toBeVisible();
  const crd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.fx.example.com}
spec:
  group: fx.example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, shortNames: [wd]}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: {type: object, properties: {size: {type: integer}, color: {type: string}}}
    additionalPrinterColumns:
    - {name: Size, type: integer, jsonPath: .spec.size}
    - {name: Color, type: string, jsonPath: .spec.color, priority: 1}
    - {name: Age, type: date, jsonPath: .metadata.creationTimestamp}
`;
  const created = await kubectl(['--kubeconfig', kubeconfig, 'apply', '-f', '-'], { input: crd });
  expect(created.code, created.stderr).toBe(0);
  try {
    const link = nav.locator('[data-resource="widgets.fx.example.com"] a').first();
    await expect(link).toHaveAttribute('href', '/c/real/apis/fx.example.com/v1/namespaces/fx/widgets', { timeout: 10_000 });
    const w = await kubectl(['--kubeconfig', kubeconfig, 'apply', '-f', '-'], {
      input: 'apiVersion: fx.example.com/v1\nkind: Widget\nmetadata: {name: w1, namespace: fx}\nspec: {size: 3, color: red}\n',
    });
    expect(w.code, w.stderr).toBe(0);
    await link.click();
    const table = page.getByTestId('resource-table');
    await expect(table.locator('thead th')).toHaveText(['Name', 'Size', 'Age']);
    await expect(table.locator('tbody tr', { hasText: 'w1' })).toContainText('3');
    await page.getByTestId('wide-toggle').click();
    await expect(table.locator('thead th')).toHaveText(['Name', 'Size', 'Color', 'Age']);
    await expect(table.locator('tbody tr', { hasText: 'w1' })).toContainText('red');
    await page.screenshot({ path: 'test-results/real-widgets.png' });
  } finally {
    await k('delete', 'crd', 'widgets.fx.example.com', '--wait=false');
  }
});

test('a list survives the apiserver restarting: reconnects, re-lists, no duplicate rows', async ({ page }) => {
  test.setTimeout(90_000);
  expect(state, 'KUBEGLASS_REAL_STATE is set by run.sh').not.toBe('');
  await page.goto('/c/real/api/v1/namespaces/fx/configmaps');
  const table = page.getByTestId('resource-table');
  await expect(page.getByTestId('watch-state')).toHaveText('live');
  await expect(table.locator('tbody tr', { hasText: 'settings' })).toHaveCount(1);
  execFileSync('bash', ['tests/real-apiserver/restart.sh', state, 'apiserver'], { stdio: 'inherit', timeout: 60_000 });
  const name = `after-restart-${Date.now()}`;
  const created = await k('-n', 'fx', 'create', 'configmap', name, '--from-literal=a=1');
  expect(created.code, created.stderr).toBe(0);
  await expect(table.locator('tbody tr', { hasText: name })).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByTestId('watch-state')).toHaveText('live');
  await expect(table.locator('tbody tr', { hasText: 'settings' })).toHaveCount(1);
  const keys = await table.locator('tbody tr[data-row-key]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key')));
  expect(new Set(keys).size).toBe(keys.length);
  await k('-n', 'fx', 'delete', 'configmap', name);
});

test('a configmap changed with kubectl shows up in the list within a second', async ({ page }) => {
  await page.goto('/c/real/api/v1/namespaces/fx/configmaps');
  const table = page.getByTestId('resource-table');
  await expect(page.getByTestId('watch-state')).toHaveText('live');
  const name = `sub-second-${Date.now()}`;
  const started = Date.now();
  const created = await k('-n', 'fx', 'create', 'configmap', name, '--from-literal=a=1', '--from-literal=b=2');
  expect(created.code, created.stderr).toBe(0);
  const row = table.locator('tbody tr', { hasText: name });
  // The one-second budget starts once kubectl has returned, i.e. once the apiserver has stored the object.
  await expect(row).toBeVisible({ timeout: 1_000 });
  console.log(`kubectl create -> row visible: ${Date.now() - started} ms`);
  await k('-n', 'fx', 'delete', 'configmap', name);
  await expect(row).toHaveCount(0, { timeout: 1_000 });
});
