// Real tier, current control plane: workloads as real controllers run them. A Deployment's page lists the
// ReplicaSet kube-controller-manager made and the pods the scheduler put on the KWOK node, follows a scale-up live,
// and a rollout restart from the page makes the controllers roll out a second ReplicaSet.
import { expect, test } from '@playwright/test';
import { kubectl } from '../../support/kubectl.js';
import { collectErrors } from '../../support/edit-screen.js';

const kubeconfig = process.env.KUBECONFIG_REAL ?? '';
async function ok(...args: string[]): Promise<string> {
  const r = await kubectl(['--kubeconfig', kubeconfig, '-n', 'fx', ...args]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}
const replicaSets = async (name: string) =>
  (await ok('get', 'rs', '-l', `app=${name}`, '-o', 'jsonpath={range .items[*]}{.metadata.name} {.metadata.annotations.deployment\\.kubernetes\\.io/revision}{"\\n"}{end}'))
    .split('\n')
    .filter(Boolean)
    .sort();

const created: string[] = [];
test.afterEach(async () => {
  for (const name of created.splice(0)) await ok('delete', 'deployment', name, '--ignore-not-found', '--wait=false');
});

test("a Deployment's page lists the controllers' ReplicaSet and Running pods, follows a scale-up, and a rollout restart rolls out", async ({ page }) => {
  test.setTimeout(90_000);
  const errors = collectErrors(page);
  const name = `wl-${Date.now()}`;
  created.push(name);
  await ok('create', 'deployment', name, '--image=nginx:1.27', '--replicas=1');
  await page.goto(`/c/real/apis/apps/v1/namespaces/fx/deployments/${name}`);
  const rsList = page.locator('[data-testid="child-list"][data-title="ReplicaSets"]');
  const pods = page.locator('[data-testid="child-list"][data-title="Pods"]');
  await expect(rsList.getByTestId('child-row')).toHaveCount(1, { timeout: 20_000 });
  await expect(rsList.getByTestId('child-revision')).toHaveText('revision 1');
  await expect(pods.getByTestId('child-row')).toHaveCount(1, { timeout: 20_000 });
  await expect(pods.getByTestId('child-row')).toContainText('Running', { timeout: 20_000 });

  await page.evaluate(() => ((globalThis as unknown as { noReload: boolean }).noReload = true));
  await ok('scale', `deployment/${name}`, '--replicas=3');
  await expect(pods.getByTestId('child-row')).toHaveCount(3, { timeout: 20_000 });
  await expect(pods.getByTestId('child-row').filter({ hasText: 'Running' })).toHaveCount(3, { timeout: 20_000 });
  expect(await page.evaluate(() => (globalThis as unknown as { noReload?: boolean }).noReload)).toBe(true);
  await page.getByTestId('children-section').screenshot({ path: 'test-results/real-modern-deployment-children.png' });

  const section = page.getByTestId('quick-edits');
  await section.getByRole('button', { name: 'Rollout restart' }).click();
  const dialog = page.getByRole('dialog', { name: `Restart Deployment ${name}` });
  await expect(dialog.getByTestId('dry-run-ok')).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
  await expect(page.getByTestId('quick-edit-applied')).toContainText(`Applied: Restart Deployment ${name}`);
  await expect.poll(() => replicaSets(name), { timeout: 30_000 }).toHaveLength(2);
  await expect(rsList.getByTestId('child-row')).toHaveCount(2, { timeout: 20_000 });
  await expect(rsList.getByTestId('child-revision').filter({ hasText: 'revision 2' })).toHaveCount(1);
  // The controllers finish the rollout: three new pods Running, the old ReplicaSet scaled to zero.
  await expect(pods.getByTestId('child-row').filter({ hasText: 'Running' })).toHaveCount(3, { timeout: 30_000 });
  expect(errors).toEqual([]);
});
