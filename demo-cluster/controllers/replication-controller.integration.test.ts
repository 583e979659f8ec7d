// The ReplicationController manager: pods by selector with controller references, status, the scale subresource,
// adoption and release, and garbage collection of its pods (a long activity interval: the kubelet runs pods).
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import type { Json } from '../testing/http.js';
import { waitUntil } from '../testing/wait-until.js';

const cluster = useCluster({ activityIntervalMs: 600_000, podTerminationMs: 20 });
const { api } = cluster;
const RCS = '/api/v1/namespaces/shop/replicationcontrollers';
const PODS = '/api/v1/namespaces/shop/pods';
const podCount = async (): Promise<number> => ((await api(PODS)).body.items as Json[]).filter((p) => !['Succeeded', 'Failed'].includes(p.status?.phase)).length;
const podsOf = async (app: string): Promise<Json[]> => (await api(`${PODS}?labelSelector=app%3D${app}`)).body.items as Json[];
const rc = (name: string, replicas: number): Json => ({
  metadata: { name },
  spec: { replicas, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
});

describe('replication controller', () => {
  it('defaults the selector and labels from the template, creates owned pods and reports status', async () => {
    const created = await api(RCS, { method: 'POST', body: rc('rc1', 2) });
    expect(created.status).toBe(201);
    expect(created.body.spec.selector).toEqual({ app: 'rc1' });
    expect(created.body.metadata.labels).toEqual({ app: 'rc1' });
    expect(created.body.metadata.generation).toBe(1);
    expect(created.body.status).toEqual({ replicas: 0 });
    const ready = await waitUntil(async () => (await api(`${RCS}/rc1`)).body, { until: (o) => o.status?.readyReplicas === 2, what: 'two ready replicas' });
    expect(ready.status).toEqual({ replicas: 2, fullyLabeledReplicas: 2, readyReplicas: 2, availableReplicas: 2, observedGeneration: 1 });
    const pods = await podsOf('rc1');
    expect(pods).toHaveLength(2);
    for (const p of pods) {
      expect(p.metadata.generateName).toBe('rc1-');
      expect(p.metadata.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'ReplicationController', name: 'rc1', uid: created.body.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    }
  });

  it('scales through the scale subresource', async () => {
    const scale = (await api(`${RCS}/rc1/scale`)).body;
    expect(scale).toMatchObject({ kind: 'Scale', apiVersion: 'autoscaling/v1', spec: { replicas: 2 }, status: { replicas: 2, selector: 'app=rc1' } });
    const patched = await api(`${RCS}/rc1/scale`, { method: 'PATCH', body: { spec: { replicas: 1 } }, contentType: 'application/merge-patch+json' });
    expect(patched.status).toBe(200);
    await waitUntil(() => podsOf('rc1'), { until: (p) => p.filter((x) => !x.metadata.deletionTimestamp).length === 1, what: 'one pod left' });
    const after = await waitUntil(async () => (await api(`${RCS}/rc1`)).body, { until: (o) => o.status?.replicas === 1, what: 'status.replicas 1' });
    expect(after.status.observedGeneration).toBe(2);
  });

  it('adopts a matching orphan and releases a pod whose labels stop matching', async () => {
    await api(RCS, { method: 'POST', body: rc('rc2', 1) });
    await waitUntil(() => podsOf('rc2'), { until: (p) => p.length === 1, what: 'the rc2 pod' });
    const [own] = await podsOf('rc2');
    await api(`${PODS}/${own?.metadata.name as string}`, { method: 'PATCH', body: { metadata: { labels: { app: 'gone' } } }, contentType: 'application/merge-patch+json' });
    const released = await waitUntil(async () => (await api(`${PODS}/${own?.metadata.name as string}`)).body, { until: (p) => p.metadata.ownerReferences === undefined, what: 'the pod released' });
    expect(released.metadata.labels).toEqual({ app: 'gone' });
    // A replacement follows; putting the label back makes it one too many, so one goes.
    await waitUntil(() => podsOf('rc2'), { until: (p) => p.length === 1 && p[0]?.metadata.name !== own?.metadata.name, what: 'a replacement' });
    await api(`${PODS}/${own?.metadata.name as string}`, { method: 'PATCH', body: { metadata: { labels: { app: 'rc2' } } }, contentType: 'application/merge-patch+json' });
    await waitUntil(() => podsOf('rc2'), { until: (p) => p.filter((x) => !x.metadata.deletionTimestamp).length === 1, what: 'back to one pod after adoption' });
  });

  it('deleting the controller collects its pods; Orphan keeps them without the reference', async () => {
    await api(`${RCS}/rc1`, { method: 'DELETE' });
    await waitUntil(() => podsOf('rc1'), { until: (p) => p.length === 0, what: 'rc1 pods collected' });
    await api(`${RCS}/rc2`, { method: 'DELETE', body: { propagationPolicy: 'Orphan' } });
    const kept = await waitUntil(() => podsOf('rc2'), { until: (p) => p.length >= 1 && p.every((x) => x.metadata.ownerReferences === undefined), what: 'rc2 pods orphaned' });
    expect(kept.length).toBeGreaterThan(0);
  });

  it('reports a quota that refuses its pods as the ReplicaFailure condition, and drops it once they fit', async () => {
    const QUOTAS = '/api/v1/namespaces/shop/resourcequotas';
    await api(QUOTAS, { method: 'POST', body: { metadata: { name: 'rc-pods' }, spec: { hard: { pods: String(await podCount()) } } } });
    await waitUntil(async () => (await api(`${QUOTAS}/rc-pods`)).body.status?.used, { what: 'the quota calculated' });
    await api(RCS, { method: 'POST', body: rc('rc4', 1) });
    const failed = await waitUntil(async () => (await api(`${RCS}/rc4`)).body, { until: (o) => (o.status?.conditions ?? []).length > 0, what: 'a ReplicaFailure condition' });
    expect(failed.status.conditions).toEqual([{ type: 'ReplicaFailure', status: 'True', lastTransitionTime: expect.any(String), reason: 'FailedCreate', message: expect.stringMatching(/^pods "rc4-[a-z0-9]{5}" is forbidden: exceeded quota: rc-pods, requested: pods=1, used: pods=\d+, limited: pods=\d+$/) }]);
    await api(`${QUOTAS}/rc-pods`, { method: 'DELETE' });
    await api(`${RCS}/rc4`, { method: 'PATCH', body: { metadata: { annotations: { retry: 'now' } } }, contentType: 'application/merge-patch+json' });
    const fixed = await waitUntil(async () => (await api(`${RCS}/rc4`)).body, { until: (o) => o.status?.replicas === 1 && o.status?.conditions === undefined, what: 'the condition removed' });
    expect(fixed.status.replicas).toBe(1);
    await api(`${RCS}/rc4`, { method: 'DELETE' });
  });

  it('prints the wide columns of printers.go', async () => {
    await api(RCS, { method: 'POST', body: rc('rc3', 0) });
    const table = (await api(`${RCS}/rc3`, { headers: { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } })).body;
    expect(table.columnDefinitions.map((c: Json) => c.name)).toEqual(['Name', 'Desired', 'Current', 'Ready', 'Age', 'Containers', 'Images', 'Selector']);
    expect(table.rows[0].cells.filter((_: unknown, i: number) => i !== 4)).toEqual(['rc3', 0, 0, 0, 'c', 'nginx', 'app=rc3']);
  });
});
