// Previewing an edit of a Deployment as each PATCH type with dryRun=All, applying it, and forcing a server-side
// apply conflict, against the embedded demo cluster with kubectl as the independent client.
import { expect, test } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';
import { collectErrors, editorLine } from '../support/edit-screen.js';
import { openEditor, PATCH_CASES, pickPatchType, sidecarLines, typeLinesAfter, type Deployment } from '../support/preview-screen.js';

const server = () => `${test.info().project.use.baseURL}/k8s/demo`;
const kubeArgs = () => ['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server()];
const k = (...args: string[]) => kubectl([...kubeArgs(), ...args]);
const SHOTS = 'test-results/preview';

// After Apply the controllers bump the Deployment (revision annotation, status): the "changed on the server" banner
// takes room above the editor, and Monaco draws only the lines in view. Tall enough for the applied sidecar's lines.
test.use({ viewport: { width: 1280, height: 1400 } });

async function getDeployment(name: string): Promise<Deployment> {
  const r = await k('-n', 'default', 'get', 'deployment', name, '-o', 'json', '--show-managed-fields');
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Deployment;
}

/** Waits until the demo controllers are done with the new Deployment, so its resourceVersion holds still. */
async function settled(name: string): Promise<void> {
  await expect
    .poll(async () => {
      const d = await getDeployment(name);
      return d.status?.availableReplicas === d.spec.replicas && d.status?.replicas === d.spec.replicas;
    }, { timeout: 20_000 })
    .toBe(true);
}

const editUrl = (name: string) => `/c/demo/apis/apps/v1/namespaces/default/deployments/${name}?edit=1`;

for (const c of PATCH_CASES) {
  test(`previews and applies a ${c.label} of a Deployment: the server's defaults show before anything is stored`, async ({ page }) => {
    const errors = collectErrors(page);
    const name = `pv-${c.kind}-${Date.now()}`;
    const created = await k('-n', 'default', 'create', 'deployment', name, '--image=nginx:1.27');
    expect(created.code, created.stderr).toBe(0);
    await settled(name);
    const before = await getDeployment(name);

    await openEditor(page, editUrl(name), name);
    await typeLinesAfter(page, 'containers:', sidecarLines(c.kind));
    await expect(editorLine(page, '- name: sidecar')).toBeVisible();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await pickPatchType(page, c.label);
    await expect(page.getByRole('radio', { name: c.label })).toBeChecked();

    const body = page.getByLabel('Patch body');
    await expect(body).toContainText(c.body);
    await expect(body).toContainText('sidecar');
    if (c.kind === 'json') await expect(body).toContainText(`"value": "${before.metadata.resourceVersion}"`);
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
    await page.screenshot({ path: `${SHOTS}/${c.kind}.png` });

    // The dry run stored nothing.
    expect((await getDeployment(name)).metadata.resourceVersion).toBe(before.metadata.resourceVersion);

    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByTestId('saved')).toContainText('Applied. New resourceVersion');
    await expect(editorLine(page, 'terminationMessagePath').first()).toBeVisible();
    const after = await getDeployment(name);
    const sidecar = after.spec.template.spec.containers.find((x) => x.name === 'sidecar');
    expect(sidecar).toMatchObject({ image: 'busybox:1.36', env: [{ name: 'MODE', value: c.kind }], terminationMessagePath: '/dev/termination-log' });
    const ours = after.metadata.managedFields?.find((m) => m.manager === 'kubeglass' && m.operation === c.operation);
    expect(ours, JSON.stringify(after.metadata.managedFields)).toBeTruthy();
    expect(JSON.stringify(ours?.fieldsV1)).toContain('k:{\\"name\\":\\"sidecar\\"}');
    expect(errors).toEqual([]);
  });
}

test('a server-side apply conflict names the manager and field, and a confirmed force takes it over', async ({ page }) => {
  const name = `pv-conflict-${Date.now()}`;
  const manifest = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default' },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } },
    },
  };
  const applied = await kubectl([...kubeArgs(), 'apply', '--server-side', '-f', '-'], { input: JSON.stringify(manifest) });
  expect(applied.code, applied.stderr).toBe(0);
  await settled(name);

  await openEditor(page, editUrl(name), name);
  await editorLine(page, 'replicas: 2').first().click();
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('5');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await pickPatchType(page, 'Server-side apply');

  await expect(page.getByTestId('other-owners')).toContainText('spec.replicas (kubectl, Apply)');
  const conflicts = page.getByTestId('apply-conflicts');
  await expect(conflicts).toBeVisible({ timeout: 10_000 });
  await expect(conflicts.getByRole('row').nth(1)).toHaveText(/kubectl\s*Apply\s*spec\.replicas/);
  await expect(page.getByRole('button', { name: 'Apply', exact: true })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/apply-conflict.png` });

  await conflicts.getByRole('button', { name: 'Force apply…' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Take these fields from kubectl?');
  await page.screenshot({ path: `${SHOTS}/force-confirm.png` });
  await confirm.getByRole('button', { name: 'Dry run with force' }).click();
  await expect(page.getByTestId('forcing')).toBeVisible();
  await expect(page.getByTestId('dry-run-ok')).toContainText('Server-side apply', { timeout: 10_000 });
  expect((await getDeployment(name)).spec.replicas).toBe(2);

  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByTestId('saved')).toContainText('Applied.');
  const after = await getDeployment(name);
  expect(after.spec.replicas).toBe(5);
  const ours = after.metadata.managedFields?.find((m) => m.manager === 'kubeglass' && m.operation === 'Apply');
  expect(JSON.stringify(ours?.fieldsV1)).toContain('f:replicas');
  const theirs = after.metadata.managedFields?.find((m) => m.manager === 'kubectl' && m.operation === 'Apply');
  expect(JSON.stringify(theirs?.fieldsV1 ?? {})).not.toContain('f:replicas');
});

test('a JSON patch refused because the object moved on is rebased onto the latest and applied', async ({ page }) => {
  const name = `pv-stale-${Date.now()}`;
  const created = await k('-n', 'default', 'create', 'deployment', name, '--image=nginx:1.27');
  expect(created.code, created.stderr).toBe(0);
  await settled(name);

  await openEditor(page, editUrl(name), name);
  await editorLine(page, 'image: nginx:1.27').first().click();
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('8');
  const labelled = await k('-n', 'default', 'label', 'deployment', name, 'tier=frontend');
  expect(labelled.code, labelled.stderr).toBe(0);

  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await pickPatchType(page, 'JSON patch');
  const stale = page.getByTestId('stale');
  await expect(stale).toContainText('Changed on the server');
  await expect(stale.getByTestId('stale-paths')).toContainText('metadata.labels.tier');
  await page.screenshot({ path: `${SHOTS}/stale.png` });
  await stale.getByRole('button', { name: 'Preview against the latest' }).click();
  await expect(page.getByTestId('rebased')).toContainText('Previewing against the latest');
  await expect(page.getByTestId('dry-run-ok')).toContainText('JSON patch', { timeout: 10_000 });
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByTestId('saved')).toContainText('Applied.');
  const after = await getDeployment(name);
  expect(after.spec.template.spec.containers[0]!.image).toBe('nginx:1.28');
  expect((after.metadata.labels as Record<string, string>).tier).toBe('frontend');
});
