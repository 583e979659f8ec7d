// Real tier, kube-apiserver 1.20.2: Ingress is served at networking.k8s.io v1 and the deprecated v1beta1 (and
// extensions/v1beta1); Explain lists the versions and flags the deprecated ones from the apiserver's Warning.
import { expect, test } from '@playwright/test';

test('ingresses list their served versions, the deprecated ones flagged from the apiserver\'s Warning', async ({ page }) => {
  await page.goto('/c/real/-/explain?resource=ing&field=spec.rules');
  const versions = page.getByTestId('explain-version');
  await expect(versions.first()).toContainText('v1preferred');
  const beta = versions.filter({ hasText: 'v1beta1' });
  await expect(beta).toHaveText('v1beta1deprecated');
  await expect(versions.first()).not.toContainText('deprecated');
  await expect(page.getByTestId('explain-deprecations')).toContainText('networking.k8s.io/v1beta1 Ingress is deprecated in v1.19+');
  await expect(page.getByTestId('explain-field-type')).toHaveText('<[]IngressRule>');
  await expect(page.getByTestId('explain-field').getByTestId('field-badge').filter({ hasText: 'list: atomic' })).toBeVisible();
  await page.screenshot({ path: 'test-results/real-explain-ingress.png', fullPage: true });

  // The deprecated version's own schema: v1beta1 backends name serviceName, not service.
  await beta.click();
  await expect(page).toHaveURL(/resource=ingresses\.networking\.k8s\.io&field=spec\.rules&version=v1beta1$/);
  await expect(beta).toHaveAttribute('aria-current', 'page');
  await page.goto('/c/real/-/explain?resource=ingresses.networking.k8s.io&field=spec.backend.serviceName&version=v1beta1');
  await expect(page.getByTestId('explain-field-type')).toHaveText('<string>');
  // Another group serving the same kind is its own resource (as kubectl api-resources lists it).
  await page.goto('/c/real/-/explain?resource=ingresses.extensions');
  await expect(page.getByTestId('explain-deprecations')).toContainText('extensions/v1beta1 Ingress is deprecated');
});
