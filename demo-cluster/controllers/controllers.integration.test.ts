// Deployment -> ReplicaSet -> Pod reconciliation and garbage collection (controllers run with the activity loop).
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import type { Json } from '../testing/http.js';
import { waitUntil } from '../testing/wait-until.js';

// A long activity interval: controllers and the simulated kubelet run, random changes do not happen during the test.
const cluster = useCluster({ activityIntervalMs: 600_000, podTerminationMs: 50 });
const { api } = cluster;
const get = async (path: string): Promise<Json> => (await api(path)).body;
const mergePatch = (path: string, body: unknown): Promise<unknown> => api(path, { method: 'PATCH', body, contentType: 'application/merge-patch+json' });
/** The items of a list, asked again until `count` are there (the controllers work on their own); throws if they never are. */
const itemsOnceThere = async (path: string, count: number): Promise<Json[]> =>
  (await waitUntil(() => get(path), { until: (l) => l.items?.length === count, what: `${count} items at ${path}` })).items as Json[];

const DEPLOYMENTS = '/apis/apps/v1/namespaces/shop/deployments';

describe('controllers', () => {
  it('creates a ReplicaSet and running pods for a Deployment, scales, and collects garbage', async () => {
    await api(DEPLOYMENTS, {
      method: 'POST',
      body: {
        metadata: { name: 'c1' },
        spec: { replicas: 2, selector: { matchLabels: { app: 'c1' } }, template: { metadata: { labels: { app: 'c1' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
      },
    });
    const ready = await waitUntil(() => get(`${DEPLOYMENTS}/c1`), { until: (d) => d.status?.readyReplicas === 2, what: 'c1 to have 2 ready replicas' });
    expect(ready.status).toMatchObject({ replicas: 2, readyReplicas: 2, updatedReplicas: 2 });
    const rsList = await get('/apis/apps/v1/namespaces/shop/replicasets?labelSelector=app%3Dc1');
    expect(rsList.items).toHaveLength(1);
    expect(rsList.items[0].metadata.ownerReferences[0]).toMatchObject({ kind: 'Deployment', name: 'c1', controller: true });

    await mergePatch(`${DEPLOYMENTS}/c1/scale`, { spec: { replicas: 3 } });
    await itemsOnceThere('/api/v1/namespaces/shop/pods?labelSelector=app%3Dc1', 3);
    const sameRs = await get('/apis/apps/v1/namespaces/shop/replicasets?labelSelector=app%3Dc1');
    expect(sameRs.items).toHaveLength(1);

    await api(`${DEPLOYMENTS}/c1`, { method: 'DELETE' });
    await itemsOnceThere('/api/v1/namespaces/shop/pods?labelSelector=app%3Dc1', 0);
  });

  it('scaling a seeded Deployment keeps its ReplicaSet and pods', async () => {
    const before = await get('/apis/apps/v1/namespaces/demo/replicasets?labelSelector=app%3Dweb');
    await mergePatch('/apis/apps/v1/namespaces/demo/deployments/web', { spec: { replicas: 4 } });
    await itemsOnceThere('/api/v1/namespaces/demo/pods?labelSelector=app%3Dweb', 4);
    const after = await get('/apis/apps/v1/namespaces/demo/replicasets?labelSelector=app%3Dweb');
    expect(after.items.map((r: Json) => r.metadata.uid)).toEqual(before.items.map((r: Json) => r.metadata.uid));
  });

  it('never schedules a new pod onto a cordoned node', async () => {
    const nodes = ((await get('/api/v1/nodes')).items as Json[]).map((n) => n.metadata.name as string);
    const [open, ...cordoned] = nodes;
    for (const name of cordoned) await mergePatch(`/api/v1/nodes/${name}`, { spec: { unschedulable: true } });
    try {
      for (let i = 0; i < 4; i++) {
        await api('/api/v1/namespaces/shop/pods', { method: 'POST', body: { metadata: { name: `cordon-${i}`, labels: { app: 'cordon' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } });
      }
      const pods = await waitUntil(() => get('/api/v1/namespaces/shop/pods?labelSelector=app%3Dcordon'), {
        until: (l) => (l.items as Json[]).length === 4 && (l.items as Json[]).every((p) => typeof p.spec.nodeName === 'string'),
        what: 'the 4 pods bound to a node',
      });
      expect(new Set((pods.items as Json[]).map((p) => p.spec.nodeName))).toEqual(new Set([open]));
    } finally {
      for (const name of cordoned) await mergePatch(`/api/v1/nodes/${name}`, { spec: { unschedulable: null } });
    }
  });
});
