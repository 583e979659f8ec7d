// Deployment -> ReplicaSet -> Pod reconciliation and garbage collection (controllers run with the activity loop).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoClusterWithOptions } from '../index.js';
import type { DemoClusterTlsHandle } from '../index.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions walk arbitrary JSON
let cluster: DemoClusterTlsHandle;

async function call(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<Json> {
  const res = await fetch(cluster.url + path, {
    method,
    headers: { Authorization: `Bearer ${cluster.tokens.admin}`, 'Content-Type': contentType },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as Json;
}

async function eventually<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  // A long activity interval: controllers and the simulated kubelet run, random changes do not happen during the test.
  cluster = await startDemoClusterWithOptions({ activityIntervalMs: 600_000, podTerminationMs: 50 });
});
afterAll(async () => {
  await cluster.close();
});

const DEPLOYMENTS = '/apis/apps/v1/namespaces/shop/deployments';

describe('controllers', () => {
  it('creates a ReplicaSet and running pods for a Deployment, scales, and collects garbage', async () => {
    await call('POST', DEPLOYMENTS, {
      metadata: { name: 'c1' },
      spec: { replicas: 2, selector: { matchLabels: { app: 'c1' } }, template: { metadata: { labels: { app: 'c1' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
    });
    const ready = await eventually(() => call('GET', `${DEPLOYMENTS}/c1`), (d) => d.status?.readyReplicas === 2);
    expect(ready.status).toMatchObject({ replicas: 2, readyReplicas: 2, updatedReplicas: 2 });
    const rsList = await call('GET', '/apis/apps/v1/namespaces/shop/replicasets?labelSelector=app%3Dc1');
    expect(rsList.items).toHaveLength(1);
    expect(rsList.items[0].metadata.ownerReferences[0]).toMatchObject({ kind: 'Deployment', name: 'c1', controller: true });

    await call('PATCH', `${DEPLOYMENTS}/c1/scale`, { spec: { replicas: 3 } }, 'application/merge-patch+json');
    const scaled = await eventually(() => call('GET', '/api/v1/namespaces/shop/pods?labelSelector=app%3Dc1'), (l) => l.items.length === 3);
    expect(scaled.items).toHaveLength(3);
    const sameRs = await call('GET', '/apis/apps/v1/namespaces/shop/replicasets?labelSelector=app%3Dc1');
    expect(sameRs.items).toHaveLength(1);

    await call('DELETE', `${DEPLOYMENTS}/c1`);
    const gone = await eventually(() => call('GET', '/api/v1/namespaces/shop/pods?labelSelector=app%3Dc1'), (l) => l.items.length === 0);
    expect(gone.items).toHaveLength(0);
  });

  it('scaling a seeded Deployment keeps its ReplicaSet and pods', async () => {
    const before = await call('GET', '/apis/apps/v1/namespaces/demo/replicasets?labelSelector=app%3Dweb');
    await call('PATCH', '/apis/apps/v1/namespaces/demo/deployments/web', { spec: { replicas: 4 } }, 'application/merge-patch+json');
    const pods = await eventually(() => call('GET', '/api/v1/namespaces/demo/pods?labelSelector=app%3Dweb'), (l) => l.items.length === 4);
    expect(pods.items).toHaveLength(4);
    const after = await call('GET', '/apis/apps/v1/namespaces/demo/replicasets?labelSelector=app%3Dweb');
    expect(after.items.map((r: Json) => r.metadata.uid)).toEqual(before.items.map((r: Json) => r.metadata.uid));
  });
});
