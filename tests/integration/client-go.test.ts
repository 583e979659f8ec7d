// client-go (the release the demo cluster claims, v0.37.2 for v1.37.2) against the demo cluster: aggregated
// discovery, the dynamic client, typed CRUD with a stale update, server-side apply with a conflict, paging,
// and shared informers with streaming lists on and off (tests/support/client-go-cases.ts; the real tier
// runs the same cases against kube-apiserver v1.37.2).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startDemoClusterWithOptions } from '../../demo-cluster/index.js';
import type { DemoClusterTlsHandle } from '../../demo-cluster/index.js';
import { renderKubeconfig } from '../../demo-cluster/auth/kubeconfig.js';
import { clientGoCases } from '../support/client-go-cases.js';

let demo: DemoClusterTlsHandle | undefined;
let ready: (path: string) => void = () => undefined;
const kubeconfig = new Promise<string>((resolve) => (ready = resolve));

beforeAll(async () => {
  demo = await startDemoClusterWithOptions({ activityIntervalMs: 0 });
  // Over HTTPS with the cluster's CA, as kubectl reaches it (client-go sends no bearer token over plain HTTP).
  const path = join(mkdtempSync(join(tmpdir(), 'kubeglass-client-go-')), 'kubeconfig');
  writeFileSync(path, renderKubeconfig(demo));
  ready(path);
});

afterAll(async () => {
  await demo?.close();
});

clientGoCases('the demo cluster', () => kubeconfig);
