// The edit screen's done-when flows, run in Chromium against the demo cluster and the real 1.20.2 apiserver:
// edit a ConfigMap or a Deployment while kubectl changes it (another field: merged; the same field: the
// conflict view, the user's text wins), reload mid-edit, and invalid input that never becomes a silent success.
import { expect, type Page } from '@playwright/test';
import type { KubectlResult } from './kubectl.js';
import { countPuts, editorLine, retypeEndOfLine, typeAtEndOfLine } from './edit-screen.js';

export interface EditTarget {
  /** kubeglass context name. */
  context: string;
  namespace: string;
  kubectl: (...args: string[]) => Promise<KubectlResult>;
  /** Screenshot path prefix, e.g. /tmp/real-demo. */
  shots: string;
  /** Waits until controllers have stopped writing Deployment `name` (its revision annotation is editable, so a
   * write of theirs during an edit makes Save merge). Absent where they write at once. */
  settled?: (name: string) => Promise<void>;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- kubectl -o json output, read field by field

async function must(t: EditTarget, ...args: string[]): Promise<string> {
  const r = await t.kubectl('-n', t.namespace, ...args);
  expect(r.code, `kubectl ${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

export async function getJson(t: EditTarget, resource: string, name: string): Promise<Json> {
  return JSON.parse(await must(t, 'get', resource, name, '-o', 'json', '--show-managed-fields')) as Json;
}

export const configMapUrl = (t: EditTarget, name: string) => `/c/${t.context}/api/v1/namespaces/${t.namespace}/configmaps/${name}?edit=1`;
export const deploymentUrl = (t: EditTarget, name: string) => `/c/${t.context}/apis/apps/v1/namespaces/${t.namespace}/deployments/${name}?edit=1`;

export async function createConfigMap(t: EditTarget, name: string): Promise<void> {
  await must(t, 'create', 'configmap', name, '--from-literal=a=one', '--from-literal=b=two');
}

/** `kubectl create deployment`: one container named nginx, image nginx:1.25, replicas 1. */
export async function createDeployment(t: EditTarget, name: string): Promise<void> {
  await must(t, 'create', 'deployment', name, '--image=nginx:1.25');
  await t.settled?.(name);
}

const image = (d: Json): string => d.spec.template.spec.containers[0].image as string;

async function openEditor(page: Page, url: string, firstLine: string): Promise<void> {
  await page.goto(url);
  await expect(editorLine(page, firstLine)).toBeVisible({ timeout: 15_000 });
}

/** ConfigMap: an edit kept across a reload, kubectl changes another key, Save merges, Save again stores both. */
export async function configMapMergeFlow(page: Page, t: EditTarget, name: string): Promise<void> {
  await createConfigMap(t, name);
  await openEditor(page, configMapUrl(t, name), 'a: one');
  await typeAtEndOfLine(page, 'a: one', '-mine');
  await expect(page.getByTestId('draft-state')).toHaveText('Draft kept in this browser');
  await page.reload();
  await expect(page.getByTestId('draft-restored')).toBeVisible();
  await expect(editorLine(page, 'a: one-mine')).toBeVisible({ timeout: 15_000 });

  await must(t, 'patch', 'configmap', name, '--type', 'merge', '-p', '{"data":{"b":"two-theirs"}}');
  await expect(page.getByTestId('server-changed-paths')).toContainText('data.b');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('merged')).toContainText('Merged with server changes');
  await expect(editorLine(page, 'b: two-theirs')).toBeVisible();
  await expect(editorLine(page, 'a: one-mine')).toBeVisible();
  expect((await getJson(t, 'configmap', name)).data).toEqual({ a: 'one', b: 'two-theirs' });
  await page.screenshot({ path: `${t.shots}-configmap-merged.png` });

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('saved')).toContainText('New resourceVersion');
  expect((await getJson(t, 'configmap', name)).data).toEqual({ a: 'one-mine', b: 'two-theirs' });
}

/** ConfigMap: kubectl changes the key the user edits; the conflict view opens and the user's text is saved. */
export async function configMapConflictFlow(page: Page, t: EditTarget, name: string): Promise<void> {
  await createConfigMap(t, name);
  await openEditor(page, configMapUrl(t, name), 'a: one');
  await typeAtEndOfLine(page, 'a: one', '-mine');
  await must(t, 'patch', 'configmap', name, '--type', 'merge', '-p', '{"data":{"a":"one-theirs"}}');
  await expect(page.getByTestId('server-changed-paths')).toContainText('data.a');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('conflict-paths')).toContainText('data.a');
  const diff = page.getByTestId('monaco-diff-editor');
  await expect(diff.locator('.editor.original .view-line', { hasText: 'a: one-theirs' })).toBeVisible();
  await expect(diff.locator('.editor.modified .view-line', { hasText: 'a: one-mine' })).toBeVisible();
  await page.screenshot({ path: `${t.shots}-configmap-conflict.png` });
  await diff.locator('.editor.modified .view-line', { hasText: 'a: one-mine' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type('-resolved');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('saved')).toBeVisible();
  expect((await getJson(t, 'configmap', name)).data).toEqual({ a: 'one-mine-resolved', b: 'two' });
}

/**
 * Deployment: the image edited, the draft kept across a reload, meanwhile kubectl scales it and labels it;
 * Save merges (their changes listed, the edit on top), Save again stores all three.
 */
export async function deploymentMergeFlow(page: Page, t: EditTarget, name: string): Promise<void> {
  await createDeployment(t, name);
  await openEditor(page, deploymentUrl(t, name), 'image: nginx:1.25');
  await typeAtEndOfLine(page, 'image: nginx:1.25', '-alpine');
  await expect(page.getByTestId('draft-state')).toHaveText('Draft kept in this browser');

  await page.reload();
  await expect(page.getByTestId('draft-restored')).toBeVisible();
  await expect(editorLine(page, 'image: nginx:1.25-alpine')).toBeVisible({ timeout: 15_000 });

  await must(t, 'scale', 'deployment', name, '--replicas=3');
  await must(t, 'label', 'deployment', name, 'tier=web');
  await expect(page.getByTestId('server-changed-paths')).toContainText('spec.replicas');
  await expect(page.getByTestId('server-changed-paths')).toContainText('metadata.labels.tier');
  // Live changes never reach the text.
  await expect(editorLine(page, 'replicas: 1')).toBeVisible();
  await page.screenshot({ path: `${t.shots}-deployment-server-changed.png` });

  const puts = countPuts(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('merged')).toContainText('Merged with server changes');
  await expect(page.getByTestId('merged-paths')).toContainText('spec.replicas');
  await expect(page.getByTestId('merged-paths')).toContainText('metadata.labels.tier');
  await expect(editorLine(page, 'replicas: 3')).toBeVisible();
  await expect(editorLine(page, 'tier: web')).toBeVisible();
  await expect(editorLine(page, 'image: nginx:1.25-alpine')).toBeVisible();
  expect(puts.count).toBeGreaterThanOrEqual(1);
  expect(image(await getJson(t, 'deployment', name))).toBe('nginx:1.25');
  await page.screenshot({ path: `${t.shots}-deployment-merged.png` });

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('saved')).toContainText('New resourceVersion');
  const saved = await getJson(t, 'deployment', name);
  expect(image(saved)).toBe('nginx:1.25-alpine');
  expect(saved.spec.replicas).toBe(3);
  expect(saved.metadata.labels).toMatchObject({ app: name, tier: 'web' });
  expect((saved.metadata.managedFields as Json[]).map((f) => f.manager)).toContain('kubeglass');
  await expect(page.getByTestId('draft-state')).toHaveText('No changes');
}

/** Deployment: kubectl sets the image the user edits; the conflict view opens; the user's resolution is saved. */
export async function deploymentConflictFlow(page: Page, t: EditTarget, name: string): Promise<void> {
  await createDeployment(t, name);
  await openEditor(page, deploymentUrl(t, name), 'image: nginx:1.25');
  await typeAtEndOfLine(page, 'image: nginx:1.25', '-mine');
  await must(t, 'set', 'image', `deployment/${name}`, 'nginx=nginx:1.26');
  await expect(page.getByTestId('server-changed-paths')).toContainText('image');

  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByTestId('conflict')).toContainText('Conflict with server changes');
  await expect(page.getByTestId('conflict-paths')).toContainText('image');
  const diff = page.getByTestId('monaco-diff-editor');
  await expect(diff.locator('.editor.original .view-line', { hasText: 'image: nginx:1.26' })).toBeVisible();
  await expect(diff.locator('.editor.modified .view-line', { hasText: 'image: nginx:1.25-mine' })).toBeVisible();
  await page.screenshot({ path: `${t.shots}-deployment-conflict.png` });
  // Their image stays on the server until the user saves: a conflict never writes on its own.
  expect(image(await getJson(t, 'deployment', name))).toBe('nginx:1.26');

  await diff.locator('.editor.modified .view-line', { hasText: 'image: nginx:1.25-mine' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type('-resolved');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('saved')).toBeVisible();
  expect(image(await getJson(t, 'deployment', name))).toBe('nginx:1.25-mine-resolved');
}

/**
 * Deployment: replicas -1 and a container name that is not a DNS label reach the server, which answers 422
 * with two causes; each cause leads to its line; the text is kept. A wrong apiVersion and kind are refused
 * before anything is sent.
 */
export async function deploymentInvalidFlow(page: Page, t: EditTarget, name: string): Promise<void> {
  await createDeployment(t, name);
  await openEditor(page, deploymentUrl(t, name), 'image: nginx:1.25');
  const puts = countPuts(page);

  await retypeEndOfLine(page, 'replicas: 1', 1, '-1');
  await typeAtEndOfLine(page, '- name: nginx', '_Bad');
  await page.getByRole('button', { name: 'Save' }).click();
  const error = page.getByTestId('save-error');
  await expect(error.getByTestId('error-code')).toHaveText('422');
  await expect(error.getByTestId('error-reason')).toHaveText('Invalid');
  await expect(error).toContainText(`Deployment.apps "${name}" is invalid`);
  const causes = error.getByTestId('error-causes');
  await expect(causes).toContainText('spec.replicas');
  await expect(causes).toContainText('Invalid value: -1: must be greater than or equal to 0');
  await expect(causes).toContainText('Invalid value: "nginx_Bad": a lowercase RFC 1123 label');
  await expect(page.getByTestId('monaco-editor').locator('.squiggly-error, .squiggly-warning').first()).toBeVisible();
  await page.screenshot({ path: `${t.shots}-deployment-invalid.png` });
  // One PUT, or more when a controller's status writes made Save retry over the latest resourceVersion.
  const sent = puts.count;
  expect(sent).toBeGreaterThanOrEqual(1);

  // The cause's button puts the cursor on its line: what is typed next lands there.
  await causes.getByRole('button', { name: 'spec.template.spec.containers[0].name' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type('X');
  await expect(editorLine(page, '- name: nginx_BadX')).toBeVisible();
  await causes.getByRole('button', { name: 'spec.replicas' }).click();
  await expect(editorLine(page, 'replicas: -1')).toBeVisible();
  expect((await getJson(t, 'deployment', name)).spec.replicas).toBe(1);

  await page.getByRole('button', { name: 'Discard' }).click();
  // Typed text is dropped only once confirmed.
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await typeAtEndOfLine(page, 'apiVersion: apps/v1', 'beta1');
  await typeAtEndOfLine(page, 'kind: Deployment', 'X');
  await page.getByRole('button', { name: 'Save' }).click();
  const identity = page.getByTestId('identity-error');
  await expect(identity).toContainText('apiVersion is "apps/v1beta1", but this object\'s is "apps/v1"');
  await expect(identity).toContainText('kind is "DeploymentX", but this object\'s is "Deployment"');
  await page.screenshot({ path: `${t.shots}-deployment-wrong-kind.png` });
  expect(puts.count).toBe(sent);
  await expect(editorLine(page, 'apiVersion: apps/v1beta1')).toBeVisible();
}

/** Adds `line` under the line showing `after`, at its indentation (Monaco keeps the indentation on Enter). */
export async function addLineAfter(page: Page, after: string, line: string): Promise<void> {
  await typeAtEndOfLine(page, after, '');
  await page.keyboard.press('Enter');
  await page.keyboard.type(line);
}
