// Port forwards in Chromium against the demo cluster: started from a pod's page, the local port answers HTTP through
// the kubeglass server, the forwards page shows its traffic, Stop closes the port; a viewer is refused before trying;
// a Service's port reaches a Ready pod of its selector.
import { expect, test } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';

const server = () => `${test.info().project.use.baseURL}/k8s/demo`;
const k = (...args: string[]) => kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), ...args]);

/** A pod of this test's own declaring port 8080 (the activity loop replaces seeded ones), once it runs. */
async function servingPod(): Promise<string> {
  const name = `pf-e2e-${Date.now().toString(36)}`;
  const created = await k('-n', 'default', 'run', name, '--image=nginx:1.27', '--port=8080', '--restart=Never');
  expect(created.code, created.stderr).toBe(0);
  await expect.poll(async () => (await k('-n', 'default', 'get', 'pod', name, '-o', 'jsonpath={.status.phase}')).stdout, { timeout: 15_000 }).toBe('Running');
  return name;
}

async function answers(url: string): Promise<string | null> {
  try {
    return await (await fetch(url, { signal: AbortSignal.timeout(5000) })).text();
  } catch {
    return null;
  }
}

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw new Error(`page error: ${error.message}\n${error.stack ?? ''}`);
  });
});

test("a pod's port is forwarded from its page, answers HTTP, shows its traffic, and stops answering when stopped", async ({ page }) => {
  const pod = await servingPod();
  try {
    await page.goto(`/c/demo/api/v1/namespaces/default/pods/${pod}`);
    const row = page.getByTestId('port-forward-panel').getByTestId('port-forward-row').filter({ hasText: '8080/TCP' });
    await expect(row.getByTestId('port-forward-start')).toHaveAttribute('data-access', 'allowed', { timeout: 15_000 });
    // Keyboard: focus the local port field, leave it empty (the container's number where free), Enter starts.
    await row.getByTestId('port-forward-local-port').focus();
    await page.keyboard.press('Enter');
    const address = row.getByTestId('port-forward-address');
    await expect(address).toHaveText(/^127\.0\.0\.1:\d+$/, { timeout: 15_000 });
    const url = `http://${await address.innerText()}/from-the-test`;
    await expect(row.getByTestId('port-forward-open')).toHaveAttribute('href', url.replace('from-the-test', ''));
    expect(await answers(url)).toBe(`pod default/${pod} container ${pod} port 8080\nGET /from-the-test\n`);

    await page.getByTestId('port-forwards-link').click();
    const item = page.getByTestId('port-forward-item').filter({ hasText: pod });
    await expect(item.getByTestId('port-forward-state')).toHaveText('listening');
    await expect(item.getByTestId('port-forward-traffic')).not.toHaveText('↑ 0 B ↓ 0 B', { timeout: 5000 });
    await page.screenshot({ path: 'test-results/port-forwards.png' });
    await item.getByTestId('port-forward-stop').click();
    await expect(item.getByTestId('port-forward-state')).toContainText('ended (Stopped)');
    expect(await answers(url)).toBeNull();
    await item.getByTestId('port-forward-dismiss').click();
    await expect(item).toHaveCount(0);
  } finally {
    await k('-n', 'default', 'delete', 'pod', pod, '--wait=false');
  }
});

test("a forward ends, saying so, when its pod is deleted", async ({ page }) => {
  const pod = await servingPod();
  await page.goto(`/c/demo/api/v1/namespaces/default/pods/${pod}`);
  const row = page.getByTestId('port-forward-row').filter({ hasText: '8080/TCP' });
  await expect(row.getByTestId('port-forward-start')).toHaveAttribute('data-access', 'allowed', { timeout: 15_000 });
  await row.getByTestId('port-forward-start').click();
  await expect(row.getByTestId('port-forward-address')).toBeVisible({ timeout: 15_000 });
  expect((await k('-n', 'default', 'delete', 'pod', pod, '--wait=false')).code).toBe(0);
  await page.goto('/c/demo/-/port-forwards');
  const item = page.getByTestId('port-forward-item').filter({ hasText: pod });
  await expect(item.getByTestId('port-forward-state')).toContainText(`ended (PodDeleted): pod ${pod}`, { timeout: 15_000 });
  await item.getByTestId('port-forward-dismiss').click();
});

test('a viewer may not forward: the control says why and nothing listens', async ({ page }) => {
  const pod = await servingPod();
  try {
    await page.goto(`/c/demo-viewer/api/v1/namespaces/default/pods/${pod}`);
    const start = page.getByTestId('port-forward-row').filter({ hasText: '8080/TCP' }).getByTestId('port-forward-start');
    await expect(start).toHaveAttribute('data-access', 'denied', { timeout: 15_000 });
    await expect(start).toHaveAttribute('aria-disabled', 'true');
    await expect(start).toHaveAttribute('title', /portforward/);
    // Enter on the refused control (it stays focusable) does nothing.
    await start.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('port-forward-address')).toHaveCount(0);
    // Asked all the same, the server refuses with the 403 the app explains.
    const refused = await page.evaluate(async (name) => {
      const r = await fetch('/-/port-forwards', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-kubeglass-client': '1' },
        body: JSON.stringify({ context: 'demo-viewer', namespace: 'default', pod: name, port: 8080 }),
      });
      return { status: r.status, body: (await r.json()) as { reason: string } };
    }, pod);
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe('Forbidden');
  } finally {
    await k('-n', 'default', 'delete', 'pod', pod, '--wait=false');
  }
});

test("a Service's port is forwarded to a Ready pod its selector picks, at the targetPort", async ({ page }) => {
  await page.goto('/c/demo/api/v1/namespaces/default/services/hello');
  const panel = page.getByTestId('port-forward-panel');
  await expect(panel).toContainText('to pod hello-', { timeout: 15_000 });
  const row = panel.getByTestId('port-forward-row').filter({ hasText: '80 → 80' });
  await expect(row.getByTestId('port-forward-start')).toHaveAttribute('data-access', 'allowed', { timeout: 15_000 });
  await row.getByTestId('port-forward-start').click();
  const address = row.getByTestId('port-forward-address');
  await expect(address).toHaveText(/^127\.0\.0\.1:\d+$/, { timeout: 15_000 });
  expect(await answers(`http://${await address.innerText()}/svc`)).toMatch(/^pod default\/hello-\S+ container hello port 80\nGET \/svc\n$/);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/port-forward-service.png' });
  await row.getByTestId('port-forward-stop').click();
  await expect(row.getByTestId('port-forward-start')).toBeVisible();
});
