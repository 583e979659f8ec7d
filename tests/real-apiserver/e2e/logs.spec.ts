// Real tier: pod logs where the apiserver has none to give. A pod bound to no node answers 204 (no location); a pod
// bound to a node that does not exist fails with the apiserver's own 404 Status (whose message names the node as a
// pod). The log page must say each plainly. Both servers answer alike.
import { expect, test } from '@playwright/test';
import { kubectl } from '../../support/kubectl.js';

const kubeconfig = process.env.KUBECONFIG_REAL ?? '';
const k = (args: string[], input?: string) => kubectl(['--kubeconfig', kubeconfig, ...args], input === undefined ? {} : { input });
const SHOTS = 'test-results/real-logs';

test('a pod bound to no node: 204 No Content, said in words, no error', async ({ page }) => {
  // No node matches its selector: the scheduler (where one runs) leaves it unbound.
  const name = `logs-unbound-${Date.now()}`;
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'fx' }, spec: { nodeSelector: { 'kubeglass.test/none': 'x' }, containers: [{ name: 'web', image: 'nginx:1.25' }] } };
  const created = await k(['create', '-f', '-'], JSON.stringify(pod));
  expect(created.code, created.stderr).toBe(0);
  try {
    await page.goto(`/c/real/api/v1/namespaces/fx/pods/${name}`);
    const link = page.getByTestId('logs-link');
    await expect(link).toHaveAttribute('href', `/c/real/api/v1/namespaces/fx/pods/${name}/log`, { timeout: 15_000 });
    await link.click();
    await expect(page.getByTestId('log-empty')).toContainText('204 No Content');
    await expect(page.getByTestId('log-error')).toHaveCount(0);
    await expect(page.getByTestId('log-line-count')).toHaveText('0 lines');
  } finally {
    await k(['delete', 'pod', name, '-n', 'fx', '--grace-period=0', '--force', '--wait=false']);
  }
});

test('a pod on a node with no kubelet: the Status error of the apiserver, clearly', async ({ page }) => {
  const name = `logs-nodeless-${Date.now()}`;
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'fx' }, spec: { nodeName: 'node-x', containers: [{ name: 'web', image: 'nginx:1.25' }] } };
  const created = await k(['create', '-f', '-'], JSON.stringify(pod));
  expect(created.code, created.stderr).toBe(0);
  try {
    await page.goto(`/c/real/api/v1/namespaces/fx/pods/${name}/log?follow=true`);
    const error = page.getByTestId('log-error');
    await expect(error).toContainText('NotFound');
    await expect(error).toContainText('pods "node-x" not found');
    await expect(error).toContainText('"node-x" is its node, which the API server could not find');
    // A refusal is not retried: no reconnect loop against a server that said no.
    await expect(page.getByTestId('log-status')).not.toContainText('reconnecting');
    await page.screenshot({ path: `${SHOTS}/no-kubelet.png` });
  } finally {
    await k(['delete', 'pod', name, '-n', 'fx', '--grace-period=0', '--force', '--wait=false']);
  }
});

test('Logs are offered as pods/log allows: the viewer may read them, the developer not outside fx', async ({ page }) => {
  // real-viewer is bound to system:aggregate-to-view, which grants get on pods/log.
  await page.goto('/c/real-viewer/api/v1/namespaces/fx/pods/web-abc12');
  await expect(page.getByTestId('logs-link')).toHaveAttribute('data-access', 'allowed', { timeout: 15_000 });
  // real-developer may do nothing in default: the refusal in words, and the server's 403 for the pod.
  await page.goto('/c/real-developer/api/v1/namespaces/default/pods/anything/log');
  await expect(page.getByTestId('log-access')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('kube-error')).toContainText('Forbidden');
  await page.screenshot({ path: `${SHOTS}/forbidden.png` });
});
