// Real tier: a PodDisruptionBudget that allows no disruption refuses every eviction with 429, in the dry-run preview
// and in the drain itself, which shows each refusal and retries. On 1.20.2 no controller-manager computes the
// budget's status; on the current control plane it does, and finds no healthy pod (no kubelet runs the node).
import { expect, test } from '@playwright/test';
import { kubectl } from '../../support/kubectl.js';
import { MODERN } from '../tier.js';

const kubeconfig = process.env.KUBECONFIG_REAL ?? '';
async function ok(args: string[], input?: string): Promise<string> {
  const r = await kubectl(['--kubeconfig', kubeconfig, ...args], input === undefined ? {} : { input });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

const NODE = 'drain-node-1';
const MANIFEST = `
apiVersion: v1
kind: Node
metadata: { name: ${NODE} }
---
apiVersion: v1
kind: Namespace
metadata: { name: drain }
---
apiVersion: v1
kind: Pod
metadata: { name: guarded, namespace: drain, labels: { app: guarded } }
spec: { nodeName: ${NODE}, containers: [ { name: c, image: nginx:1.19 } ] }
---
apiVersion: ${MODERN ? 'policy/v1' : 'policy/v1beta1'}
kind: PodDisruptionBudget
metadata: { name: guarded, namespace: drain }
spec: { minAvailable: 1, selector: { matchLabels: { app: guarded } } }
`;

test.afterAll(async () => {
  await kubectl(['--kubeconfig', kubeconfig, 'delete', 'namespace', 'drain', '--ignore-not-found', '--wait=false']);
  await kubectl(['--kubeconfig', kubeconfig, 'delete', 'node', NODE, '--ignore-not-found']);
});

test("a PodDisruptionBudget's 429 is shown per pod in the preview and retried during the drain", async ({ page }) => {
  // Where a controller-manager runs, the pod waits for the new namespace's default ServiceAccount.
  await expect(() => ok(['apply', '-f', '-'], MANIFEST)).toPass({ timeout: 30_000 });
  // Without a kubelet the pod stays Pending, and a Pending pod may always be evicted: mark it Running.
  await ok(['-n', 'drain', 'patch', 'pod', 'guarded', '--subresource=status', '--type=merge', '-p', '{"status":{"phase":"Running"}}']);
  await page.goto(`/c/real/api/v1/nodes/${NODE}`);
  const drain = page.getByTestId('node-drain');
  await drain.getByRole('button', { name: 'Preview drain' }).click();
  const plan = drain.getByTestId('drain-plan');
  // The guarded pod is a bare Pod: as kubectl drain, it is evicted only with --force.
  await expect(plan.locator('[data-testid="drain-refused"][data-pod="drain/guarded"]')).toContainText('declares no controller', { timeout: 15_000 });
  await drain.getByTestId('drain-force').check();
  const pod = plan.locator('[data-pod="drain/guarded"]');
  await expect(pod).toHaveAttribute('data-state', 'timed-out', { timeout: 15_000 });
  await expect(pod).toContainText("dry run: would be refused: Cannot evict pod as it would violate the pod's disruption budget.");
  expect(await ok(['get', 'node', NODE, '-o', 'jsonpath={.spec.unschedulable}'])).toBe('');

  await drain.getByRole('button', { name: 'Cordon and evict 1 pod' }).click();
  await expect(plan).toContainText('Drain: cordoned', { timeout: 15_000 });
  await expect(pod).toHaveAttribute('data-state', 'waiting', { timeout: 15_000 });
  await expect(pod).toContainText("refused (attempt 1), retrying in 5 s: Cannot evict pod as it would violate the pod's disruption budget.");
  await expect(pod).toContainText('refused (attempt 2), retrying in 5 s', { timeout: 15_000 });
  await drain.screenshot({ path: test.info().outputPath('drain-429.png') });
  await drain.getByRole('button', { name: 'Stop retrying' }).click();
  await expect(pod).toHaveAttribute('data-state', 'timed-out', { timeout: 15_000 });
  await expect(pod).toContainText('gave up retrying');
  expect(await ok(['get', 'node', NODE, '-o', 'jsonpath={.spec.unschedulable}'])).toBe('true');
  expect(await ok(['-n', 'drain', 'get', 'pod', 'guarded', '-o', 'jsonpath={.metadata.name}'])).toBe('guarded');
});
