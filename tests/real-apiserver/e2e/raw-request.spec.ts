// Real tier: the raw request tool against kube-apiserver 1.20.2 (send=1 GET, a DELETE link that does not send, a 410).
import { expect, test } from '@playwright/test';
import { kubectl } from '../../support/kubectl.js';
import { expectDeleteLinkNotSent, expectExpiredWatchExplained, rawRequestLink, responseOf } from '../../support/raw-request-screen.js';

const kubeconfig = process.env.KUBECONFIG_REAL ?? '';
const k = (...args: string[]) => kubectl(['--kubeconfig', kubeconfig, ...args]);

test('a GET link with send=1 shows the seeded ConfigMap', async ({ page }) => {
  await page.goto(rawRequestLink('real', { verb: 'GET', path: '/api/v1/namespaces/fx/configmaps/settings', send: '1' }));
  const response = responseOf(page);
  await expect(response.headersTitle).toHaveText('Response headers (HTTP 200 OK)');
  await expect(response.body).toContainText('"name": "settings"');
  await expect(response.body).toContainText('"namespace": "fx"');
});

test('a YAML GET shows the apiserver\'s YAML as received', async ({ page }) => {
  await page.goto(rawRequestLink('real', { verb: 'GET', path: '/api/v1/namespaces/fx/configmaps/settings', accept: 'yaml', send: '1' }));
  const response = responseOf(page);
  await expect(response.headersTitle).toHaveText('Response headers (HTTP 200 OK)');
  await expect(response.detail).toContainText('content-type: application/yaml');
  await expect(response.body).toContainText('name: settings');
});

test('a DELETE link with send=1 does not send: the ConfigMap is still there', async ({ page }) => {
  const name = `keep-${Date.now().toString(36)}`;
  expect((await k('-n', 'fx', 'create', 'configmap', name, '--from-literal=a=1')).code).toBe(0);
  try {
    await expectDeleteLinkNotSent(page, 'real', `/api/v1/namespaces/fx/configmaps/${name}`);
    expect((await k('-n', 'fx', 'get', 'configmap', name, '-o', 'name')).stdout.trim()).toBe(`configmap/${name}`);
  } finally {
    await k('-n', 'fx', 'delete', 'configmap', name, '--ignore-not-found');
  }
});

// kube-apiserver serves a watch from its watch cache, whose window starts where the cache was filled: for built-in
// resources that is the (fresh) cluster's first revision, so resourceVersion=1 still streams. A CRD's cache is filled
// when the CRD is established, so for its resources resourceVersion=1 is older than the window: 410 Expired.
const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: probes.raw.example.com}
spec:
  group: raw.example.com
  scope: Namespaced
  names: {plural: probes, singular: probe, kind: Probe}
  versions:
  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}
`;

test('a watch from resourceVersion=1 shows the apiserver\'s 410 explained, with the raw event', async ({ page }) => {
  const created = await kubectl(['--kubeconfig', kubeconfig, 'apply', '-f', '-'], { input: CRD });
  expect(created.code, created.stderr).toBe(0);
  try {
    const established = await k('wait', '--for=condition=Established', '--timeout=20s', 'crd/probes.raw.example.com');
    expect(established.code, established.stderr).toBe(0);
    // A current apiserver answers 429 (storage is (re)initializing) until the new type's watch cache is ready.
    await expect(async () => expectExpiredWatchExplained(page, 'real', '/apis/raw.example.com/v1/namespaces/fx/probes')).toPass({ timeout: 30_000 });
    await page.screenshot({ path: 'test-results/real-raw-request-410.png', fullPage: true });
  } finally {
    await k('delete', 'crd', 'probes.raw.example.com', '--ignore-not-found');
  }
});
