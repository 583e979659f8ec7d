// Owners and children, live, in Chromium against the demo cluster: a Deployment lists its ReplicaSet (with its
// revision) and its Pods, and a pod scaled in appears without a reload; a pod shows its containers' status.
import { expect, test } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';

const server = () => `${test.info().project.use.baseURL}/k8s/demo`;
const k = (...args: string[]) => kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), ...args]);
const SHOTS = 'test-results/relations';

test("a Deployment's page lists its ReplicaSet and its pods, and follows a scale-up live", async ({ page }) => {
  const name = `rel-${Date.now()}`;
  const created = await k('-n', 'default', 'create', 'deployment', name, '--image=nginx:1.27', '--replicas=1');
  expect(created.code, created.stderr).toBe(0);
  await page.goto(`/c/demo/apis/apps/v1/namespaces/default/deployments/${name}`);
  const replicaSets = page.locator('[data-testid="child-list"][data-title="ReplicaSets"]');
  const pods = page.locator('[data-testid="child-list"][data-title="Pods"]');
  await expect(replicaSets.getByTestId('child-row')).toHaveCount(1, { timeout: 15_000 });
  // The revision is the ReplicaSet's deployment.kubernetes.io/revision annotation, when its controller set one.
  const revision = (await k('-n', 'default', 'get', 'rs', '-l', `app=${name}`, '-o', 'jsonpath={.items[0].metadata.annotations.deployment\\.kubernetes\\.io/revision}')).stdout;
  if (revision !== '') await expect(replicaSets.getByTestId('child-revision')).toHaveText(`revision ${revision}`);
  await expect(replicaSets.getByTestId('child-row')).toContainText('Desired 1');
  await expect(pods.getByTestId('child-row')).toHaveCount(1, { timeout: 15_000 });
  const podNames = (await k('-n', 'default', 'get', 'pods', '-l', `app=${name}`, '-o', 'jsonpath={.items[*].metadata.name}')).stdout.split(' ');
  await expect(pods.getByTestId('child-row')).toHaveAttribute('data-name', podNames[0] ?? '');

  await page.evaluate(() => ((globalThis as unknown as { noReload: boolean }).noReload = true));
  const scaled = await k('-n', 'default', 'scale', `deployment/${name}`, '--replicas=3');
  expect(scaled.code, scaled.stderr).toBe(0);
  await expect(pods.getByTestId('child-row')).toHaveCount(3, { timeout: 15_000 });
  expect(await page.evaluate(() => (globalThis as unknown as { noReload?: boolean }).noReload)).toBe(true);
  await page.getByTestId('children-section').screenshot({ path: `${SHOTS}/deployment-children.png` });

  // A pod's link leads to its page, where the owner and the containers' status are shown.
  await pods.getByTestId('child-row').first().getByRole('link').click();
  await expect(page.getByTestId('object-kind')).toHaveText('Pod');
  await expect(page.getByTestId('owner-link')).toContainText(`${name}-`);
  const container = page.locator('[data-testid="container-status"][data-container="nginx"]');
  await expect(container.getByTestId('container-state')).toContainText('running', { timeout: 15_000 });
  await expect(container.getByTestId('container-image')).toContainText('nginx:1.27');
  await expect(container.getByTestId('container-restarts')).toHaveText('0 restarts');
});

test('a crash-looping pod shows its waiting reason, restarts and last exit code', async ({ page }) => {
  const name = `crash-${Date.now()}`;
  expect((await k('-n', 'default', 'run', name, '--image=busybox:1.32', '--restart=Always')).code).toBe(0);
  expect((await k('-n', 'default', 'wait', `pod/${name}`, '--for=condition=Ready', '--timeout=20s')).code).toBe(0);
  await page.goto(`/c/demo/api/v1/namespaces/default/pods/${name}`);
  const container = page.locator(`[data-testid="container-status"][data-container="${name}"]`);
  await expect(container.getByTestId('container-state')).toContainText('running');
  // The kubelet reports a crash: the panel follows the pod's watch.
  const status = {
    status: {
      containerStatuses: [
        {
          name,
          ready: false,
          restartCount: 4,
          image: 'docker.io/library/busybox:1.32',
          imageID: 'docker.io/library/busybox@sha256:feed',
          state: { waiting: { reason: 'CrashLoopBackOff', message: `back-off 1m20s restarting failed container=${name}` } },
          lastState: { terminated: { exitCode: 1, reason: 'Error', startedAt: '2026-01-01T00:00:00Z', finishedAt: '2026-01-01T00:00:05Z' } },
        },
      ],
    },
  };
  const patched = await k('-n', 'default', 'patch', 'pod', name, '--subresource=status', '--type=merge', '-p', JSON.stringify(status));
  expect(patched.code, patched.stderr).toBe(0);
  await expect(container.getByTestId('container-state')).toContainText('waiting: CrashLoopBackOff');
  await expect(container.getByTestId('container-state')).toContainText(`back-off 1m20s restarting failed container=${name}`);
  await expect(container.getByTestId('container-last-state')).toContainText('terminated: Error');
  await expect(container.getByTestId('container-last-state')).toContainText('exit code 1');
  await expect(container.getByTestId('container-restarts')).toHaveText('4 restarts');
  await expect(container.getByTestId('container-image')).toContainText('docker.io/library/busybox@sha256:feed');
  await page.getByTestId('containers-section').screenshot({ path: `${SHOTS}/crashloop-container.png` });
});

test('a Service lists the pods it selects; a Node its pods', async ({ page }) => {
  await page.goto('/c/demo/api/v1/namespaces/demo/services/web');
  const pods = page.locator('[data-testid="child-list"][data-title="Pods it selects"]');
  await expect(pods.getByTestId('child-row')).toHaveCount(3, { timeout: 15_000 });
  await page.goto('/c/demo/api/v1/nodes/demo-node-1');
  const onNode = page.locator('[data-testid="child-list"][data-title="Pods on this node"]');
  await expect(onNode.getByTestId('child-row').first()).toBeVisible({ timeout: 15_000 });
  // Batch pods come and go with the demo's activity; the node's kube-proxy stays.
  const proxy = await k('get', 'pods', '-n', 'kube-system', '-l', 'k8s-app=kube-proxy', '--field-selector', 'spec.nodeName=demo-node-1', '-o', 'jsonpath={.items[0].metadata.name}');
  expect(proxy.stdout, proxy.stderr).toMatch(/^kube-proxy-/);
  await expect(onNode.locator(`[data-testid="child-row"][data-name="${proxy.stdout}"]`)).toBeVisible();
});
