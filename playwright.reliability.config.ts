import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/chromium.js';

// The reliability suite's browser tier: kubeglass with the demo cluster's fault injection on and a busy
// activity loop (lists change every second), faults injected while Chromium watches.
const PORT = Number(process.env.KUBEGLASS_RELIABILITY_PORT ?? 7195);

export default defineConfig({
  testDir: 'tests/reliability/browser',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  // Apart from test-results/, which other Playwright runs on this machine clear when they start.
  outputDir: 'test-reports/reliability-browser',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    // Tall enough that the virtualized table renders every row of the lists compared.
    viewport: { width: 1280, height: 1600 },
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `node bin/kubeglass.js --port ${PORT} --demo-faults --demo-activity-ms 1000`,
    url: `http://127.0.0.1:${PORT}/-/contexts`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: { KUBECONFIG: 'tests/e2e/no-contexts.kubeconfig' },
  },
});
