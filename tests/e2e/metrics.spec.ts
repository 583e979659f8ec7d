// Pod usage from metrics.k8s.io on the demo cluster's pod page, against the container's requests and limits.
import { expect, test } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';

const server = () => `${test.info().project.use.baseURL}/k8s/demo`;
const k = (...args: string[]) => kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), ...args]);

test('the pod page shows each container usage against its requests and limits, as kubectl top reads it', async ({ page }) => {
  const name = `metrics-e2e-${Date.now().toString(36)}`;
  const created = await k('-n', 'default', 'run', name, '--image=nginx:1.25', '--restart=Never', '--overrides', JSON.stringify({ spec: { containers: [{ name, image: 'nginx:1.25', resources: { requests: { cpu: '200m', memory: '128Mi' }, limits: { cpu: '400m', memory: '256Mi' } } }] } }));
  expect(created.code, created.stderr).toBe(0);
  try {
    await expect.poll(async () => (await k('-n', 'default', 'get', 'pod', name, '-o', 'jsonpath={.status.phase}')).stdout, { timeout: 15_000 }).toBe('Running');
    await page.goto(`/c/demo/api/v1/namespaces/default/pods/${name}`);
    const usage = page.getByTestId('pod-usage');
    const row = usage.getByTestId('pod-usage-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('usage-cpu')).toContainText(/\d+m \(\d+% of limit\)/);
    await expect(row.getByTestId('usage-cpu')).toContainText('request 200m · limit 400m');
    await expect(row.getByTestId('usage-memory')).toContainText(/\d+Mi \(\d+% of limit\)/);
    await expect(row.getByTestId('usage-memory')).toContainText('request 128Mi · limit 256Mi');
    // The same numbers kubectl top prints (both read the same 15 s window; a new window may start in between).
    const top = await k('-n', 'default', 'top', 'pod', name, '--no-headers');
    expect(top.code, top.stderr).toBe(0);
    const [, cpu] = top.stdout.trim().split(/\s+/);
    const shown = (await row.getByTestId('usage-cpu').innerText()).split(' ')[0];
    expect(Math.abs(parseInt(shown ?? '', 10) - parseInt(cpu ?? '', 10))).toBeLessThanOrEqual(200);
    await usage.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/pod-usage.png' });
  } finally {
    await k('-n', 'default', 'delete', 'pod', name, '--wait=false');
  }
});
