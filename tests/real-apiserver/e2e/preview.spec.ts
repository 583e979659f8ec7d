// The edit screen's dry-run preview against a real apiserver: each PATCH type previewed (patch body, the server's
// defaults) and applied to a Deployment, stale JSON / merge patches rebased, and server-side apply conflicts with
// kubectl (Apply and Update managers) forced. On 1.20.2 no controller-manager runs: Deployments never get pods or
// status. On the current control plane the controllers roll each one out first; the test waits until they are done.
import { expect, test } from '@playwright/test';
import { settledDeployment } from '../settle.js';
import { MODERN } from '../tier.js';
import { kubectl } from '../../support/kubectl.js';
import { collectErrors, editorLine } from '../../support/edit-screen.js';
import { openEditor, PATCH_CASES, pickPatchType, sidecarLines, typeLinesAfter, type Deployment } from '../../support/preview-screen.js';

const kubeconfig = process.env.KUBECONFIG_REAL ?? '';
const NAMESPACE = 'fx';
const k = (...args: string[]) => kubectl(['--kubeconfig', kubeconfig, ...args]);
const SHOTS = 'test-results/real-real-preview';
// Tall enough for the whole Deployment with a banner or two above it (a controller's write after Apply is one).
test.use({ viewport: { width: 1280, height: 1100 } });

const created: string[] = [];
const uniqueName = (prefix: string) => {
  const name = `${prefix}-${Date.now()}`;
  created.push(name);
  return name;
};

test.beforeEach(() => {
  expect(kubeconfig, 'KUBECONFIG_REAL is set by run.sh').not.toBe('');
});
test.afterEach(async () => {
  for (const name of created.splice(0)) await k('-n', NAMESPACE, 'delete', 'deployment', name, '--ignore-not-found');
});

async function getDeployment(name: string): Promise<Deployment> {
  const r = await k('-n', NAMESPACE, 'get', 'deployment', name, '-o', 'json', '--show-managed-fields');
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Deployment;
}

/** The Deployment once nothing but this test writes it (no status at all where no controller-manager runs). */
async function quiet(name: string): Promise<Deployment> {
  await settledDeployment(k, NAMESPACE, name);
  const settled = await getDeployment(name);
  if (!MODERN) expect(settled.status?.replicas, 'no controller-manager: no pods, no status').toBeUndefined();
  expect(settled.metadata.generation).toBe(1);
  return settled;
}

/** The managers of the object itself: a controller-manager also writes the status subresource. */
const objectManagers = (d: Deployment) =>
  (d.metadata.managedFields ?? []).filter((m) => (m as { subresource?: string }).subresource !== 'status').map((m) => `${m.manager}/${m.operation}`);

const editUrl = (name: string) => `/c/real/apis/apps/v1/namespaces/${NAMESPACE}/deployments/${name}?edit=1`;

for (const c of PATCH_CASES) {
  test(`previews and applies a ${c.label} of a Deployment on the real server: the server's defaults show before anything is stored`, async ({ page }) => {
    const errors = collectErrors(page);
    const name = uniqueName(`pv-${c.kind}`);
    const made = await k('-n', NAMESPACE, 'create', 'deployment', name, '--image=nginx:1.25');
    expect(made.code, made.stderr).toBe(0);
    const before = await quiet(name);

    await openEditor(page, editUrl(name), name);
    await typeLinesAfter(page, 'containers:', sidecarLines(c.kind));
    await expect(editorLine(page, '- name: sidecar')).toBeVisible();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await pickPatchType(page, c.label);
    await expect(page.getByRole('radio', { name: c.label })).toBeChecked();

    const body = page.getByLabel('Patch body');
    await expect(body).toContainText(c.body);
    await expect(body).toContainText('sidecar');
    await expect(body).toContainText('busybox:1.36');
    if (c.kind === 'json') await expect(body).toContainText(`"value": "${before.metadata.resourceVersion}"`);
    if (c.kind === 'merge' || c.kind === 'strategic') await expect(body).toContainText(`"resourceVersion": "${before.metadata.resourceVersion}"`);
    await expect(page.getByTestId('patch-request-line')).toContainText(`PATCH /apis/apps/v1/namespaces/${NAMESPACE}/deployments/${name}`);
    // The answer of this type's dry run, not the one shown first.
    await expect(page.getByTestId('dry-run-ok')).toContainText(c.label, { timeout: 10_000 });
    // Defaulted by the server for the new container: the user never typed them.
    const serverSet = page.getByTestId('server-set-paths');
    await expect(serverSet).toContainText(/spec\.template\.spec\.containers\[\d\]\.terminationMessagePath/);
    await expect(serverSet).toContainText(/spec\.template\.spec\.containers\[\d\]\.imagePullPolicy/);
    // What the user typed is not reported as the server's.
    await expect(serverSet).not.toContainText('.env');
    await expect(serverSet).not.toContainText(/\.image(?!PullPolicy)/);
    const diff = page.getByTestId('monaco-diff-editor');
    // The answer is what the server would store: the template change bumps metadata.generation.
    await expect(diff.locator('.editor.modified .view-line', { hasText: 'generation: 2' })).toBeVisible();
    await expect(diff.locator('.editor.original .view-line', { hasText: 'generation: 1' })).toBeVisible();
    await expect(diff.locator('.editor.modified .line-insert').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}-${c.kind}.png` });

    // The dry run stored nothing.
    expect((await getDeployment(name)).metadata.resourceVersion).toBe(before.metadata.resourceVersion);

    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByTestId('saved')).toContainText('Applied. New resourceVersion');
    await expect(editorLine(page, 'terminationMessagePath').first()).toBeVisible();
    const after = await getDeployment(name);
    expect(after.metadata.resourceVersion).not.toBe(before.metadata.resourceVersion);
    expect(after.metadata.generation).toBe(2);
    const sidecar = after.spec.template.spec.containers.find((x) => x.name === 'sidecar');
    expect(sidecar).toMatchObject({
      image: 'busybox:1.36',
      env: [{ name: 'MODE', value: c.kind }],
      terminationMessagePath: '/dev/termination-log',
      imagePullPolicy: 'IfNotPresent',
    });
    // kubectl's own container is still there: the patch changed only what the user changed.
    expect(after.spec.template.spec.containers.find((x) => x.name === 'nginx')?.image).toBe('nginx:1.25');
    const ours = after.metadata.managedFields?.find((m) => m.manager === 'kubeglass' && m.operation === c.operation);
    expect(ours, JSON.stringify(after.metadata.managedFields)).toBeTruthy();
    expect(JSON.stringify(ours?.fieldsV1)).toContain('k:{\\"name\\":\\"sidecar\\"}');
    expect(errors).toEqual([]);
  });
}

test('a server-side apply conflict with kubectl names the manager and field, and a confirmed force takes it over', async ({ page }) => {
  const errors = collectErrors(page);
  const name = uniqueName('pv-conflict');
  const manifest = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: NAMESPACE },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'web', image: 'nginx:1.25' }] } },
    },
  };
  const applied = await kubectl(['--kubeconfig', kubeconfig, 'apply', '--server-side', '-f', '-'], { input: JSON.stringify(manifest) });
  expect(applied.code, applied.stderr).toBe(0);
  const before = await quiet(name);
  const kubectlEntry = before.metadata.managedFields?.find((m) => m.manager === 'kubectl');
  expect(kubectlEntry?.operation, JSON.stringify(before.metadata.managedFields)).toBe('Apply');
  expect(JSON.stringify(kubectlEntry?.fieldsV1)).toContain('f:replicas');

  await openEditor(page, editUrl(name), name);
  await editorLine(page, 'replicas: 2').first().click();
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('5');
  await expect(editorLine(page, 'replicas: 5')).toBeVisible();
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await pickPatchType(page, 'Server-side apply');

  await expect(page.getByTestId('other-owners')).toContainText('spec.replicas (kubectl, Apply)');
  const conflicts = page.getByTestId('apply-conflicts');
  await expect(conflicts).toBeVisible({ timeout: 10_000 });
  await expect(conflicts).toContainText('other managers own a field you change');
  await expect(conflicts.getByRole('row')).toHaveCount(2);
  await expect(conflicts.getByRole('row').nth(1)).toHaveText(/^kubectl\s*Apply\s*spec\.replicas$/);
  await expect(page.getByRole('button', { name: 'Apply', exact: true })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}-apply-conflict.png` });

  await conflicts.getByRole('button', { name: 'Force apply…' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Take these fields from kubectl?');
  await expect(confirm).toContainText('kubeglass becomes the owner of spec.replicas');
  await page.screenshot({ path: `${SHOTS}-force-confirm.png` });
  await confirm.getByRole('button', { name: 'Dry run with force' }).click();
  await expect(page.getByTestId('forcing')).toBeVisible();
  await expect(page.getByTestId('dry-run-ok')).toContainText('Server-side apply', { timeout: 10_000 });
  await expect(page.getByLabel('Patch body')).toContainText('replicas: 5');
  await expect(page.getByTestId('patch-request-line')).toContainText('force=true');
  // The forced dry run stored nothing.
  const unchanged = await getDeployment(name);
  expect(unchanged.spec.replicas).toBe(2);
  expect(unchanged.metadata.resourceVersion).toBe(before.metadata.resourceVersion);

  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByTestId('saved')).toContainText('Applied.');
  const after = await getDeployment(name);
  expect(after.spec.replicas).toBe(5);
  const ours = after.metadata.managedFields?.find((m) => m.manager === 'kubeglass' && m.operation === 'Apply');
  expect(JSON.stringify(ours?.fieldsV1), JSON.stringify(after.metadata.managedFields)).toContain('f:replicas');
  const theirs = after.metadata.managedFields?.find((m) => m.manager === 'kubectl' && m.operation === 'Apply');
  expect(theirs, 'kubectl still owns the rest of its configuration').toBeTruthy();
  expect(JSON.stringify(theirs?.fieldsV1)).not.toContain('f:replicas');
  expect(JSON.stringify(theirs?.fieldsV1)).toContain('k:{\\"name\\":\\"web\\"}');
  // kubectl's next apply of its own manifest now conflicts on the field it lost, as the force warned.
  const reapplied = await kubectl(['--kubeconfig', kubeconfig, 'apply', '--server-side', '-f', '-'], { input: JSON.stringify(manifest) });
  expect(reapplied.code).not.toBe(0);
  expect(reapplied.stderr).toContain('conflict with "kubeglass"');
  expect(reapplied.stderr).toContain('.spec.replicas');
  expect(errors).toEqual([]);
});

// The server refuses a stale JSON patch with a bare 422 (its "test" op failed) and a stale merge patch with a 409 (its
// metadata.resourceVersion): both must read as "changed on the server", not as an invalid change.
const STALE = [
  { kind: 'json', label: 'JSON patch', code: '422' },
  { kind: 'merge', label: 'JSON merge patch', code: '409' },
] as const;

for (const c of STALE) {
  test(`a ${c.label} refused by the server because kubectl changed the object (${c.code}) is rebased onto the latest and applied`, async ({ page }) => {
    const errors = collectErrors(page);
    const name = uniqueName(`pv-stale-${c.kind}`);
    const made = await k('-n', NAMESPACE, 'create', 'deployment', name, '--image=nginx:1.25');
    expect(made.code, made.stderr).toBe(0);
    const before = await quiet(name);

    await openEditor(page, editUrl(name), name);
    await editorLine(page, 'image: nginx:1.25').first().click();
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('6');
    await expect(editorLine(page, 'image: nginx:1.26')).toBeVisible();
    const labelled = await k('-n', NAMESPACE, 'label', 'deployment', name, 'tier=frontend');
    expect(labelled.code, labelled.stderr).toBe(0);

    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await pickPatchType(page, c.label);
    const stale = page.getByTestId('stale');
    await expect(stale).toContainText('Changed on the server', { timeout: 10_000 });
    await expect(stale).toContainText(`resourceVersion ${before.metadata.resourceVersion}, now`);
    await expect(stale.getByTestId('stale-paths')).toContainText('metadata.labels.tier');
    // The server's own refusal stays on screen, with its code.
    await expect(stale.getByTestId('preview-error').getByTestId('error-code')).toHaveText(c.code);
    await page.screenshot({ path: `${SHOTS}-stale-${c.kind}.png` });

    await stale.getByRole('button', { name: 'Preview against the latest' }).click();
    await expect(page.getByTestId('rebased')).toContainText('Previewing against the latest');
    await expect(page.getByTestId('rebased-their-changes')).toContainText('metadata.labels.tier');
    await expect(page.getByTestId('dry-run-ok')).toContainText(c.label, { timeout: 10_000 });
    await expect(page.getByTestId('stale')).toHaveCount(0);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByTestId('saved')).toContainText('Applied.');
    const after = await getDeployment(name);
    expect(after.spec.template.spec.containers[0]?.image).toBe('nginx:1.26');
    expect((after.metadata.labels as Record<string, string>).tier).toBe('frontend');
    expect(errors).toEqual([]);
  });
}

test('a server-side apply also conflicts with an Update manager (kubectl create), named with its apiVersion', async ({ page }) => {
  const errors = collectErrors(page);
  const name = uniqueName('pv-conflict-update');
  const made = await k('-n', NAMESPACE, 'create', 'deployment', name, '--image=nginx:1.25');
  expect(made.code, made.stderr).toBe(0);
  const before = await quiet(name);
  expect(objectManagers(before)).toEqual(['kubectl-create/Update']);

  await openEditor(page, editUrl(name), name);
  await editorLine(page, 'replicas: 1').first().click();
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('4');
  await expect(editorLine(page, 'replicas: 4')).toBeVisible();
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await pickPatchType(page, 'Server-side apply');

  await expect(page.getByTestId('other-owners')).toContainText('spec.replicas (kubectl-create, Update)');
  const conflicts = page.getByTestId('apply-conflicts');
  await expect(conflicts).toBeVisible({ timeout: 10_000 });
  await expect(conflicts.getByRole('row')).toHaveCount(2);
  await expect(conflicts.getByRole('row').nth(1)).toHaveText(/^kubectl-create\s*Update \(apps\/v1\)\s*spec\.replicas$/);
  await page.screenshot({ path: `${SHOTS}-apply-conflict-update.png` });

  await conflicts.getByRole('button', { name: 'Force apply…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Dry run with force' }).click();
  await expect(page.getByTestId('dry-run-ok')).toContainText('Server-side apply', { timeout: 10_000 });
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByTestId('saved')).toContainText('Applied.');
  const after = await getDeployment(name);
  expect(after.spec.replicas).toBe(4);
  const create = after.metadata.managedFields?.find((m) => m.manager === 'kubectl-create');
  expect(JSON.stringify(create?.fieldsV1)).not.toContain('f:replicas');
  expect(errors).toEqual([]);
});
