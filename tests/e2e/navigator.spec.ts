// The discovery-driven navigator and the command palette against the demo cluster.
import { expect, test } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';
import { expectEveryResourceOpens, navigatorLinks } from '../support/navigator.js';

const server = () => `${test.info().project.use.baseURL}/k8s/demo`;
const kubectlArgs = () => ['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server()];
const k = (...args: string[]) => kubectl([...kubectlArgs(), ...args]);

test('every resource in the navigator opens a table with the server\'s columns', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/c/demo/api/v1/namespaces/default/pods');
  const links = await navigatorLinks(page);
  expect(links.length).toBeGreaterThan(5);
  expect(links.map((l) => l.resource)).toEqual(expect.arrayContaining(['pods', 'namespaces', 'configmaps']));
  await page.screenshot({ path: 'test-results/navigator.png' });

  expect(await expectEveryResourceOpens(page, 'demo', 'default')).toBe(links.length);
});

test('the filter narrows by short name and category; pins survive a reload', async ({ page }) => {
  await page.goto('/c/demo/api/v1/namespaces/default/pods');
  const nav = page.getByRole('navigation', { name: 'Resources' });
  await expect(nav.getByTestId('api-group').first()).toBeVisible();
  const filter = nav.getByRole('searchbox', { name: 'Filter resources' });
  await filter.fill('cm');
  await expect(nav.getByTestId('api-group').getByTestId('nav-resource')).toHaveCount(1);
  await expect(nav.getByTestId('api-group').getByTestId('nav-resource')).toHaveAttribute('data-resource', 'configmaps');
  await filter.fill('all');
  const all = await nav.getByTestId('api-group').getByTestId('nav-resource').evaluateAll((items) => items.map((i) => i.getAttribute('data-resource')));
  expect(all).toContain('pods');
  expect(all).not.toContain('configmaps');
  await page.screenshot({ path: 'test-results/navigator-filter-all.png' });
  await filter.fill('');
  await nav.getByRole('button', { name: 'Pin configmaps' }).click();
  await page.reload();
  await expect(nav.getByTestId('pinned-resources').locator('[data-resource="configmaps"] a')).toHaveAttribute(
    'href',
    '/c/demo/api/v1/namespaces/default/configmaps',
  );
});

test('Ctrl+K jumps to deployments, ":" to a pod by name', async ({ page }) => {
  await page.goto('/c/demo/api/v1/namespaces/default/pods');
  await expect(page.getByTestId('resource-table').locator('tbody tr').first()).toBeVisible();
  const palette = page.getByRole('dialog', { name: 'Jump to a resource' });
  const input = palette.getByRole('combobox');
  {
    await page.keyboard.press('Control+K');
    await expect(input).toBeFocused();
    await input.fill('deploy');
    await expect(palette.getByRole('option').first()).toContainText('deployments.apps');
    await page.screenshot({ path: 'test-results/palette-deploy.png' });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/c\/demo\/apis\/apps\/v1\/namespaces\/default\/deployments$/);
    await expect(palette).toHaveCount(0);
    await expect(page.getByTestId('resource-table')).toBeVisible();
  }

  const pods = await k('-n', 'default', 'get', 'pods', '-o', 'name');
  expect(pods.code, pods.stderr).toBe(0);
  const name = pods.stdout.trim().split('\n')[0]?.replace(/^pod\//, '') ?? '';
  expect(name).not.toBe('');
  await page.locator('body').click({ position: { x: 700, y: 30 } });
  await page.keyboard.press(':');
  await input.fill(`po/${name}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/c/demo/api/v1/namespaces/default/pods/${name}$`));

  await page.keyboard.press('Control+K');
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);
});

test('a CRD created with kubectl appears in the navigator', async ({ page }) => {
  await page.goto('/c/demo/api/v1/namespaces/default/pods');
  const nav = page.getByRole('navigation', { name: 'Resources' });
  await expect(nav.getByTestId('api-group').first()).toBeVisible();
  const crd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: gizmos.e2e.kubeglass.dev
spec:
  group: e2e.kubeglass.dev
  scope: Namespaced
  names: { plural: gizmos, singular: gizmo, kind: Gizmo, shortNames: [gzm] }
  versions:
    - name: v1
      served: true
      storage: true
      schema: { openAPIV3Schema: { type: object, x-kubernetes-preserve-unknown-fields: true } }
`;
  const created = await kubectl([...kubectlArgs(), 'apply', '-f', '-'], { input: crd });
  expect(created.code, created.stderr).toBe(0);
  try {
    await expect(nav.locator('[data-resource="gizmos.e2e.kubeglass.dev"] a').first()).toHaveAttribute(
      'href',
      '/c/demo/apis/e2e.kubeglass.dev/v1/namespaces/default/gizmos',
      { timeout: 5_000 },
    );
  } finally {
    await k('delete', 'crd', 'gizmos.e2e.kubeglass.dev', '--wait=false');
  }
});
