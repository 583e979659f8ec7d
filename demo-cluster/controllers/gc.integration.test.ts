// DELETE propagationPolicy and owner-reference garbage collection over real HTTP (no activity loop:
// the garbage collector runs regardless, as kube-controller-manager does on a real cluster).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoClusterWithOptions } from '../index.js';
import type { DemoClusterTlsHandle } from '../index.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions walk arbitrary JSON
let cluster: DemoClusterTlsHandle;

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(cluster.url + path, {
    method,
    headers: { Authorization: `Bearer ${cluster.tokens.admin}`, 'Content-Type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

async function eventually(fn: () => Promise<boolean>, ms = 3000): Promise<boolean> {
  const until = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

const NS = '/namespaces/shop';
const D = `/apis/apps/v1${NS}/deployments`;
const RS = `/apis/apps/v1${NS}/replicasets`;
const PODS = `/api/v1${NS}/pods`;
const ref = (kind: string, o: Json, block = true): Json => ({ apiVersion: kind === 'Pod' ? 'v1' : 'apps/v1', kind, name: o.metadata.name, uid: o.metadata.uid, controller: true, blockOwnerDeletion: block });
const template = (app: string): Json => ({ metadata: { labels: { app } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });

/** Deployment -> ReplicaSet -> two Pods, linked by hand (no controllers run). */
async function chain(app: string): Promise<{ d: Json; rs: Json; pods: Json[]; rv: string }> {
  const d = (await api('POST', D, { metadata: { name: app, labels: { app } }, spec: { replicas: 2, selector: { matchLabels: { app } }, template: template(app) } })).body;
  const rs = (await api('POST', RS, { metadata: { name: `${app}-rs`, labels: { app }, ownerReferences: [ref('Deployment', d)] }, spec: { replicas: 2, selector: { matchLabels: { app } }, template: template(app) } })).body;
  const pods: Json[] = [];
  for (const i of [1, 2]) {
    pods.push((await api('POST', PODS, { metadata: { name: `${app}-p${i}`, labels: { app }, ownerReferences: [ref('ReplicaSet', rs)] }, spec: template(app).spec })).body);
  }
  return { d, rs, pods, rv: pods[1]?.metadata.resourceVersion as string };
}

/** Collects watch events of the chain's three collections while `during` runs and until `until` holds. */
async function watchAll(app: string, rv: string, during: () => Promise<void>, until: (events: Json[]) => boolean): Promise<Json[]> {
  const events: Json[] = [];
  const controller = new AbortController();
  const readers = [D, RS, PODS].map(async (base) => {
    const res = await fetch(`${cluster.url}${base}?watch=1&resourceVersion=${rv}&labelSelector=app%3D${app}`, { headers: { Authorization: `Bearer ${cluster.tokens.admin}` }, signal: controller.signal });
    const reader = res.body?.getReader();
    if (!reader) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let nl;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          events.push(JSON.parse(buffer.slice(0, nl)) as Json);
          buffer = buffer.slice(nl + 1);
        }
      }
    } catch {
      // Aborted.
    }
  });
  await new Promise((r) => setTimeout(r, 50));
  await during();
  await eventually(async () => until(events));
  controller.abort();
  await Promise.all(readers);
  return events;
}

const names = async (path: string, app: string): Promise<string[]> => ((await api('GET', `${path}?labelSelector=app%3D${app}`)).body.items as Json[]).map((o) => o.metadata.name as string);
const rvOf = (e: Json): number => Number(e.object.metadata.resourceVersion);
/** Events of the three streams in resourceVersion order. */
const summary = (events: Json[]): string[] => [...events].sort((a, b) => rvOf(a) - rvOf(b)).map((e) => `${e.type as string} ${e.object.kind as string}/${e.object.metadata.name as string}`);

beforeAll(async () => {
  cluster = await startDemoClusterWithOptions({ podTerminationMs: 50 });
});
afterAll(async () => {
  await cluster.close();
});

describe('DELETE propagationPolicy and garbage collection', () => {
  it('Background (default): the owner goes at once, dependents shortly after, recursively', async () => {
    const { rv } = await chain('bg');
    let answer: { status: number; body: Json } = { status: 0, body: {} };
    const events = await watchAll('bg', rv, async () => {
      answer = await api('DELETE', `${D}/bg`);
    }, (ev) => ev.filter((e) => e.type === 'DELETED').length === 4);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ kind: 'Status', status: 'Success', details: { name: 'bg', group: 'apps', kind: 'deployments' } });
    const deleted = summary(events).filter((s) => s.startsWith('DELETED')).sort();
    expect(deleted).toEqual(['DELETED Deployment/bg', 'DELETED Pod/bg-p1', 'DELETED Pod/bg-p2', 'DELETED ReplicaSet/bg-rs']);
    expect(summary(events).indexOf('DELETED Deployment/bg')).toBeLessThan(summary(events).indexOf('DELETED ReplicaSet/bg-rs'));
    expect([...(await names(D, 'bg')), ...(await names(RS, 'bg')), ...(await names(PODS, 'bg'))]).toEqual([]);
  });

  it('Foreground: the owner waits with the foregroundDeletion finalizer until its dependents are gone', async () => {
    const { rv } = await chain('fg');
    let answer: { status: number; body: Json } = { status: 0, body: {} };
    const events = await watchAll('fg', rv, async () => {
      answer = await api('DELETE', `${D}/fg?propagationPolicy=Foreground`);
    }, (ev) => ev.filter((e) => e.type === 'DELETED').length === 4);
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
    const events = await watchAll('or', rv, async () => {
      const answer = await api('DELETE', `${D}/or`, { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Orphan' });
      expect(answer.status).toBe(200);
      expect(answer.body.metadata.finalizers).toEqual(['orphan']);
    }, (ev) => ev.length === 4);
    expect(summary(events)).toEqual(['MODIFIED Deployment/or', 'MODIFIED ReplicaSet/or-rs', 'MODIFIED Deployment/or', 'DELETED Deployment/or']);
    const kept = (await api('GET', `${RS}/or-rs`)).body;
    expect(kept.metadata.ownerReferences).toBeUndefined();
    expect(await names(PODS, 'or')).toEqual(['or-p1', 'or-p2']);
    await new Promise((r) => setTimeout(r, 50));
    expect(await names(PODS, 'or')).toEqual(['or-p1', 'or-p2']);
  });

  it('orphanDependents=true in the body orphans; orphanDependents=false cascades', async () => {
    await chain('od');
    expect((await api('DELETE', `${RS}/od-rs`, { orphanDependents: true })).body.metadata.finalizers).toEqual(['orphan']);
    expect(await eventually(async () => (await api('GET', `${RS}/od-rs`)).status === 404)).toBe(true);
    expect((await api('GET', `${PODS}/od-p1`)).body.metadata.ownerReferences).toBeUndefined();
    await api('DELETE', `${D}/od`, { orphanDependents: false });
    expect(await eventually(async () => (await api('GET', `${D}/od`)).status === 404)).toBe(true);
    expect(await names(PODS, 'od')).toEqual(['od-p1', 'od-p2']);
  });

  it('dryRun=All deletes nothing, dependents untouched', async () => {
    const { d, rs } = await chain('dry');
    for (const policy of ['Background', 'Foreground', 'Orphan']) {
      const answer = await api('DELETE', `${D}/dry?dryRun=All&propagationPolicy=${policy}`);
      expect(answer.status).toBe(200);
    }
    await new Promise((r) => setTimeout(r, 100));
    expect((await api('GET', `${D}/dry`)).body.metadata.resourceVersion).toBe(d.metadata.resourceVersion);
    const rsNow = (await api('GET', `${RS}/dry-rs`)).body;
    expect(rsNow.metadata.resourceVersion).toBe(rs.metadata.resourceVersion);
    expect(await names(PODS, 'dry')).toEqual(['dry-p1', 'dry-p2']);
  });

  it('an unsupported propagationPolicy is 422, before the object is looked up', async () => {
    const res = await api('DELETE', `${D}/does-not-exist?propagationPolicy=Bogus`);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      reason: 'Invalid',
      code: 422,
      message: 'DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Unsupported value: "Bogus": supported values: "Foreground", "Background", "Orphan", "nil"',
      details: { group: 'meta.k8s.io', kind: 'DeleteOptions', causes: [{ reason: 'FieldValueNotSupported', field: 'propagationPolicy' }] },
    });
    const both = await api('DELETE', `${D}/x`, { propagationPolicy: 'Orphan', orphanDependents: true });
    expect(both.status).toBe(422);
    expect(both.body.message).toBe('DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Invalid value: "Orphan": orphanDependents and deletionPropagation cannot be both set');
  });
});
