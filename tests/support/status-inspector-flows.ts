// The issue's "done when" flows of the status inspector, run by both tiers' specs (demo cluster, kube-apiserver
// 1.20.2): an invalid Deployment's causes and markers, 409/404/403 panels, each request's curl line from a shell.
import { expect, type Page } from '@playwright/test';
import type { EditTarget } from './edit-flows.js';
import { addLineAfter, createDeployment, deploymentUrl, getJson } from './edit-flows.js';
import { editorLine, retypeEndOfLine, typeAtEndOfLine } from './edit-screen.js';
import { curlStatusOfConsoleRequest, expectMarkerOn, expectStatusPanel, markedLines } from './status-inspector.js';

/**
 * A Deployment edited into an invalid one (replicas -1, a container name that is no DNS label at
 * containers[0], a label key with a space under metadata.labels, the image line removed): Save gets 422; every
 * cause is listed with its field and marked on its line at the key's column; the PUT's curl line gets 422 too.
 */
export async function invalidDeploymentFlow(page: Page, t: EditTarget, name: string, beforeEdit?: () => Promise<void>): Promise<void> {
  await createDeployment(t, name);
  await beforeEdit?.();
  await page.goto(deploymentUrl(t, name));
  await expect(editorLine(page, 'image: nginx:1.25')).toBeVisible({ timeout: 15_000 });

  await retypeEndOfLine(page, 'replicas: 1', 1, '-1');
  await typeAtEndOfLine(page, '- name: nginx', '_Bad');
  // metadata.labels comes first in the text: the key goes there, one level deeper than `labels:`.
  await addLineAfter(page, 'labels:', '  app.kubernetes.io/na me: web');
  // A required field taken out of the text: its cause is marked on the nearest parent there, the list item.
  await editorLine(page, 'image: nginx:1.25').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect(editorLine(page, 'image: nginx:1.25')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();

  const error = page.getByTestId('save-error');
  await expectStatusPanel(error, { code: 422, reason: 'Invalid', statusLine: /^HTTP 422/, body: `Deployment.apps \\"${name}\\" is invalid` });
  const causes = error.getByTestId('error-causes').locator('li');
  await expect(causes).toHaveCount(4);
  await expect(causes.filter({ hasText: 'spec.replicas: Invalid value: -1: must be greater than or equal to 0' })).toHaveCount(1);
  await expect(causes.filter({ hasText: 'spec.template.spec.containers[0].name: Invalid value: "nginx_Bad": a lowercase RFC 1123 label' })).toHaveCount(1);
  await expect(causes.filter({ hasText: 'spec.template.spec.containers[0].image: Required value' })).toHaveCount(1);
  await expect(causes.filter({ hasText: 'metadata.labels: Invalid value: "app.kubernetes.io/na me": name part must consist of' })).toHaveCount(1);

  await expectMarkerOn(page, 'replicas: -1', 'spec.replicas: Invalid value: -1');
  await expectMarkerOn(page, '- name: nginx_Bad', 'spec.template.spec.containers[0].name: Invalid value: "nginx_Bad"');
  const absent = 'spec.template.spec.containers[0].image: Required value (not in the text; marked on its nearest parent containers[0])';
  await expectMarkerOn(page, '- name: nginx_Bad', absent, `${t.shots}-marker-hover.png`);
  // 1.20.2 names only the map for a bad label key: the marker finds the key the message quotes.
  await expectMarkerOn(page, 'app.kubernetes.io/na me: web', 'metadata.labels: Invalid value: "app.kubernetes.io/na me"');
  const marked = await markedLines(page);
  // Two markers over the same range (the name, the missing image) share one squiggle: three lines, no other.
  expect([...new Set(marked.map((l) => l.text.trim()))].sort()).toEqual(['- name: nginx_Bad', 'app.kubernetes.io/na me: web', 'replicas: -1']);
  // At the key's column, not the line's start: the label key is indented deeper than replicas.
  const left = (text: string) => marked.find((l) => l.text.trim() === text)?.left ?? 0;
  expect(left('app.kubernetes.io/na me: web')).toBeGreaterThan(left('replicas: -1'));
  expect(left('replicas: -1')).toBeGreaterThan(0);
  await page.screenshot({ path: `${t.shots}-invalid-deployment.png` });

  const { curl, httpCode } = await curlStatusOfConsoleRequest(page, 'PUT', `/deployments/${name}`, 422);
  expect(curl).toContain('-X PUT');
  expect(httpCode).toBe('422');
  expect((await getJson(t, 'deployment', name)).spec.replicas).toBe(1);
}

/** Creating a ConfigMap whose name is taken: 409 AlreadyExists with a link to it; the POST's curl line gets 409. */
export async function alreadyExistsFlow(page: Page, t: EditTarget, name: string): Promise<void> {
  const made = await t.kubectl('-n', t.namespace, 'create', 'configmap', name, '--from-literal=a=one');
  expect(made.code, made.stderr).toBe(0);
  const collection = `/api/v1/namespaces/${t.namespace}/configmaps`;
  await page.goto(`/c/${t.context}${collection}?create=1`);
  await expect(editorLine(page, 'generateName: config-')).toBeVisible({ timeout: 15_000 });
  await editorLine(page, 'generateName: config-').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.type(`name: ${name}`);
  await page.getByRole('button', { name: 'Create' }).click();

  const error = page.getByTestId('create-error');
  await expectStatusPanel(error, { code: 409, reason: 'AlreadyExists', statusLine: /^HTTP 409/, body: `configmaps \\"${name}\\" already exists` });
  await expect(error.getByTestId('error-existing-object')).toHaveAttribute('href', `/c/${t.context}${collection}/${name}`);
  await page.screenshot({ path: `${t.shots}-409.png` });
  expect((await curlStatusOfConsoleRequest(page, 'POST', collection, 409)).httpCode).toBe('409');
}

/** A missing object's page: 404 NotFound; its GET's curl line gets 404. */
export async function notFoundFlow(page: Page, t: EditTarget): Promise<void> {
  await page.goto(`/c/${t.context}/api/v1/namespaces/${t.namespace}/configmaps/no-such-configmap`);
  await expectStatusPanel(page.getByTestId('kube-error').first(), { code: 404, reason: 'NotFound', statusLine: /^HTTP 404/, body: 'configmaps \\"no-such-configmap\\" not found' });
  await page.screenshot({ path: `${t.shots}-404.png` });
  expect((await curlStatusOfConsoleRequest(page, 'GET', '/configmaps/no-such-configmap', 404)).httpCode).toBe('404');
}

/** A list the context may not read: 403 Forbidden; its curl line (the same context through the proxy) gets 403. */
export async function forbiddenListFlow(page: Page, context: string, apiPath: string, resource: string, shots: string): Promise<void> {
  await page.goto(`/c/${context}${apiPath}`);
  await expectStatusPanel(page.getByTestId('kube-error').first(), { code: 403, reason: 'Forbidden', statusLine: /^HTTP 403/, body: `cannot list resource \\"${resource}\\"` });
  await page.screenshot({ path: `${shots}-403.png` });
  expect((await curlStatusOfConsoleRequest(page, 'GET', apiPath, 403)).httpCode).toBe('403');
}
