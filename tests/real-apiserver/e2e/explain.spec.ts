// Real tier: Explain from the apiserver's OpenAPI: /openapi/v3 where served (current releases), else /openapi/v2
// (1.20.2, whose v3 index is 404).
import { expect, test } from '@playwright/test';
import { MODERN } from '../tier.js';
import { expectDeploymentStrategy, expectGadgetMode, explainFromPalette, gadgetCrd } from '../../support/explain-screen.js';
import { kubectl } from '../../support/kubectl.js';

const kubeconfig = process.env.KUBECONFIG_REAL ?? '';
const k = (...args: string[]) => kubectl(['--kubeconfig', kubeconfig, ...args]);

test('`explain deployment.spec.strategy` in the palette opens the field from the OpenAPI the server serves', async ({ page }) => {
  await page.goto('/c/real/api/v1/namespaces/fx/pods');
  await expect(page.getByRole('navigation', { name: 'Resources' }).getByTestId('api-group').first()).toBeVisible();
  await explainFromPalette(page, 'deployment.spec.strategy');
  await expect(page).toHaveURL(/\/c\/real\/-\/explain\?resource=deployments\.apps&field=spec\.strategy$/);
  await expectDeploymentStrategy(page);
  await expect(page.getByTestId('explain-header')).toContainText(MODERN ? 'from /openapi/v3' : 'from /openapi/v2');
  await page.screenshot({ path: 'test-results/real-explain-deployment-strategy.png', fullPage: true });
});

test('a CRD\'s fields show its schema\'s descriptions and enums', async ({ page }) => {
  const apply = await kubectl(['--kubeconfig', kubeconfig, 'apply', '-f', '-'], { input: gadgetCrd('explain.kubeglass.dev') });
  expect(apply.code, apply.stderr).toBe(0);
  try {
    // The apiserver publishes a new CRD's schema into its OpenAPI shortly after it is established.
    await expect(async () => {
      await page.goto('/c/real/-/explain?resource=gadgets.explain.kubeglass.dev&field=spec.mode');
      await expectGadgetMode(page);
    }).toPass({ timeout: 30_000 });
  } finally {
    await k('delete', 'crd', 'gadgets.explain.kubeglass.dev', '--wait=false');
  }
});
