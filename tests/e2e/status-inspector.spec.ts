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
import type { EditTarget } from '../support/edit-flows.js';
import { kubectl } from '../support/kubectl.js';
import { startKubeglassProcess, type KubeglassProcess } from '../support/kubeglass-process.js';
import { alreadyExistsFlow, forbiddenListFlow, invalidDeploymentFlow, notFoundFlow } from '../support/status-inspector-flows.js';

const SHOTS = 'test-results/status-inspector-demo';
const target = (): EditTarget => ({
  context: 'demo',
  namespace: 'default',
  kubectl: (...args) => kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', `${test.info().project.use.baseURL}/k8s/demo`, ...args]),
  shots: SHOTS,
});
const created: Array<[string, string]> = [];
const unique = (prefix: string, resource: string) => {
  const name = `${prefix}-${Date.now()}`;
  created.push([resource, name]);
  return name;
};

test.afterEach(async () => {
  for (const [resource, name] of created.splice(0)) await target().kubectl('-n', 'default', 'delete', resource, name, '--ignore-not-found');
});

test.describe('with the whole Deployment in view', () => {
  test.use({ viewport: { width: 1280, height: 1500 } });

  test('an invalid Deployment: every cause with its field, a marker on its line (list index, dotted label key, absent field), and the PUT\'s curl gets the same 422', async ({ page }) => {
    test.slow();
    const t = target();
    const name = unique('status-invalid', 'deployment');
    // The demo's controllers write the status while the rollout runs: edit once it is done, so the PUT the curl
    // line repeats still names the current resourceVersion.
    const rolledOut = async () => {
      await expect
        .poll(async () => (await t.kubectl('-n', 'default', 'get', 'deployment', name, '-o', 'jsonpath={.status.availableReplicas}')).stdout, { timeout: 20_000 })
        .toBe('1');
    };
    await invalidDeploymentFlow(page, t, name, rolledOut);
  });
});

test('creating a ConfigMap that exists: 409 AlreadyExists with its link, explained, raw; the POST\'s curl gets 409', async ({ page }) => {
  await alreadyExistsFlow(page, target(), unique('status-exists', 'configmap'));
});

test('a missing object is 404 NotFound and a refused list 403 Forbidden: explained, raw, and their curl lines get the same status', async ({ page }) => {
  await notFoundFlow(page, target());
  // The developer works in its own namespace only: the pods of default are refused.
  await forbiddenListFlow(page, 'demo-developer', '/api/v1/namespaces/default/pods', 'pods', SHOTS);
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
    await page.screenshot({ path: `${SHOTS}-throttled.png` });
  });
});
