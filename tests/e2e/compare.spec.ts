// Compare against the embedded demo cluster: a Deployment between two namespaces shows its changed image and
// nothing the server set; the list of both namespaces says which objects are on one side only and which differ.
import { expect, test } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';
import { collectErrors } from '../support/edit-screen.js';

const server = () => `${test.info().project.use.baseURL}/k8s/demo`;
const k = (...args: string[]) => kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), ...args]);
const must = async (...args: string[]) => {
  const r = await k(...args);
  expect(r.code, `kubectl ${args.join(' ')}: ${r.stderr}`).toBe(0);
};

test('a Deployment in two namespaces: the changed image, status and server-set fields only on demand, then the two lists', async ({ page }) => {
  const errors = collectErrors(page);
  const name = `cmp-${Date.now().toString(36)}`;
  await must('-n', 'default', 'create', 'deployment', name, '--image=nginx:1.25');
  await must('-n', 'demo', 'create', 'deployment', name, '--image=nginx:1.27');
  await must('-n', 'default', 'create', 'deployment', `${name}-solo`, '--image=nginx:1.25');
  try {
    await page.goto(`/c/demo/apis/apps/v1/namespaces/default/deployments/${name}`);
    await page.getByTestId('compare-link').click();
    const form = page.getByRole('form', { name: 'Compare with' });
    await form.getByRole('textbox', { name: 'Namespace' }).fill('demo');
    await form.getByRole('button', { name: 'Compare' }).click();
    await expect(page).toHaveURL(/\/c\/demo\/-\/compare\?left=.*&right=.*namespaces%2Fdemo%2Fdeployments/);

    await expect(page.getByTestId('comparison-summary')).toHaveText('1 field differs.', { timeout: 15_000 });
    const row = page.getByTestId('difference');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('spec.template.spec.containers[nginx].image');
    await expect(row).toContainText('nginx:1.25');
    await expect(row).toContainText('nginx:1.27');
    await page.screenshot({ path: 'test-results/compare-deployment.png' });

    // The link holds the comparison: a reload shows the same.
    await page.reload();
    await expect(page.getByTestId('comparison-summary')).toHaveText('1 field differs.', { timeout: 15_000 });

    await page.getByRole('checkbox', { name: 'Show status and server-set fields' }).check();
    await expect(page).toHaveURL(/everything=1/);
    await expect(page.getByTestId('differences')).toContainText('metadata.uid');
    await expect(page.getByTestId('differences')).toContainText('metadata.namespace');

    // The two namespaces' lists.
    await page.goto(`/c/demo/apis/apps/v1/namespaces/default/deployments`);
    await page.getByTestId('compare-list-link').click();
    await page.getByRole('form', { name: 'Compare with' }).getByRole('textbox', { name: 'Namespace' }).fill('demo');
    await page.getByRole('form', { name: 'Compare with' }).getByRole('button', { name: 'Compare' }).click();
    await expect(page.getByTestId(`compared-${name}`)).toHaveText(`${name}1 field differs`, { timeout: 15_000 });
    await expect(page.getByTestId(`compared-${name}-solo`)).toContainText('only in deployments in default (demo)');
    await expect(page.getByTestId('compared-web')).toContainText('only in deployments in demo (demo)');
    await page.screenshot({ path: 'test-results/compare-lists.png' });
    await page.getByTestId(`compared-${name}`).getByRole('link').click();
    await expect(page.getByTestId('comparison-summary')).toHaveText('1 field differs.', { timeout: 15_000 });
    expect(errors).toEqual([]);
  } finally {
    await k('-n', 'default', 'delete', 'deployment', name, `${name}-solo`, '--ignore-not-found');
    await k('-n', 'demo', 'delete', 'deployment', name, '--ignore-not-found');
  }
});
