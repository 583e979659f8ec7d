import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/chromium.js';
import { MODERN, REAL_K8S_VERSION } from './tests/real-apiserver/tier.js';

// The real tier: kubeglass in front of a real kube-apiserver (KUBECONFIG_REAL and REAL_K8S_VERSION from
// tests/real-apiserver/run.sh). `*.legacy.spec.ts` describe what only the old server (1.20.2) does, `*.modern.spec.ts`
// what only the current control plane does; the rest run against both.
if (!REAL_K8S_VERSION) throw new Error('REAL_K8S_VERSION is not set: run this tier with `npm run test:real`');
const PORT = Number(process.env.KUBEGLASS_REAL_E2E_PORT ?? 7182);
const kubeconfig = process.env.KUBECONFIG_REAL ?? '';

export default defineConfig({
  testDir: 'tests/real-apiserver/e2e',
  testMatch: '**/*.spec.ts',
  testIgnore: MODERN ? '**/*.legacy.spec.ts' : '**/*.modern.spec.ts',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  workers: 1,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `node bin/kubeglass.js --port ${PORT} --kubeconfig ${kubeconfig} --no-demo`,
    url: `http://127.0.0.1:${PORT}/-/contexts`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
