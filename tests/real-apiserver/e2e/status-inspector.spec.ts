// Errors as the "done when" asks, against a real apiserver: an invalid Deployment's causes listed
// with their fields and marked on their lines (a list index, a dotted label key), 409/403/404/422 each with code,
// reason, explanation and raw response, and the console's curl line getting the same status from a shell. The
// throttled read needs the demo cluster's fault injection: it is in tests/e2e/status-inspector.spec.ts only.
import { test } from '@playwright/test';
import { createdInFx, realEditTarget } from '../../support/real-edit-target.js';
import { alreadyExistsFlow, forbiddenListFlow, invalidDeploymentFlow, notFoundFlow } from '../../support/status-inspector-flows.js';

const SHOTS = 'test-results/status-inspector-real';
const target = realEditTarget(SHOTS);
const unique = createdInFx(target);

test.describe('with the whole Deployment in view', () => {
  test.use({ viewport: { width: 1280, height: 1500 } });

  test('an invalid Deployment: every cause with its field, a marker on its line (list index, dotted label key, absent field), and the PUT\'s curl gets the same 422', async ({ page }) => {
    test.slow();
    // Edited once the controllers (where they run) are done with it: it keeps its resourceVersion, so the curl
    // line's PUT is judged the same.
    const name = unique('status-invalid', 'deployment');
    await invalidDeploymentFlow(page, target, name);
  });
});

test('creating a ConfigMap that exists: 409 AlreadyExists with its link, explained, raw; the POST\'s curl gets 409', async ({ page }) => {
  await alreadyExistsFlow(page, target, unique('status-exists', 'configmap'));
});

test('a missing object is 404 NotFound; the viewer\'s secrets list is 403 Forbidden: explained, raw, curl gets the same status', async ({ page }) => {
  await notFoundFlow(page, target);
  // The viewer context (aggregate-to-view) may not read secrets; its writes are refused before sending (Save is disabled).
  await forbiddenListFlow(page, 'real-viewer', '/api/v1/namespaces/fx/secrets', 'secrets', SHOTS);
});
