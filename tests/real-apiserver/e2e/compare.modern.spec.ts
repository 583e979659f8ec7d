// Real tier, current control plane: a Deployment compared between two namespaces shows its changed image and nothing
// the controllers set (status, revision annotation), and the two namespaces' lists pair it by name.
import { expect, test } from '@playwright/test';
import { kubectl } from '../../support/kubectl.js';
import { collectErrors } from '../../support/edit-screen.js';
import { compareHref } from '../../../src/k8s/compare/compare-link.js';

const kubeconfig = process.env.KUBECONFIG_REAL ?? '';
async function ok(...args: string[]): Promise<string> {
  const r = await kubectl(['--kubeconfig', kubeconfig, ...args]);
  expect(r.code, `kubectl ${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

test('a Deployment in fx and in another namespace: the changed image only, then the two lists', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = collectErrors(page);
  const suffix = Date.now().toString(36);
  const [name, other] = [`cmp-${suffix}`, `cmp-ns-${suffix}`];
  await ok('create', 'namespace', other);
  try {
    await ok('-n', 'fx', 'create', 'deployment', name, '--image=nginx:1.25');
    await ok('-n', other, 'create', 'deployment', name, '--image=nginx:1.27');
    // Both rolled out: the controllers have written status and the revision annotation on each side.
    for (const namespace of ['fx', other]) await ok('-n', namespace, 'rollout', 'status', `deployment/${name}`, '--timeout=60s');
    const objectPath = (namespace: string) => `/c/real/apis/apps/v1/namespaces/${namespace}/deployments/${name}`;
    await page.goto(compareHref('real', { left: objectPath('fx'), right: objectPath(other), everything: false }));
    await expect(page.getByTestId('comparison-summary')).toHaveText('1 field differs.', { timeout: 20_000 });
    await expect(page.getByTestId('difference')).toContainText('spec.template.spec.containers[nginx].image');
    await expect(page.getByTestId('difference')).toContainText('nginx:1.27');
    await page.screenshot({ path: 'test-results/real-compare-deployment.png' });

    const listPath = (namespace: string) => `/c/real/apis/apps/v1/namespaces/${namespace}/deployments`;
    await page.goto(compareHref('real', { left: listPath('fx'), right: listPath(other), everything: false }));
    await expect(page.getByTestId(`compared-${name}`)).toContainText('1 field differs', { timeout: 20_000 });
    expect(errors).toEqual([]);
  } finally {
    await ok('delete', 'namespace', other, '--wait=false');
    await ok('-n', 'fx', 'delete', 'deployment', name, '--ignore-not-found', '--wait=false');
  }
});
