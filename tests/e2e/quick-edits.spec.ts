// Quick edits on the object page against the embedded demo cluster: each action previews its PATCH with a dry run in a
// modal dialog, Apply sends it, and kubectl (an independent client) sees the result.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';
import { collectErrors } from '../support/edit-screen.js';

const server = () => `${test.info().project.use.baseURL}/k8s/demo`;
const k = (...args: string[]) => kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), ...args]);
const SHOTS = 'test-results/visual';

async function ok(args: string[], input?: string): Promise<string> {
  const r = await kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), ...args], input === undefined ? {} : { input });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

/** Counts PATCH requests the page sends to the API. */
function countPatches(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/k8s/')) seen.count++;
  });
  return seen;
}

/** The preview dialog of a change: waits for the dry run, applies, and waits for the dialog to close. */
async function previewAndApply(page: Page, title: string, screenshot?: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('dry-run-ok')).toBeVisible({ timeout: 15_000 });
  if (screenshot) {
    await expect(dialog.getByTestId('monaco-diff-editor')).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: `${SHOTS}-${screenshot}.png` });
  }
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
  await expect(page.getByTestId('quick-edit-applied')).toContainText(`Applied: ${title}`);
  return dialog;
}

async function waitForReady(namespace: string, deployment: string, replicas: number): Promise<void> {
  await expect
    .poll(async () => (await k('-n', namespace, 'get', 'deploy', deployment, '-o', 'jsonpath={.status.readyReplicas}/{.metadata.generation}/{.status.observedGeneration}')).stdout, {
      timeout: 20_000,
    })
    .toMatch(new RegExp(`^${replicas}/(\\d+)/\\1$`));
}

test('adds and removes a label on a ConfigMap; an invalid key is refused inline and nothing is sent', async ({ page }) => {
  const errors = collectErrors(page);
  const patches = countPatches(page);
  const name = `qe-cm-${Date.now()}`;
  await ok(['-n', 'default', 'create', 'configmap', name, '--from-literal=a=one']);
  await page.goto(`/c/demo/api/v1/namespaces/default/configmaps/${name}`);
  const section = page.getByTestId('quick-edits');
  await expect(section.getByRole('heading', { name: 'Quick edits' })).toBeVisible();

  const key = section.getByLabel('Label key');
  await key.fill('bad key!');
  await section.getByLabel('Label value').fill('gold');
  await section.getByRole('button', { name: 'Add label' }).click();
  await expect(section.getByRole('alert')).toContainText("Key: name part must consist of letters, digits, '-', '_' or '.'");
  await expect(key).toHaveAttribute('aria-invalid', 'true');
  await expect(key).toHaveValue('bad key!');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await section.screenshot({ path: `${SHOTS}-invalid-key.png` });
  expect(patches.count).toBe(0);

  await key.fill('example.com/tier');
  await section.getByRole('button', { name: 'Add label' }).click();
  const dialog = page.getByRole('dialog', { name: `Add label example.com/tier=gold to ConfigMap ${name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('patch-body')).toContainText('"example.com/tier": "gold"');
  await expect(dialog.getByTestId('patch-request-line')).toContainText('application/merge-patch+json');
  await previewAndApply(page, `Add label example.com/tier=gold to ConfigMap ${name}`, 'add-label-preview');
  await expect(key).toHaveValue('');
  expect(await ok(['-n', 'default', 'get', 'configmap', name, '-o', 'jsonpath={.metadata.labels}'])).toBe('{"example.com/tier":"gold"}');
  // The object page's watch brings the new label into both chip lists.
  await expect(section.locator('[data-testid="quick-label-chip"][data-key="example.com/tier"]')).toContainText('example.com/tier=gold');
  await expect(page.locator('[data-testid="label-chip"][data-key="example.com/tier"]')).toBeVisible();
  await section.screenshot({ path: `${SHOTS}-section-configmap.png` });

  await section.getByRole('button', { name: 'Remove label example.com/tier' }).click();
  await previewAndApply(page, `Remove label example.com/tier from ConfigMap ${name}`);
  expect(await ok(['-n', 'default', 'get', 'configmap', name, '-o', 'jsonpath={.metadata.labels}'])).toBe('');
  await expect(section.locator('[data-testid="quick-label-chip"]')).toHaveCount(0);
  // Focus went back into the page (the × that opened the dialog is gone).
  await expect(section).toBeFocused();
  expect(errors).toEqual([]);
});

test('scales a Deployment to 3 with the stepper and changes its container image', async ({ page }) => {
  const errors = collectErrors(page);
  const name = `qe-deploy-${Date.now()}`;
  await ok(['-n', 'default', 'create', 'deployment', name, '--image=nginx:1.27', '--replicas=1']);
  await waitForReady('default', name, 1);
  await page.goto(`/c/demo/apis/apps/v1/namespaces/default/deployments/${name}`);
  const section = page.getByTestId('quick-edits');
  const replicas = section.getByLabel('Replicas', { exact: true });
  await expect(replicas).toHaveValue('1', { timeout: 10_000 });
  await expect(section.getByTestId('replicas-status')).toContainText('desired 1 · current 1');
  await section.getByRole('button', { name: 'More replicas' }).click();
  await section.getByRole('button', { name: 'More replicas' }).click();
  await expect(replicas).toHaveValue('3');
  await section.screenshot({ path: `${SHOTS}-section-deployment.png` });
  await page.screenshot({ path: `${SHOTS}-deployment-page.png`, fullPage: true });
  await section.getByRole('button', { name: 'Scale', exact: true }).click();
  const scaleDialog = page.getByRole('dialog', { name: `Scale Deployment ${name} to 3 replicas` });
  await expect(scaleDialog.getByTestId('patch-request-line')).toContainText(`PATCH /apis/apps/v1/namespaces/default/deployments/${name}/scale?`);
  await previewAndApply(page, `Scale Deployment ${name} to 3 replicas`, 'scale-preview');
  await expect.poll(async () => (await k('-n', 'default', 'get', 'deploy', name, '-o', 'jsonpath={.spec.replicas}')).stdout).toBe('3');
  const table = await ok(['-n', 'default', 'get', 'deploy', name]);
  expect(table).toMatch(new RegExp(`${name}\\s+\\d/3\\s`));
  await expect(section.getByTestId('replicas-status')).toContainText('desired 3', { timeout: 10_000 });
  await waitForReady('default', name, 3);

  const image = section.getByLabel('Image of container nginx', { exact: true });
  await expect(image).toHaveValue('nginx:1.27');
  await image.fill('nginx:1.28');
  await section.getByRole('button', { name: 'Set image of container nginx' }).click();
  const imageDialog = page.getByRole('dialog', { name: `Set image of container nginx in Deployment ${name} to nginx:1.28` });
  await expect(imageDialog.getByTestId('patch-request-line')).toContainText('application/strategic-merge-patch+json');
  await expect(imageDialog.getByTestId('patch-body')).toContainText('"image": "nginx:1.28"');
  await previewAndApply(page, `Set image of container nginx in Deployment ${name} to nginx:1.28`, 'image-preview');
  expect(await ok(['-n', 'default', 'get', 'deploy', name, '-o', 'jsonpath={.spec.template.spec.containers[0].image}'])).toBe('nginx:1.28');
  await expect(image).toHaveValue('nginx:1.28');
  await ok(['-n', 'default', 'delete', 'deploy', name, '--wait=false']);
  expect(errors).toEqual([]);
});

test('suspends a CronJob', async ({ page }) => {
  const name = `qe-cron-${Date.now()}`;
  // The demo cluster serves CronJobs as batch/v1 only, as 1.25+ does.
  const manifest = JSON.stringify({
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name, namespace: 'default' },
    spec: { schedule: '*/5 * * * *', jobTemplate: { spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'report', image: 'busybox:1.36' }] } } } } },
  });
  await ok(['apply', '-f', '-'], manifest);
  await page.goto(`/c/demo/apis/batch/v1/namespaces/default/cronjobs/${name}`);
  const section = page.getByTestId('quick-edits');
  await expect(section.getByTestId('cronjob-state')).toHaveText('Active');
  await section.getByRole('button', { name: 'Suspend' }).click();
  await previewAndApply(page, `Suspend CronJob ${name}`);
  expect(await ok(['-n', 'default', 'get', 'cronjob', name, '-o', 'jsonpath={.spec.suspend}'])).toBe('true');
  await expect(section.getByTestId('cronjob-state')).toHaveText('Suspended');
  await expect(section.getByRole('button', { name: 'Resume' })).toBeVisible();
  await section.screenshot({ path: `${SHOTS}-section-cronjob.png` });
  await ok(['-n', 'default', 'delete', 'cronjob', name]);
});

test('cordons a Node; Escape closes the preview and returns focus to the button', async ({ page }) => {
  const node = 'demo-node-3';
  await page.goto(`/c/demo/api/v1/nodes/${node}`);
  const section = page.getByTestId('quick-edits');
  await expect(section.getByTestId('node-scheduling')).toHaveText('Schedulable');
  const cordon = section.getByRole('button', { name: 'Cordon' });
  await cordon.click();
  const dialog = page.getByRole('dialog', { name: `Cordon Node ${node}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cordon).toBeFocused();

  await cordon.click();
  await previewAndApply(page, `Cordon Node ${node}`, 'cordon-preview');
  try {
    const nodes = await ok(['get', 'node', node]);
    expect(nodes).toMatch(new RegExp(`${node}\\s+Ready,SchedulingDisabled`));
    await expect(section.getByTestId('node-scheduling')).toHaveText('SchedulingDisabled');
    await section.getByRole('button', { name: 'Uncordon' }).click();
    await previewAndApply(page, `Uncordon Node ${node}`);
    expect(await ok(['get', 'node', node])).toMatch(new RegExp(`${node}\\s+Ready\\s`));
  } finally {
    await k('uncordon', node);
  }
});
