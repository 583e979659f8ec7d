// Real tier, current control plane: a StatefulSet's history from the ControllerRevisions its controller writes, and
// an undo to revision 1 previewed with a dry run and applied as kubectl rollout undo sends it.
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { kubectl } from '../../support/kubectl.js';
import { collectErrors } from '../../support/edit-screen.js';

const kubeconfig = process.env.KUBECONFIG_REAL ?? '';
async function ok(...args: string[]): Promise<string> {
  const r = await kubectl(['--kubeconfig', kubeconfig, '-n', 'fx', ...args]);
  expect(r.code, `kubectl ${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

test('a StatefulSet lists its ControllerRevisions; undo to revision 1 is previewed with a dry run and brings the old image back', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectErrors(page);
  const name = `sts-${Date.now().toString(36)}`;
  await ok('create', 'service', 'clusterip', name, '--clusterip=None');
  const manifest = JSON.stringify({
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name },
    spec: { serviceName: name, replicas: 1, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'db', image: 'postgres:16' }] } } },
  });
  const file = test.info().outputPath('sts.json');
  writeFileSync(file, manifest);
  try {
    await ok('apply', '-f', file);
    await ok('rollout', 'status', `statefulset/${name}`, '--timeout=60s');
    await ok('set', 'image', `statefulset/${name}`, 'db=postgres:17');
    await ok('rollout', 'status', `statefulset/${name}`, '--timeout=60s');

    await page.goto(`/c/real/apis/apps/v1/namespaces/fx/statefulsets/${name}`);
    const history = page.getByTestId('quick-edits').getByTestId('rollout-history');
    await expect(history.getByTestId('rollout-revision')).toHaveCount(2, { timeout: 20_000 });
    await expect(history.locator('[data-revision="2"]')).toContainText('current');
    await expect(history.locator('[data-revision="1"]')).toContainText('postgres:16');
    await history.screenshot({ path: test.info().outputPath('sts-history.png') });

    await history.getByRole('button', { name: 'Undo to revision 1' }).click();
    const dialog = page.getByRole('dialog', { name: `Undo StatefulSet ${name} to revision 1` });
    await expect(dialog.getByTestId('patch-request-line')).toContainText('application/strategic-merge-patch+json');
    await expect(dialog.getByTestId('patch-body')).toContainText('postgres:16');
    await expect(dialog.getByTestId('dry-run-ok')).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: test.info().outputPath('sts-undo-preview.png') });
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden({ timeout: 10_000 });
    await expect.poll(() => ok('get', 'statefulset', name, '-o', 'jsonpath={.spec.template.spec.containers[0].image}'), { timeout: 20_000 }).toBe('postgres:16');
    // The controller records the rollback as revision 3, which is current now.
    await expect(history.locator('[data-revision="3"]')).toContainText('current', { timeout: 30_000 });
    expect(errors).toEqual([]);
  } finally {
    await ok('delete', 'statefulset', name, '--ignore-not-found', '--wait=false');
    await ok('delete', 'service', name, '--ignore-not-found', '--wait=false');
  }
});
