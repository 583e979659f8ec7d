import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/chromium.js';

// `npm run screenshots`: the README's pictures, taken from kubeglass as a user starts it (demo cluster).
const PORT = Number(process.env.KUBEGLASS_SCREENSHOTS_PORT ?? 7189);

export default defineConfig({
  testDir: 'tests/screenshots',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  workers: 1,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    viewport: { width: 1280, height: 760 },
  },
  webServer: {
    command: `node bin/kubeglass.js --port ${PORT} --demo-activity-ms 0`,
    url: `http://127.0.0.1:${PORT}/-/contexts`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { KUBECONFIG: 'tests/e2e/no-contexts.kubeconfig' },
  },
});
