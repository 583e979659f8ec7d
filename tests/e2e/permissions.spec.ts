// Permissions against the embedded demo cluster: the viewer sees every write disabled with the reason before any
// click, the admin sees them enabled, the developer works in its one namespace only, the access matrix says what
// `kubectl auth can-i --list` says, and permission answers are asked once per verb.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';
import { collectErrors } from '../support/edit-screen.js';
import { expectMatrixMatches, parseCanIList, parseClusterScoped } from '../support/access-matrix.js';
import { addLabelByQuickEdit } from '../support/quick-edit-label.js';

const SHOTS = 'test-results/visual';
const proxy = (context: string) => `${test.info().project.use.baseURL}/k8s/${context}`;

async function ok(context: string, args: string[]): Promise<string> {
  const r = await kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', proxy(context), ...args]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

/** `kubectl auth can-i VERB RESOURCE` as the context, without namespace (answers no with exit code 1). */
const canIClusterWide = (context: string) => (verb: string, resource: string) =>
  kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', proxy(context), 'auth', 'can-i', verb, resource]);

/** Counts SelfSubjectAccessReview POSTs by verb (and subresource). */
function countReviews(page: Page): Map<string, number> {
  const counts = new Map<string, number>();
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/selfsubjectaccessreviews')) return;
    const a = (JSON.parse(request.postData() ?? '{}') as { spec: { resourceAttributes: { verb: string; subresource?: string } } }).spec.resourceAttributes;
    const key = a.subresource ? `${a.verb} ${a.subresource}` : a.verb;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  return counts;
}

async function firstDeployment(namespace: string): Promise<string> {
  const names = (await ok('demo', ['-n', namespace, 'get', 'deploy', '-o', 'jsonpath={.items[*].metadata.name}'])).split(' ').filter(Boolean);
  expect(names.length).toBeGreaterThan(0);
  return names[0] ?? '';
}

test('the viewer sees Edit, Delete, Create and every quick edit disabled with the reason; the admin sees them enabled', async ({ page }) => {
  const errors = collectErrors(page);
  const name = await firstDeployment('shop');
  const objectPath = `/apis/apps/v1/namespaces/shop/deployments/${name}`;

  await page.goto(`/c/demo-viewer${objectPath}`);
  const edit = page.getByTestId('edit-link');
  await expect(edit).toHaveAttribute('data-access', 'denied', { timeout: 15_000 });
  await expect(edit).toHaveAttribute('aria-disabled', 'true');
  await expect(edit).toHaveAttribute('title', `You may not update deployments.apps "${name}" in namespace shop`);
  const del = page.getByTestId('delete-button');
  await expect(del).toHaveAttribute('data-access', 'denied');
  await expect(del).toHaveAttribute('title', `You may not delete deployments.apps "${name}" in namespace shop`);
  await expect(page.getByTestId('quick-edits-access')).toHaveText(`You may not patch deployments.apps "${name}" in namespace shop.`);
  for (const id of ['quick-edits-metadata', 'quick-edits-replicas', 'quick-edits-spec']) await expect(page.getByTestId(id)).toHaveAttribute('disabled', '');
  await expect(page.getByRole('button', { name: 'Add label' })).toBeDisabled();
  await expect(page.getByLabel('Replicas', { exact: true })).toBeDisabled();
  // Nothing opens: the click never reaches a dialog or a request.
  await del.click({ force: true });
  await edit.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/c/demo-viewer${objectPath}$`));
  await page.screenshot({ path: `${SHOTS}-permissions-viewer.png` });

  await page.goto('/c/demo-viewer/apis/apps/v1/namespaces/shop/deployments');
  const create = page.getByTestId('create-link');
  await expect(create).toHaveAttribute('data-access', 'denied', { timeout: 15_000 });
  await expect(create).toHaveAttribute('title', 'You may not create deployments.apps in namespace shop');

  await page.goto(`/c/demo${objectPath}`);
  await expect(page.getByTestId('edit-link')).toHaveAttribute('data-access', 'allowed', { timeout: 15_000 });
  await expect(page.getByTestId('edit-link')).toHaveAttribute('href', `/c/demo${objectPath}?edit=1`);
  await expect(page.getByTestId('delete-button')).toBeEnabled();
  await expect(page.getByTestId('quick-edits-metadata')).not.toHaveAttribute('disabled');
  await expect(page.getByTestId('quick-edits-access')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add label' })).toBeEnabled();
  await page.goto('/c/demo/apis/apps/v1/namespaces/shop/deployments');
  await expect(page.getByTestId('create-link')).toHaveAttribute('data-access', 'allowed', { timeout: 15_000 });
  expect(errors).toEqual([]);
});

test('the developer edits in its namespace and may not create elsewhere', async ({ page }) => {
  const name = `dev-cm-${Date.now()}`;
  // Made by the developer itself: kubectl through the proxy carries its credentials.
  await ok('demo-developer', ['-n', 'shop', 'create', 'configmap', name, '--from-literal=a=one']);
  await page.goto(`/c/demo-developer/api/v1/namespaces/shop/configmaps/${name}`);
  await addLabelByQuickEdit(page, name, 'team', 'shop');
  await expect.poll(async () => ok('demo', ['-n', 'shop', 'get', 'configmap', name, '-o', 'jsonpath={.metadata.labels.team}'])).toBe('shop');

  await page.goto('/c/demo-developer/api/v1/namespaces/demo/configmaps');
  await expect(page.getByTestId('create-link')).toHaveAttribute('title', 'You may not create configmaps in namespace demo', { timeout: 15_000 });
  await expect(page.getByTestId('create-link')).toHaveAttribute('aria-disabled', 'true');
  await page.goto('/c/demo-developer/api/v1/namespaces/shop/configmaps');
  await expect(page.getByTestId('create-link')).toHaveAttribute('data-access', 'allowed', { timeout: 15_000 });
  await ok('demo', ['-n', 'shop', 'delete', 'configmap', name]);
});

test('the developer, who may not list namespaces, reaches its namespace from the picker', async ({ page }) => {
  const errors = collectErrors(page);
  // Somewhere it may not look: the pods of default answer 403.
  await page.goto('/c/demo-developer/api/v1/namespaces/default/pods');
  await expect(page.getByTestId('kube-error').getByTestId('error-code')).toHaveText('403', { timeout: 15_000 });
  const picker = page.getByTestId('namespace-picker');
  await expect(picker).toHaveAttribute('title', 'You may not list namespaces: type one you work in. You have no access in namespace default (SelfSubjectRulesReview grants nothing there)');
  // The context's own namespace is offered although the list is refused.
  await expect(picker.locator('option', { hasText: 'shop' })).toHaveCount(1);
  await picker.selectOption('Type a namespace…');
  const input = page.getByTestId('namespace-input');
  await expect(input).toBeFocused();
  await input.fill('shop');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/c\/demo-developer\/api\/v1\/namespaces\/shop\/pods$/);
  await expect(page.getByTestId('resource-table').locator('tbody tr').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('create-link')).toHaveAttribute('data-access', 'allowed', { timeout: 15_000 });
  // A namespace without access is marked, not dropped.
  await page.getByTestId('namespace-picker').selectOption('Type a namespace…');
  await page.getByTestId('namespace-input').fill('kube-system');
  await page.getByTestId('namespace-input').press('Enter');
  await expect(page).toHaveURL(/\/namespaces\/kube-system\/pods$/);
  await expect(page.getByTestId('namespace-picker').locator('option:checked')).toHaveText(/kube-system — no access here/, { timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}-developer-namespaces.png` });
  expect(errors).toEqual([]);
});

test("the access matrix says what kubectl auth can-i --list says, and a cell is explained by the server", async ({ page }) => {
  const expected = parseCanIList(await ok('demo-developer', ['auth', 'can-i', '--list', '-n', 'shop']));
  expect(expected.get('configmaps')).toEqual(expect.arrayContaining(['get', 'update', 'create']));

  await page.goto('/c/demo-developer/api/v1/namespaces/shop/pods');
  await page.getByTestId('access-link').click();
  await expect(page).toHaveURL(/\/c\/demo-developer\/-\/access\?namespace=shop$/);
  const clusterScoped = parseClusterScoped(await ok('demo', ['api-resources', '--namespaced=false', '-o', 'name']));
  await expectMatrixMatches(page, expected, clusterScoped, canIClusterWide('demo-developer'));
  const matrix = page.getByTestId('access-matrix');
  await matrix.getByRole('button', { name: 'update configmaps: allowed' }).click();
  await expect(page.getByTestId('access-verdict')).toHaveText(
    'Yes: you may update configmaps in namespace shop. The authorizer says: RBAC: allowed by RoleBinding "kubeglass-developer-edit/shop" of ClusterRole "edit" to User "developer"',
  );
  await expect(page.getByTestId('can-i-command')).toHaveText(`kubectl --kubeconfig=/dev/null --server ${proxy('demo-developer')} auth can-i update configmaps -n shop`);
  await matrix.getByRole('button', { name: 'create roles.rbac.authorization.k8s.io: not allowed' }).click();
  await expect(page.getByTestId('access-verdict')).toHaveText('You may not create roles.rbac.authorization.k8s.io in namespace shop.');
  await page.screenshot({ path: `${SHOTS}-access-matrix.png` });
});

test("a cluster-scoped row of the matrix grants only what the server grants without a namespace", async ({ page }) => {
  // The rules review of shop lists the view role's namespaces rule (bound by a RoleBinding), which grants nothing.
  expect((await ok('demo-developer', ['auth', 'can-i', '--list', '-n', 'shop'])).split('\n').some((l) => /^namespaces\s+\[\]\s+\[\]\s+\[get list watch\]/.test(l))).toBe(true);
  expect((await canIClusterWide('demo-developer')('list', 'namespaces')).stdout.trim()).toBe('no');

  await page.goto('/c/demo-developer/-/access?namespace=shop');
  const row = page.getByTestId('access-matrix').locator('tr[data-resource="namespaces"]');
  for (const verb of ['get', 'list', 'watch']) {
    await expect(row.locator(`button[data-verb="${verb}"]`)).toHaveAttribute('data-cell', 'no', { timeout: 15_000 });
  }
  await row.getByRole('button', { name: 'watch namespaces: not allowed' }).click();
  await expect(page.getByTestId('access-verdict')).toHaveText('You may not watch namespaces.');
  // A grant from a ClusterRoleBinding still shows: every user may create SelfSubjectAccessReviews.
  const reviews = page.getByTestId('access-matrix').locator('tr[data-resource="selfsubjectaccessreviews.authorization.k8s.io"]');
  await expect(reviews.locator('button[data-verb="create"]')).toHaveAttribute('data-cell', 'yes');
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}-access-matrix-cluster-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${SHOTS}-access-matrix-cluster-dark.png` });
});

test('opening ten objects of one type in one namespace asks each permission once', async ({ page }) => {
  const prefix = `cache-${Date.now()}`;
  for (let i = 0; i < 10; i++) await ok('demo', ['-n', 'demo', 'create', 'configmap', `${prefix}-${i}`, '--from-literal=i=x']);
  const reviews = countReviews(page);
  await page.goto(`/c/demo/api/v1/namespaces/demo/configmaps?filter=${prefix}`);
  for (let i = 0; i < 10; i++) {
    await page.getByRole('link', { name: `${prefix}-${i}`, exact: true }).click();
    await expect(page.getByTestId('object-name')).toHaveText(`${prefix}-${i}`);
    await expect(page.getByTestId('edit-link')).toHaveAttribute('data-access', 'allowed', { timeout: 15_000 });
    await expect(page.getByTestId('delete-button')).toHaveAttribute('data-access', 'allowed');
    await page.goBack();
    await expect(page.getByTestId('object-name')).toHaveCount(0);
  }
  // update (Edit), delete, patch (quick edits), create (the list's Create): each asked once for the namespace; list
  // once at cluster scope (may the picker offer "All namespaces").
  expect(Object.fromEntries(reviews)).toEqual({ update: 1, delete: 1, patch: 1, create: 1, list: 1 });
  await ok('demo', ['-n', 'demo', 'delete', 'configmap', ...Array.from({ length: 10 }, (_, i) => `${prefix}-${i}`)]);
});

/** Runs a printed command line in a shell whose current kubeconfig context is the admin: a line that does not say who it runs as asks as the admin. */
function runInAdminShell(line: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'kubeglass-admin-shell-'));
  const kubeconfig = join(dir, 'config');
  writeFileSync(
    kubeconfig,
    `apiVersion: v1\nkind: Config\nclusters:\n- name: demo\n  cluster:\n    server: ${proxy('demo')}\ncontexts:\n- name: admin\n  context:\n    cluster: demo\n    user: admin\ncurrent-context: admin\nusers:\n- name: admin\n  user: {}\n`,
  );
  return new Promise((resolve) => {
    execFile('sh', ['-c', line], { env: { ...process.env, KUBECONFIG: kubeconfig, HOME: dir } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

test('every kubectl auth can-i line Kubeglass prints asks as the context it speaks of, not the shell\'s current context', async ({ page }) => {
  // The admin's shell agrees with itself: it may list secrets.
  expect((await runInAdminShell('kubectl auth can-i list secrets -n shop')).stdout.trim()).toBe('yes');

  await page.goto('/c/demo-viewer/api/v1/namespaces/shop/secrets');
  await expect(page.getByTestId('kube-error').getByTestId('error-code')).toHaveText('403', { timeout: 15_000 });
  const ask = page.getByTestId('can-i-ask');
  await expect(ask).toContainText('auth can-i list secrets -n shop');
  const line = (await ask.textContent()) ?? '';
  const asked = await runInAdminShell(line);
  expect(asked.stdout.trim(), asked.stderr).toBe('no');
  await page.getByTestId('kube-error').screenshot({ path: `${SHOTS}-can-i-viewer.png` });

  await page.goto('/c/demo-developer/-/access?namespace=shop');
  await page.getByTestId('access-matrix').getByRole('button', { name: 'create roles.rbac.authorization.k8s.io: not allowed' }).click();
  const cell = await runInAdminShell((await page.getByTestId('can-i-command').textContent()) ?? '');
  expect(cell.stdout.trim(), cell.stderr).toBe('no');
  const list = await runInAdminShell((await page.getByTestId('can-i-list-command').textContent()) ?? '');
  expect(list.code, list.stderr).toBe(0);
  expect(list.stdout).not.toMatch(/^\*\.\*\s/m);
});

test('"All namespaces" is not offered to a user who may not list the resource across them (it would end in a 403)', async ({ page }) => {
  await page.goto('/c/demo-developer/api/v1/namespaces/shop/pods');
  await expect(page.getByTestId('resource-table')).toBeVisible({ timeout: 15_000 });
  const all = page.getByTestId('namespace-picker').locator('[data-testid="all-namespaces-option"]');
  await expect(all).toBeDisabled();
  await expect(all).toHaveText('All namespaces — you may not list pods across them');
  // The admin may: offered as always.
  await page.goto('/c/demo/api/v1/namespaces/demo/pods');
  await expect(page.getByTestId('resource-table')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('namespace-picker').locator('[data-testid="all-namespaces-option"]')).toBeEnabled();
  await expect(page.getByTestId('namespace-picker').locator('[data-testid="all-namespaces-option"]')).toHaveText('All namespaces');
});
