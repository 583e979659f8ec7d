// Real tier, current control plane: a port forward through kubeglass to a pod on the KWOK node. KWOK's kubelet API
// forwards every container port to 127.0.0.1:REAL_KWOK_FORWARD_PORT (its ClusterPortForward), where this test
// listens: the answer proves the bytes went browser-started forward -> kubeglass -> apiserver -> kubelet API -> here.
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { kubectl } from '../../support/kubectl.js';

const forwardPort = Number(process.env.REAL_KWOK_FORWARD_PORT ?? '0');
const k = (...args: string[]) => kubectl(['--kubeconfig', process.env.KUBECONFIG_REAL ?? '', ...args]);
let server: http.Server;

test.beforeAll(async () => {
  expect(forwardPort, 'REAL_KWOK_FORWARD_PORT comes from the modern tier env file').toBeGreaterThan(0);
  server = http.createServer((req, res) => res.end(`behind kwok: ${req.method ?? ''} ${req.url ?? ''}\n`));
  await new Promise<void>((resolve) => server.listen(forwardPort, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test("a pod's port forwarded from its page answers through the apiserver and KWOK's kubelet API, and stops when asked", async ({ page }) => {
  const pod = `pf-${Date.now().toString(36)}`;
  const created = await k('-n', 'fx', 'run', pod, '--image=nginx:1.25', '--port=8080', '--restart=Never');
  expect(created.code, created.stderr).toBe(0);
  try {
    await expect.poll(async () => (await k('-n', 'fx', 'get', 'pod', pod, '-o', 'jsonpath={.status.phase}')).stdout, { timeout: 30_000 }).toBe('Running');
    await page.goto(`/c/real/api/v1/namespaces/fx/pods/${pod}`);
    const row = page.getByTestId('port-forward-row').filter({ hasText: '8080/TCP' });
    await expect(row.getByTestId('port-forward-start')).toHaveAttribute('data-access', 'allowed', { timeout: 15_000 });
    await row.getByTestId('port-forward-start').click();
    const address = row.getByTestId('port-forward-address');
    await expect(address).toHaveText(/^127\.0\.0\.1:\d+$/, { timeout: 15_000 });
    const url = `http://${await address.innerText()}/through-the-apiserver`;
    expect(await (await fetch(url, { signal: AbortSignal.timeout(10_000) })).text()).toBe('behind kwok: GET /through-the-apiserver\n');
    await page.screenshot({ path: 'test-results/real-modern-port-forward.png' });
    await row.getByTestId('port-forward-stop').click();
    await expect(row.getByTestId('port-forward-start')).toBeVisible();
    expect(await fetch(url, { signal: AbortSignal.timeout(5000) }).then(() => 'answered', () => 'refused')).toBe('refused');
  } finally {
    await k('-n', 'fx', 'delete', 'pod', pod, '--wait=false');
  }
});
