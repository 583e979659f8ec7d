// Errors as the "done when" asks, against the embedded demo cluster: an invalid Deployment's causes listed
// with their fields and marked on their lines (a list index, a dotted label key), 409/403/404/422 each with code,
// reason, explanation and raw response, the console's curl line getting the same status from a shell, and a
// throttled list (the demo's fault injection: 429 Retry-After, then 503) that recovers by itself.
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startDemoClusterWithOptions, type DemoClusterTlsHandle } from '../../demo-cluster/index.js';
import { renderKubeconfig } from '../../demo-cluster/auth/kubeconfig.js';
import { kubectl } from '../support/kubectl.js';
import { editorLine, retypeEndOfLine, typeAtEndOfLine } from '../support/edit-screen.js';
import { addLineAfter } from '../support/edit-flows.js';
import { startKubeglassProcess, type KubeglassProcess } from '../support/kubeglass-process.js';
import { curlStatusOfConsoleRequest, expectMarkerOn, expectStatusPanel, markedLines } from '../support/status-inspector.js';

const SHOTS = 'test-results/status-inspector';
const k = (...args: string[]) =>
  kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', `${test.info().project.use.baseURL}/k8s/demo`, ...args]);
const created: Array<[string, string]> = [];

test.afterEach(async () => {
  for (const [kind, name] of created.splice(0)) await k('-n', 'default', 'delete', kind, name, '--ignore-not-found');
});

test.describe('with the whole Deployment in view', () => {
  test.use({ viewport: { width: 1280, height: 1500 } });

  test('an invalid Deployment: every cause with its field, a marker on its line (list index, dotted label key), and the PUT\'s curl gets the same 422', async ({ page }) => {
    test.slow();
    const name = `status-invalid-${Date.now()}`;
    created.push(['deployment', name]);
    expect((await k('-n', 'default', 'create', 'deployment', name, '--image=nginx:1.25')).code).toBe(0);
    // The demo's controllers write the status while the rollout runs: edit once it is done, so the PUT the curl
    // line repeats still names the current resourceVersion.
    await expect
      .poll(async () => (await k('-n', 'default', 'get', 'deployment', name, '-o', 'jsonpath={.status.availableReplicas}')).stdout, { timeout: 20_000 })
      .toBe('1');
    await page.goto(`/c/demo/apis/apps/v1/namespaces/default/deployments/${name}?edit=1`);
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
    await expect(causes.filter({ hasText: 'spec.template.spec.containers[0].image: Required value' })).toHaveCount(1);
    await expect(causes.filter({ hasText: 'spec.replicas: Invalid value: -1: must be greater than or equal to 0' })).toHaveCount(1);
    await expect(causes.filter({ hasText: 'spec.template.spec.containers[0].name: Invalid value: "nginx_Bad": a lowercase RFC 1123 label' })).toHaveCount(1);
    await expect(causes.filter({ hasText: 'metadata.labels: Invalid value: "app.kubernetes.io/na me": name part must consist of' })).toHaveCount(1);

    await expectMarkerOn(page, 'replicas: -1', 'spec.replicas: Invalid value: -1');
    await expectMarkerOn(page, '- name: nginx_Bad', 'spec.template.spec.containers[0].name: Invalid value: "nginx_Bad"');
    // 1.20.2 names only the map for a bad label key: the marker finds the key the message quotes.
    await expectMarkerOn(page, 'app.kubernetes.io/na me: web', 'metadata.labels: Invalid value: "app.kubernetes.io/na me"');
    await expectMarkerOn(page, '- name: nginx_Bad', 'spec.template.spec.containers[0].image: Required value (not in the text; marked on its nearest parent containers[0])');
    const marked = await markedLines(page);
    // Two markers over the same range (the name, the missing image) share one squiggle: three lines, no other.
    expect([...new Set(marked.map((l) => l.text.trim()))].sort()).toEqual(['- name: nginx_Bad', 'app.kubernetes.io/na me: web', 'replicas: -1']);
    // At the key's column, not the line's start: the label key is indented deeper than replicas.
    const left = (text: string) => marked.find((l) => l.text.trim() === text)?.left ?? 0;
    expect(left('app.kubernetes.io/na me: web')).toBeGreaterThan(left('replicas: -1'));
    expect(left('replicas: -1')).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}-demo-invalid-deployment.png` });

    const { curl, httpCode } = await curlStatusOfConsoleRequest(page, 'PUT', `/deployments/${name}`, 422);
    expect(curl).toContain('-X PUT');
    expect(httpCode).toBe('422');
    expect((await k('-n', 'default', 'get', 'deployment', name, '-o', 'jsonpath={.spec.replicas}')).stdout).toBe('1');
  });
});

test('creating a ConfigMap that exists: 409 AlreadyExists with its link, explained, raw; the POST\'s curl gets 409', async ({ page }) => {
  const name = `status-exists-${Date.now()}`;
  created.push(['configmap', name]);
  expect((await k('-n', 'default', 'create', 'configmap', name, '--from-literal=a=one')).code).toBe(0);
  await page.goto('/c/demo/api/v1/namespaces/default/configmaps?create=1');
  await expect(editorLine(page, 'generateName: config-')).toBeVisible({ timeout: 15_000 });
  await editorLine(page, 'generateName: config-').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.type(`name: ${name}`);
  await page.getByRole('button', { name: 'Create' }).click();

  const error = page.getByTestId('create-error');
  await expectStatusPanel(error, { code: 409, reason: 'AlreadyExists', statusLine: /^HTTP 409/, body: `configmaps \\"${name}\\" already exists` });
  await expect(error.getByTestId('error-existing-object')).toHaveAttribute('href', `/c/demo/api/v1/namespaces/default/configmaps/${name}`);
  await page.screenshot({ path: `${SHOTS}-demo-409.png` });
  const { httpCode } = await curlStatusOfConsoleRequest(page, 'POST', '/api/v1/namespaces/default/configmaps', 409);
  expect(httpCode).toBe('409');
});

test('a missing object is 404 NotFound and a refused list 403 Forbidden: explained, raw, and their curl lines get the same status', async ({ page }) => {
  await page.goto('/c/demo/api/v1/namespaces/default/configmaps/no-such-configmap');
  const missing = page.getByTestId('kube-error').first();
  await expectStatusPanel(missing, { code: 404, reason: 'NotFound', statusLine: /^HTTP 404/, body: 'configmaps \\"no-such-configmap\\" not found' });
  await page.screenshot({ path: `${SHOTS}-demo-404.png` });
  expect((await curlStatusOfConsoleRequest(page, 'GET', '/configmaps/no-such-configmap', 404)).httpCode).toBe('404');

  // The developer works in its own namespace only: the pods of default are refused.
  await page.goto('/c/demo-developer/api/v1/namespaces/default/pods');
  const refused = page.getByTestId('kube-error').first();
  await expectStatusPanel(refused, { code: 403, reason: 'Forbidden', statusLine: /^HTTP 403/, body: 'cannot list resource \\"pods\\"' });
  await page.screenshot({ path: `${SHOTS}-demo-403.png` });
  expect((await curlStatusOfConsoleRequest(page, 'GET', '/api/v1/namespaces/default/pods', 403)).httpCode).toBe('403');
});

test.describe('throttled', () => {
  let cluster: DemoClusterTlsHandle;
  let kubeglass: KubeglassProcess;

  test.beforeAll(async () => {
    cluster = await startDemoClusterWithOptions({ activityIntervalMs: 0, faultInjection: true });
    const kubeconfig = join(mkdtempSync(join(tmpdir(), 'kubeglass-faults-')), 'kubeconfig');
    writeFileSync(kubeconfig, renderKubeconfig(cluster), { mode: 0o600 });
    kubeglass = await startKubeglassProcess(['--kubeconfig', kubeconfig, '--no-demo']);
  });

  test.afterAll(async () => {
    await kubeglass?.stop();
    await cluster?.close();
  });

  test('a list answered 429 Retry-After: 2, then 503, recovers by itself after the wait; the console shows each try', async ({ page }) => {
    const path = '/api/v1/namespaces/default/configmaps';
    // The demo cluster's own fault injection, in front of its API: first the throttle, then the outage, then answers.
    cluster.faults?.setRules([
      { path: `^${path}$`, methods: ['GET'], status: 429, retryAfterSeconds: 2, times: 1 },
      { path: `^${path}$`, methods: ['GET'], status: 503, retryAfterSeconds: 1, times: 1 },
    ]);
    const started = Date.now();
    await page.goto(`${kubeglass.url}/c/demo${path}`);
    await expect(page.getByTestId('resource-table').locator('tbody tr').first()).toBeVisible({ timeout: 20_000 });
    // Retry-After 2 s, then 1 s: the rows cannot have come sooner.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
    expect(cluster.faults?.listRules().map((r) => r.remaining)).toEqual([0, 0]);

    await page.getByTestId('requests-button').click();
    const requests = page.getByRole('dialog', { name: 'API requests' });
    await requests.getByRole('combobox', { name: 'Method' }).selectOption('GET');
    await requests.getByRole('textbox', { name: 'Filter requests' }).fill(`${path}?`);
    const rows = requests.getByTestId('request-row');
    // Newest first: the answer, the outage it waited out, the throttle it waited out.
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('200');
    await expect(rows.nth(1)).toContainText('503 ServiceUnavailable');
    await expect(rows.nth(2)).toContainText('429 TooManyRequests');
    await rows.nth(2).click();
    await expect(requests.getByTestId('request-error').getByTestId('error-code')).toHaveText('429');
    await expect(requests.getByTestId('request-error')).toContainText('Retry after 2s');
    await page.screenshot({ path: `${SHOTS}-demo-throttled.png` });
  });
});
