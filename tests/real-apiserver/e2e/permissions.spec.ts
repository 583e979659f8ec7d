// Real tier: kube-apiserver 1.20.2's RBAC decides. The viewer (system:aggregate-to-view) sees writes disabled with
// the reason, the admin sees them enabled, the developer (edit + view in fx) works in fx only, the access matrix
// agrees with kubectl auth can-i (--list for namespaced resources), and a 403 says what was denied and which kubeconfig user asked.
import { expect, test } from '@playwright/test';
import { MODERN } from '../tier.js';
import { kubectl } from '../../support/kubectl.js';
import { expectMatrixMatches, parseCanIList, parseClusterScoped } from '../../support/access-matrix.js';
import { addLabelByQuickEdit } from '../../support/quick-edit-label.js';

const kubeconfig = process.env.KUBECONFIG_REAL ?? '';

async function ok(context: string, args: string[]): Promise<string> {
  const r = await kubectl(['--kubeconfig', kubeconfig, '--context', context, ...args]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

test('viewer: every write is disabled with the reason before any click; admin: enabled', async ({ page }) => {
  await page.goto('/c/real-viewer/api/v1/namespaces/fx/configmaps/settings');
  const edit = page.getByTestId('edit-link');
  await expect(edit).toHaveAttribute('data-access', 'denied', { timeout: 15_000 });
  await expect(edit).toHaveAttribute('title', 'You may not update configmaps "settings" in namespace fx');
  await expect(page.getByTestId('delete-button')).toHaveAttribute('title', 'You may not delete configmaps "settings" in namespace fx');
  await expect(page.getByTestId('quick-edits-access')).toHaveText('You may not patch configmaps "settings" in namespace fx.');
  await expect(page.getByRole('button', { name: 'Add label' })).toBeDisabled();
  await page.goto('/c/real-viewer/api/v1/namespaces/fx/configmaps');
  await expect(page.getByTestId('create-link')).toHaveAttribute('title', 'You may not create configmaps in namespace fx', { timeout: 15_000 });
  await page.screenshot({ path: 'test-results/real-permissions-viewer.png' });

  await page.goto('/c/real/api/v1/namespaces/fx/configmaps/settings');
  await expect(page.getByTestId('edit-link')).toHaveAttribute('data-access', 'allowed', { timeout: 15_000 });
  await expect(page.getByTestId('delete-button')).toHaveAttribute('data-access', 'allowed');
  await expect(page.getByRole('button', { name: 'Add label' })).toBeEnabled();
  await page.goto('/c/real/api/v1/namespaces/fx/configmaps');
  await expect(page.getByTestId('create-link')).toHaveAttribute('data-access', 'allowed', { timeout: 15_000 });
});

test('developer: reaches fx from the picker, edits there, may not create in default, and its matrix is kubectl auth can-i --list', async ({ page }) => {
  const name = `dev-${Date.now()}`;
  await ok('real-developer', ['-n', 'fx', 'create', 'configmap', name, '--from-literal=a=one']);
  // 1.20.2 refuses the developer the namespace list: the picker takes a typed namespace.
  await page.goto('/c/real-developer/api/v1/namespaces/default/configmaps');
  await expect(page.getByTestId('kube-error').getByTestId('error-code')).toHaveText('403', { timeout: 15_000 });
  await page.getByTestId('namespace-picker').selectOption('Type a namespace…');
  await page.getByTestId('namespace-input').fill('fx');
  await page.getByTestId('namespace-input').press('Enter');
  await expect(page).toHaveURL(/\/c\/real-developer\/api\/v1\/namespaces\/fx\/configmaps$/);
  await page.getByRole('link', { name, exact: true }).click();
  await addLabelByQuickEdit(page, name, 'team', 'fx');
  await expect.poll(async () => ok('real', ['-n', 'fx', 'get', 'configmap', name, '-o', 'jsonpath={.metadata.labels.team}'])).toBe('fx');

  await page.goto('/c/real-developer/api/v1/namespaces/default/configmaps');
  await expect(page.getByTestId('create-link')).toHaveAttribute('title', 'You may not create configmaps in namespace default', { timeout: 15_000 });

  const expected = parseCanIList(await ok('real-developer', ['auth', 'can-i', '--list', '-n', 'fx']));
  await page.goto('/c/real-developer/-/access?namespace=fx');
  const clusterScoped = parseClusterScoped(await ok('real', ['api-resources', '--namespaced=false', '-o', 'name']));
  await expectMatrixMatches(page, expected, clusterScoped, (verb, resource) => kubectl(['--kubeconfig', kubeconfig, '--context', 'real-developer', 'auth', 'can-i', verb, resource]));
  await ok('real', ['-n', 'fx', 'delete', 'configmap', name]);
});

test('a 403 names what was denied and who asked: the server\'s SelfSubjectReview, or the kubeconfig user where there is none (1.20)', async ({ page }) => {
  await page.goto('/c/real-viewer/api/v1/namespaces/fx/secrets');
  const error = page.getByTestId('kube-error');
  await expect(error.getByTestId('error-code')).toHaveText('403', { timeout: 15_000 });
  await expect(error.getByTestId('denied-verb')).toHaveText('list');
  await expect(error.getByTestId('denied-resource')).toHaveText('secrets');
  await expect(error.getByTestId('whoami')).toContainText(MODERN ? 'The server knows you as viewer' : 'kubeconfig user real-viewer of context real-viewer');
  await page.screenshot({ path: 'test-results/real-permissions-403.png' });
});
