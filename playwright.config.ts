import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/chromium.js';

// kubeglass started as a user starts it (built bin, embedded demo cluster with activity on).
const PORT = Number(process.env.KUBEGLASS_E2E_PORT ?? 7181);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `node bin/kubeglass.js --port ${PORT} --demo-activity-ms 1500`,
    url: `http://127.0.0.1:${PORT}/-/contexts`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: { KUBECONFIG: 'tests/e2e/no-contexts.kubeconfig' },
  },
});
