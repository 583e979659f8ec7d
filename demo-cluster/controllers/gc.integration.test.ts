// DELETE propagationPolicy and owner-reference garbage collection over real HTTP (no activity loop:
// the garbage collector runs regardless, as kube-controller-manager does on a real cluster).
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import type { ApiResponse, Json } from '../testing/http.js';
import { waitUntil } from '../testing/wait-until.js';
import { openWatch } from '../testing/watch-stream.js';

const cluster = useCluster({ podTerminationMs: 50 });
const { api } = cluster;

const NS = '/namespaces/shop';
const D = `/apis/apps/v1${NS}/deployments`;
const RS = `/apis/apps/v1${NS}/replicasets`;
const PODS = `/api/v1${NS}/pods`;
const ref = (kind: string, o: Json, block = true): Json => ({ apiVersion: kind === 'Pod' ? 'v1' : 'apps/v1', kind, name: o.metadata.name, uid: o.metadata.uid, controller: true, blockOwnerDeletion: block });
const template = (app: string): Json => ({ metadata: { labels: { app } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });
const create = async (path: string, body: Json): Promise<Json> => (await api(path, { method: 'POST', body })).body;
const remove = (path: string, body?: Json): Promise<ApiResponse> => api(path, { method: 'DELETE', ...(body ? { body } : {}) });

/** Deployment -> ReplicaSet -> two Pods, linked by hand (no controllers run). */
async function chain(app: string): Promise<{ d: Json; rs: Json; pods: Json[]; rv: string }> {
  const d = await create(D, { metadata: { name: app, labels: { app } }, spec: { replicas: 2, selector: { matchLabels: { app } }, template: template(app) } });
  const rs = await create(RS, { metadata: { name: `${app}-rs`, labels: { app }, ownerReferences: [ref('Deployment', d)] }, spec: { replicas: 2, selector: { matchLabels: { app } }, template: template(app) } });
  const pods: Json[] = [];
  for (const i of [1, 2]) pods.push(await create(PODS, { metadata: { name: `${app}-p${i}`, labels: { app }, ownerReferences: [ref('ReplicaSet', rs)] }, spec: template(app).spec }));
  return { d, rs, pods, rv: pods[1]?.metadata.resourceVersion as string };
}

/** Watches of a chain's three collections from `rv`: events of all three, and a wait on them. */
async function watchChain(app: string, rv: string): Promise<{ until: (done: (events: Json[]) => boolean) => Promise<Json[]>; close: () => void }> {
  const streams = await Promise.all([D, RS, PODS].map((base) => openWatch(cluster.handle, `${base}?watch=1&resourceVersion=${rv}&labelSelector=app%3D${app}`)));
  const all = (): Json[] => streams.flatMap((s) => s.events);
  return {
    // Every stream checks the condition over all events, so the one bringing the last event resolves it.
    until: async (done) => {
      await Promise.any(streams.map((s) => s.until(() => done(all()), `the events of ${app}`)));
      return all();
    },
    close: () => streams.forEach((s) => s.close()),
  };
}

let canaries = 0;

/**
 * Returns once the garbage collector has acted on everything requested before: a canary chain as deep
 * as the chains under test is deleted in the background. The collector works its queue in order, level
 * by level, so when the canary's pods are gone, whatever the earlier requests made it do is done.
 */
async function collectorCaughtUp(): Promise<void> {
  const canary = `canary-${++canaries}`;
  const { rv } = await chain(canary);
  const pods = await openWatch(cluster.handle, `${PODS}?watch=1&resourceVersion=${rv}&labelSelector=app%3D${canary}`);
  await remove(`${D}/${canary}`);
  await pods.until((events) => events.filter((e) => e.type === 'DELETED').length === 2, `the canary ${canary}'s pods to be collected`);
  pods.close();
}

const names = async (path: string, app: string): Promise<string[]> => ((await api(`${path}?labelSelector=app%3D${app}`)).body.items as Json[]).map((o) => o.metadata.name as string);
const rvOf = (e: Json): number => Number(e.object.metadata.resourceVersion);
/** Events of the three streams in resourceVersion order. */
const summary = (events: Json[]): string[] => [...events].sort((a, b) => rvOf(a) - rvOf(b)).map((e) => `${e.type as string} ${e.object.kind as string}/${e.object.metadata.name as string}`);

describe('DELETE propagationPolicy and garbage collection', () => {
  it('Background (default): the owner goes at once, dependents shortly after, recursively', async () => {
    const { rv } = await chain('bg');
    const watch = await watchChain('bg', rv);
    const answer = await remove(`${D}/bg`);
    const events = await watch.until((ev) => ev.filter((e) => e.type === 'DELETED').length === 4);
    watch.close();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ kind: 'Status', status: 'Success', details: { name: 'bg', group: 'apps', kind: 'deployments' } });
    const deleted = summary(events).filter((s) => s.startsWith('DELETED')).sort();
    expect(deleted).toEqual(['DELETED Deployment/bg', 'DELETED Pod/bg-p1', 'DELETED Pod/bg-p2', 'DELETED ReplicaSet/bg-rs']);
    expect(summary(events).indexOf('DELETED Deployment/bg')).toBeLessThan(summary(events).indexOf('DELETED ReplicaSet/bg-rs'));
    expect([...(await names(D, 'bg')), ...(await names(RS, 'bg')), ...(await names(PODS, 'bg'))]).toEqual([]);
  });

  it('Foreground: the owner waits with the foregroundDeletion finalizer until its dependents are gone', async () => {
    const { rv } = await chain('fg');
    const watch = await watchChain('fg', rv);
    const answer = await remove(`${D}/fg?propagationPolicy=Foreground`);
    const events = await watch.until((ev) => ev.filter((e) => e.type === 'DELETED').length === 4);
    watch.close();
    expect(answer.status).toBe(200);
    expect(answer.body.kind).toBe('Deployment');
    expect(answer.body.metadata.deletionTimestamp).toBeDefined();
    expect(answer.body.metadata.finalizers).toEqual(['foregroundDeletion']);
    const order = summary(events).filter((s) => s.startsWith('DELETED'));
    expect(order.at(-1)).toBe('DELETED Deployment/fg');
    expect(order.indexOf('DELETED ReplicaSet/fg-rs')).toBeGreaterThan(Math.max(order.indexOf('DELETED Pod/fg-p1'), order.indexOf('DELETED Pod/fg-p2')));
    const rsPending = [...events].sort((a, b) => rvOf(a) - rvOf(b)).find((e) => e.type === 'MODIFIED' && e.object.kind === 'ReplicaSet');
    expect(rsPending?.object.metadata.finalizers).toEqual(['foregroundDeletion']);
    expect([...(await names(D, 'fg')), ...(await names(RS, 'fg')), ...(await names(PODS, 'fg'))]).toEqual([]);
  });

  it('Orphan (body DeleteOptions): dependents lose the owner reference and stay', async () => {
    const { rv } = await chain('or');
    const watch = await watchChain('or', rv);
    const answer = await remove(`${D}/or`, { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Orphan' });
    expect(answer.status).toBe(200);
    expect(answer.body.metadata.finalizers).toEqual(['orphan']);
    const events = await watch.until((ev) => ev.length >= 4);
    await collectorCaughtUp();
    watch.close();
    expect(summary(events)).toEqual(['MODIFIED Deployment/or', 'MODIFIED ReplicaSet/or-rs', 'MODIFIED Deployment/or', 'DELETED Deployment/or']);
    expect((await api(`${RS}/or-rs`)).body.metadata.ownerReferences).toBeUndefined();
    expect(await names(PODS, 'or')).toEqual(['or-p1', 'or-p2']);
  });

  it('orphanDependents=true in the body orphans; orphanDependents=false cascades', async () => {
    await chain('od');
    expect((await remove(`${RS}/od-rs`, { orphanDependents: true })).body.metadata.finalizers).toEqual(['orphan']);
    await waitUntil(() => api(`${RS}/od-rs`), { until: (r) => r.status === 404, what: 'the orphaning ReplicaSet to go' });
    expect((await api(`${PODS}/od-p1`)).body.metadata.ownerReferences).toBeUndefined();
    await remove(`${D}/od`, { orphanDependents: false });
    await waitUntil(() => api(`${D}/od`), { until: (r) => r.status === 404, what: 'the Deployment to go' });
    await collectorCaughtUp();
    expect(await names(PODS, 'od')).toEqual(['od-p1', 'od-p2']);
  });

  it('Foreground deletion of a pod in an ownership circle deletes the whole circle (no deadlock)', async () => {
    const pods: Json[] = [];
    for (const i of [1, 2, 3]) pods.push(await create(PODS, { metadata: { name: `circle-${i}`, labels: { app: 'circle' } }, spec: template('circle').spec }));
    const [p1, p2, p3] = pods as [Json, Json, Json];
    const owned = async (pod: Json, owner: Json): Promise<Json> =>
      (await api(`${PODS}/${pod.metadata.name as string}`, { method: 'PATCH', body: { metadata: { ownerReferences: [ref('Pod', owner)] } }, contentType: 'application/strategic-merge-patch+json' })).body;
    const linked = [await owned(p1, p3), await owned(p2, p1), await owned(p3, p2)];
    const watch = await openWatch(cluster.handle, `${PODS}?watch=1&resourceVersion=${linked[2]?.metadata.resourceVersion as string}&labelSelector=app%3Dcircle`);
    expect((await remove(`${PODS}/circle-1`, { propagationPolicy: 'Foreground', preconditions: { uid: p1.metadata.uid } })).status).toBe(200);
    const events = await watch.until((e) => e.filter((x) => x.type === 'DELETED').length === 3, 'the three pods deleted');
    watch.close();
    // The collector unblocked one pod's reference to break the circle, as kube's does.
    const unblocked = events.filter((e) => e.type === 'MODIFIED' && e.object.metadata.ownerReferences?.[0]?.blockOwnerDeletion === false);
    expect(unblocked.length).toBeGreaterThan(0);
    expect(await names(PODS, 'circle')).toEqual([]);
  });

  it('dryRun=All deletes nothing, dependents untouched', async () => {
    const { d, rs } = await chain('dry');
    for (const policy of ['Background', 'Foreground', 'Orphan']) {
      const answer = await remove(`${D}/dry?dryRun=All&propagationPolicy=${policy}`);
      expect(answer.status).toBe(200);
    }
    await collectorCaughtUp();
    expect((await api(`${D}/dry`)).body.metadata.resourceVersion).toBe(d.metadata.resourceVersion);
    expect((await api(`${RS}/dry-rs`)).body.metadata.resourceVersion).toBe(rs.metadata.resourceVersion);
    expect(await names(PODS, 'dry')).toEqual(['dry-p1', 'dry-p2']);
  });

  it('an unsupported propagationPolicy is 422, before the object is looked up', async () => {
    const res = await remove(`${D}/does-not-exist?propagationPolicy=Bogus`);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      reason: 'Invalid',
      code: 422,
      message: 'DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Unsupported value: "Bogus": supported values: "Foreground", "Background", "Orphan", "nil"',
      details: { group: 'meta.k8s.io', kind: 'DeleteOptions', causes: [{ reason: 'FieldValueNotSupported', field: 'propagationPolicy' }] },
    });
    const both = await remove(`${D}/x`, { propagationPolicy: 'Orphan', orphanDependents: true });
    expect(both.status).toBe(422);
    expect(both.body.message).toBe('DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Invalid value: "Orphan": orphanDependents and deletionPropagation cannot be both set');
  });
});
