// Real tier, current control plane: Ingress is served at networking.k8s.io/v1 only (v1beta1 went in 1.22), so
// Explain lists one version and no deprecation.
import { expect, test } from '@playwright/test';

test('ingresses list their one served version, with no deprecation', async ({ page }) => {
  await page.goto('/c/real/-/explain?resource=ing&field=spec.rules');
  const versions = page.getByTestId('explain-version');
  await expect(versions).toHaveCount(1, { timeout: 15_000 });
  await expect(versions.first()).toContainText('v1preferred');
  await expect(versions.first()).not.toContainText('deprecated');
  await expect(page.getByTestId('explain-deprecations')).toHaveCount(0);
  await expect(page.getByTestId('explain-field-type')).toHaveText('<[]IngressRule>');
  await expect(page.getByTestId('explain-field').getByTestId('field-badge').filter({ hasText: 'list: atomic' })).toBeVisible();
  await page.screenshot({ path: 'test-results/real-explain-ingress-modern.png', fullPage: true });
});
