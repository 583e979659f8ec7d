// Real tier: Explain on kube-apiserver 1.20.2, which serves only /openapi/v2 (the v3 index is 404).
import { expect, test } from '@playwright/test';
import { expectDeploymentStrategy, expectGadgetMode, explainFromPalette, gadgetCrd } from '../../support/explain-screen.js';
import { kubectl } from '../../support/kubectl.js';

const kubeconfig = process.env.KUBECONFIG_REAL ?? '';
const k = (...args: string[]) => kubectl(['--kubeconfig', kubeconfig, ...args]);

test('`explain deployment.spec.strategy` in the palette opens the field from /openapi/v2', async ({ page }) => {
  await page.goto('/c/real/api/v1/namespaces/fx/pods');
  await expect(page.getByRole('navigation', { name: 'Resources' }).getByTestId('api-group').first()).toBeVisible();
  await explainFromPalette(page, 'deployment.spec.strategy');
  await expect(page).toHaveURL(/\/c\/real\/-\/explain\?resource=deployments\.apps&field=spec\.strategy$/);
  await expectDeploymentStrategy(page);
  await expect(page.getByTestId('explain-header')).toContainText('from /openapi/v2');
  await page.screenshot({ path: 'test-results/real-explain-deployment-strategy.png', fullPage: true });
});

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

test('a CRD\'s fields show its schema\'s descriptions and enums from /openapi/v2', async ({ page }) => {
  const apply = await kubectl(['--kubeconfig', kubeconfig, 'apply', '-f', '-'], { input: gadgetCrd('explain.kubeglass.dev') });
  expect(apply.code, apply.stderr).toBe(0);
  try {
    // The apiserver publishes a new CRD's schema into /openapi/v2 shortly after it is established.
    await expect(async () => {
      await page.goto('/c/real/-/explain?resource=gadgets.explain.kubeglass.dev&field=spec.mode');
      await expectGadgetMode(page);
    }).toPass({ timeout: 30_000 });
  } finally {
    await k('delete', 'crd', 'gadgets.explain.kubeglass.dev', '--wait=false');
  }
});
