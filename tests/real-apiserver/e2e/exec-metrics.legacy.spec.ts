// Real tier (kube-apiserver 1.20.2, no metrics-server, no kubelet): the pod page shows no usage section and nothing
// breaks; the terminal still offers a shell, and a shell that cannot start says why in the apiserver's words.
import { expect, test } from '@playwright/test';

test('no metrics.k8s.io: no usage shown, the rest of the pod page works; exec that cannot start is explained', async ({ page }) => {
  await page.goto('/c/real/api/v1/namespaces/fx/pods/web-abc12');
  await expect(page.getByTestId('object-name')).toHaveText('web-abc12', { timeout: 15_000 });
  await expect(page.getByTestId('events-section')).toBeVisible();
  await expect(page.getByTestId('pod-usage')).toHaveCount(0);
  const panel = page.getByTestId('exec-panel');
  await expect(panel.getByTestId('exec-open')).toHaveAttribute('data-access', 'allowed');
  await panel.getByTestId('exec-open').click();
  await expect(panel.getByTestId('exec-status')).toHaveText('Could not connect', { timeout: 15_000 });
  const error = panel.getByTestId('exec-error');
  // Browsers hide the refused handshake's answer; the same request over HTTP gets it (the demo words it the same).
  await expect(error.getByTestId('error-code')).toHaveText('400');
  await expect(error.getByTestId('error-message')).toHaveText('pod web-abc12 does not have a host assigned');
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/real-exec/no-kubelet.png' });
});
