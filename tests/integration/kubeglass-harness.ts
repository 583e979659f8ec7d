// Starts the real kubeglass server in-process with the real embedded demo cluster, for integration tests.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoCluster } from '../../demo-cluster/index.js';
import { startKubeglass, type RunningKubeglass } from '../../server/cli.js';

export const ADMIN_TOKEN = 'integration-admin-token';
export const VIEWER_TOKEN = 'integration-viewer-token';

/** kubeglass on a free port, no kubeconfig, demo cluster with fixed tokens and no background activity. */
export function startHarness(): Promise<RunningKubeglass> {
  return startKubeglass({
    port: 0,
    kubeconfig: false,
    staticDir: mkdtempSync(join(tmpdir(), 'kubeglass-no-web-')),
    demo: { start: startDemoCluster, options: { activityIntervalMs: 0, tokens: { admin: ADMIN_TOKEN, viewer: VIEWER_TOKEN } } },
  });
}

/** A unique, valid object name per test run. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
}
