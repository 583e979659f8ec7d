// A demo cluster for a test file (or describe block): started before its tests, closed after them.
import { afterAll, beforeAll } from 'vitest';
import { startDemoClusterWithOptions } from '../index.js';
import type { DemoClusterInternalOptions, DemoClusterTlsHandle } from '../index.js';
import { apiFor } from './http.js';
import type { Api } from './http.js';

export interface TestCluster {
  /** The running cluster; only inside tests and hooks. */
  readonly handle: DemoClusterTlsHandle;
  /** Requests to it as the admin (testing/http.ts). */
  readonly api: Api;
}

/** Registers beforeAll/afterAll hooks that start and close a cluster with these options. */
export function useCluster(options: DemoClusterInternalOptions = {}): TestCluster {
  let started: DemoClusterTlsHandle | undefined;
  beforeAll(async () => {
    started = await startDemoClusterWithOptions(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  const handle = (): DemoClusterTlsHandle => {
    if (!started) throw new Error('the demo cluster runs only inside tests and hooks');
    return started;
  };
  return {
    get handle() {
      return handle();
    },
    api: apiFor(handle),
  };
}
