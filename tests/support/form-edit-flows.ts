// The Form view of the edit screen, driven in Chromium: the same flows against the demo cluster and the real
// 1.20.2 apiserver. The form writes into the one YAML draft, so Save, the merge and the server's causes are the
// YAML editor's; these flows check that they reach the form, and that the YAML keeps what the form did not touch.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { countPuts, editorLine, typeAtEndOfLine } from './edit-screen.js';
import { addLineAfter, createDeployment, deploymentUrl, getJson, type EditTarget } from './edit-flows.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- kubectl -o json output, read field by field

async function must(t: EditTarget, ...args: string[]): Promise<string> {
  const r = await t.kubectl('-n', t.namespace, ...args);
  expect(r.code, `kubectl ${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

async function openEditor(page: Page, url: string, firstLine: string): Promise<void> {
  await page.goto(url);
  await expect(editorLine(page, firstLine)).toBeVisible({ timeout: 15_000 });
}

const formTab = (page: Page) => page.getByRole('tab', { name: 'Form', exact: true });
const yamlTab = (page: Page) => page.getByRole('tab', { name: 'YAML', exact: true });
const field = (page: Page, name: string) => page.getByRole('form').getByRole('textbox', { name, exact: true });

async function showForm(page: Page): Promise<void> {
  await formTab(page).click();
  await expect(formTab(page)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('searchbox', { name: 'Find field' })).toBeVisible({ timeout: 15_000 });
}

/** replicas, image and an env var changed in the form; the YAML keeps a comment typed there; Save; kubectl agrees. */
export async function formDeploymentFlow(page: Page, t: EditTarget, name: string): Promise<void> {
  await createDeployment(t, name);
  await must(t, 'set', 'env', `deployment/${name}`, 'MODE=fast');
  await t.settled?.(name);
  await openEditor(page, deploymentUrl(t, name), 'value: fast');
  await typeAtEndOfLine(page, 'replicas: 1', ' # scaled by the form');

  await showForm(page);
  await field(page, 'replicas').fill('3');
  await field(page, 'image').fill('nginx:1.27');
  await field(page, 'value').fill('slow');
  await expect(page.getByTestId('draft-state')).toHaveText('Draft kept in this browser');
  await page.screenshot({ path: `${t.shots}-form-deployment.png` });

  await yamlTab(page).click();
  await expect(editorLine(page, 'replicas: 3 # scaled by the form')).toBeVisible({ timeout: 15_000 });
  await expect(editorLine(page, 'image: nginx:1.27')).toBeVisible();
  await expect(editorLine(page, 'value: slow')).toBeVisible();
  await page.screenshot({ path: `${t.shots}-form-deployment-yaml.png` });

  await showForm(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('saved')).toContainText('New resourceVersion');
  const saved = await getJson(t, 'deployment', name);
  expect(saved.spec.replicas).toBe(3);
  expect(saved.spec.template.spec.containers[0].image).toBe('nginx:1.27');
  expect(saved.spec.template.spec.containers[0].env).toEqual([{ name: 'MODE', value: 'slow' }]);
}

/** An env var added to a container without one takes one step (name and value ready), in block style; a second comes
 * from the list's own Add; Remove field says what it does; Save; kubectl agrees. */
export async function formEnvVarFlow(page: Page, t: EditTarget, name: string): Promise<void> {
  await createDeployment(t, name);
  await t.settled?.(name);
  await openEditor(page, deploymentUrl(t, name), 'image: nginx:1.25');
  await showForm(page);
  await expect(page.getByRole('form').getByText('unset', { exact: true })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Add field to spec.template.spec.containers[0]', exact: true }).selectOption('env');
  const env = page.getByRole('form').getByRole('group', { name: 'env', exact: true });
  await env.getByRole('textbox', { name: 'name', exact: true }).fill('MODE');
  await env.getByRole('textbox', { name: 'value', exact: true }).fill('fast');
  await env.getByRole('button', { name: 'Add env item' }).click();
  await env.getByRole('textbox', { name: 'name', exact: true }).nth(1).fill('LEVEL');
  await env.getByRole('textbox', { name: 'value', exact: true }).nth(1).fill('3');
  await expect(page.getByRole('button', { name: 'Remove env from the object' })).toHaveText('Remove field');
  await env.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${t.shots}-form-env-var.png` });

  await yamlTab(page).click();
  await expect(editorLine(page, '- name: MODE')).toBeVisible({ timeout: 15_000 });
  await expect(editorLine(page, 'value: fast')).toBeVisible();
  await expect(editorLine(page, '- name: LEVEL')).toBeVisible();
  await expect(editorLine(page, 'value: "3"')).toBeVisible();
  await expect(editorLine(page, 'env: [')).toHaveCount(0);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('saved')).toContainText('New resourceVersion');
  expect((await getJson(t, 'deployment', name)).spec.template.spec.containers[0].env).toEqual([
    { name: 'MODE', value: 'fast' },
    { name: 'LEVEL', value: '3' },
  ]);
}

/** A label typed in the YAML view shows in the form; a label added in the form shows in the YAML. */
export async function formLabelFlow(page: Page, t: EditTarget, name: string): Promise<void> {
  await createDeployment(t, name);
  await openEditor(page, deploymentUrl(t, name), 'image: nginx:1.25');
  await addLineAfter(page, `app: ${name}`, 'tier: front');
  await showForm(page);
  await expect(field(page, 'tier')).toHaveValue('front');

  const labels = page.getByRole('form').getByRole('group', { name: 'labels', exact: true }).first();
  await labels.getByRole('textbox', { name: 'New labels key' }).fill('bad key!');
  await expect(labels.getByRole('alert')).toContainText('name part must consist of');
  await labels.getByRole('textbox', { name: 'New labels key' }).fill('team');
  await labels.getByRole('button', { name: 'Add labels entry' }).click();
  await field(page, 'team').fill('grid');
  await yamlTab(page).click();
  await expect(editorLine(page, 'team: grid')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('saved')).toContainText('New resourceVersion');
  expect((await getJson(t, 'deployment', name)).metadata.labels).toEqual({ app: name, tier: 'front', team: 'grid' });
}

/** A bad quantity is shown on its field as typed and Save sends nothing. */
export async function formInvalidQuantityFlow(page: Page, t: EditTarget, name: string): Promise<void> {
  await createDeployment(t, name);
  await openEditor(page, deploymentUrl(t, name), 'image: nginx:1.25');
  await showForm(page);
  const puts = countPuts(page);
  await page.getByRole('searchbox', { name: 'Find field' }).fill('resources');
  await page.getByRole('button', { name: 'spec.template.spec.containers.resources', exact: true }).click();
  await page.getByRole('combobox', { name: 'Add field to spec.template.spec.containers[0].resources' }).selectOption('limits');
  const limits = page.getByRole('form').getByRole('group', { name: 'limits', exact: true });
  await limits.getByRole('textbox', { name: 'New limits key' }).fill('cpu');
  await limits.getByRole('button', { name: 'Add limits entry' }).click();
  await field(page, 'cpu').fill('1GB');
  const problem = page.locator('[data-testid="form-field-problems"][data-field="spec.template.spec.containers[0].resources.limits[cpu]"]');
  await expect(problem).toContainText("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('field-problems')).toContainText('Not saved: the schema refuses a field, nothing was sent.');
  await page.screenshot({ path: `${t.shots}-form-invalid-quantity.png` });
  expect(puts.count).toBe(0);

  await field(page, 'cpu').fill('500m');
  await expect(problem).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('saved')).toContainText('New resourceVersion');
  expect((await getJson(t, 'deployment', name)).spec.template.spec.containers[0].resources).toEqual({ limits: { cpu: '500m' } });
}

/** The server's 422 lands on the form field it names. */
export async function form422Flow(page: Page, t: EditTarget, name: string): Promise<void> {
  await createDeployment(t, name);
  await openEditor(page, deploymentUrl(t, name), 'image: nginx:1.25');
  await showForm(page);
  await field(page, 'replicas').fill('-1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('save-error').getByTestId('error-code')).toHaveText('422');
  const problem = page.locator('[data-testid="form-field-problems"][data-field="spec.replicas"]');
  await expect(problem).toContainText('Invalid value: -1: must be greater than or equal to 0');
  await expect(field(page, 'replicas')).toHaveValue('-1');
  // The cause in the error panel leads to its form field.
  await page.getByTestId('save-error').getByRole('button', { name: 'spec.replicas', exact: true }).click();
  await expect(field(page, 'replicas')).toBeFocused();
  await page.screenshot({ path: `${t.shots}-form-422.png` });
  expect((await getJson(t, 'deployment', name)).spec.replicas).toBe(1);
}

/** kubectl scales while the form changes the image: Save merges (as in the YAML view), a second Save stores both. */
export async function formMergeFlow(page: Page, t: EditTarget, name: string): Promise<void> {
  await createDeployment(t, name);
  await openEditor(page, deploymentUrl(t, name), 'image: nginx:1.25');
  await showForm(page);
  await field(page, 'image').fill('nginx:1.25-alpine');
  await must(t, 'scale', 'deployment', name, '--replicas=3');
  await expect(page.getByTestId('server-changed-paths')).toContainText('spec.replicas');
  await expect(field(page, 'replicas')).toHaveValue('1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('merged')).toContainText('Merged with server changes');
  await showForm(page);
  await expect(field(page, 'replicas')).toHaveValue('3');
  await expect(field(page, 'image')).toHaveValue('nginx:1.25-alpine');
  await page.screenshot({ path: `${t.shots}-form-merged.png` });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('saved')).toContainText('New resourceVersion');
  const saved = await getJson(t, 'deployment', name);
  expect(saved.spec.replicas).toBe(3);
  expect(saved.spec.template.spec.containers[0].image).toBe('nginx:1.25-alpine');
}

/** A CRD with a small deep schema, its group unique to the test. */
function turbineCrd(group: string): Json {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `turbines.${group}` },
    spec: {
      group,
      names: { kind: 'Turbine', plural: 'turbines', singular: 'turbine', listKind: 'TurbineList' },
      scope: 'Namespaced',
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: {
                spec: {
                  type: 'object',
                  required: ['watts'],
                  properties: {
                    watts: { type: 'integer', minimum: 1, description: 'Rated output in watts.' },
                    mode: { type: 'string', enum: ['grid', 'island'] },
                    blades: { type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, pitch: { type: 'number' } } } },
                    maxSurge: { 'x-kubernetes-int-or-string': true },
                    extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
                  },
                },
              },
            },
          },
        },
      ],
    },
  };
}

function manifestFile(object: Json): string {
  const file = join(tmpdir(), `kubeglass-form-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(object));
  return file;
}

/** A CRD created in the test; a custom resource of it edited through its generated form. Returns the CRD's name. */
export async function formCustomResourceFlow(page: Page, t: EditTarget, group: string): Promise<string> {
  const crd = turbineCrd(group);
  await must(t, 'apply', '-f', manifestFile(crd));
  await must(t, 'wait', '--for', 'condition=established', '--timeout=20s', `crd/turbines.${group}`);
  // The API server serves the new group a moment after Established.
  await expect(async () => {
    await must(t, 'apply', '-f', manifestFile({ apiVersion: `${group}/v1`, kind: 'Turbine', metadata: { name: 'north' }, spec: { watts: 1500, mode: 'grid', blades: [{ id: 'b1', pitch: 2.5 }] } }));
  }).toPass({ timeout: 20_000 });
  // kube-apiserver publishes the CRD's schema in /openapi/v2 some seconds after Established (its OpenAPI controller
  // runs apart); the app reads the schema again meanwhile and says it is waiting. The demo publishes it with the CRD.
  await openEditor(page, `/c/${t.context}/apis/${group}/v1/namespaces/${t.namespace}/turbines/north?edit=1`, 'watts: 1500');
  await formTab(page).click();
  const waiting = page.getByTestId('form-schema-waiting');
  await expect(page.getByRole('searchbox', { name: 'Find field' }).or(waiting)).toBeVisible({ timeout: 15_000 });
  if (await waiting.isVisible()) await page.screenshot({ path: `${t.shots}-form-schema-waiting.png` });
  await expect(page.getByRole('searchbox', { name: 'Find field' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('form-no-schema')).toHaveCount(0);
  await expect(page.getByRole('form').getByRole('group', { name: 'blades: b1' }).or(page.getByRole('form').getByRole('group', { name: 'blades[0]' }))).toBeVisible();
  await field(page, 'watts').fill('2500');
  await page.getByRole('combobox', { name: 'mode', exact: true }).selectOption('island');
  await page.getByRole('combobox', { name: 'Add field to spec' }).selectOption('maxSurge');
  await field(page, 'maxSurge').fill('25%');
  await page.screenshot({ path: `${t.shots}-form-custom-resource.png` });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('saved')).toContainText('New resourceVersion');
  const saved = await getJson(t, `turbines.${group}`, 'north');
  expect(saved.spec).toEqual({ watts: 2500, mode: 'island', maxSurge: '25%', blades: [{ id: 'b1', pitch: 2.5 }] });
  return `turbines.${group}`;
}

/**
 * As a user who may read but not update (`viewerContext`): the form shows the object read-only with the reason, and
 * nothing in it offers a change (no Add field, Remove field, Remove or Add item); Save is disabled with the same reason.
 */
export async function formReadOnlyFlow(page: Page, t: EditTarget, viewerContext: string, name: string): Promise<void> {
  await createDeployment(t, name);
  await must(t, 'set', 'env', `deployment/${name}`, 'MODE=fast');
  await t.settled?.(name);
  await openEditor(page, deploymentUrl({ ...t, context: viewerContext }, name), 'value: fast');
  await showForm(page);
  const reason = `You may not update deployments.apps "${name}" in namespace ${t.namespace}`;
  await expect(page.getByTestId('form-read-only')).toHaveText(`Read-only: ${reason}`, { timeout: 15_000 });
  const form = page.getByRole('form');
  await expect(field(page, 'replicas')).toHaveValue('1');
  for (const name_ of ['replicas', 'image', 'value']) await expect(field(page, name_)).toBeDisabled();
  await expect(form.getByRole('group', { name: 'containers: nginx' })).toBeVisible();
  await expect(form.getByRole('combobox', { name: /^Add field/ })).toHaveCount(0);
  await expect(form.getByRole('button', { name: /^(Remove|Move) / })).toHaveCount(0);
  await expect(form.getByRole('button', { name: /^Add .* (item|entry)$/ })).toHaveCount(0);
  await expect(form.getByRole('textbox', { name: /^New .* key$/ })).toHaveCount(0);
  // Reading stays possible: groups close and open, and the field search opens the groups on the way to a field.
  await form.getByRole('button', { name: '▾ containers: nginx' }).click();
  await expect(field(page, 'image')).toHaveCount(0);
  await form.getByRole('searchbox', { name: 'Find field' }).fill('image');
  await form.getByRole('searchbox', { name: 'Find field' }).press('Enter');
  await expect(field(page, 'image')).toBeVisible();
  await expect(field(page, 'image')).toHaveValue('nginx:1.25');
  await expect(page.getByTestId('save-button')).toBeDisabled();
  await expect(page.getByTestId('save-button')).toHaveAttribute('title', reason);
  await page.screenshot({ path: `${t.shots}-form-read-only.png` });
  // Nothing was written: the object is as created.
  expect((await getJson(t, 'deployment', name)).spec.replicas).toBe(1);
}
