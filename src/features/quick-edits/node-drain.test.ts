import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { drainPlan, evictionBody, evictionGroupVersion, evictionPath, evictWithRetry, RETRY_MS, type EvictionAttempt, type PodProgress } from './node-drain';

function pod(name: string, extra: Partial<KubeObject['metadata']> = {}, more: { volumes?: unknown[]; phase?: string } = {}): KubeObject {
  return {
    kind: 'Pod',
    apiVersion: 'v1',
    metadata: { name, namespace: 'demo', ...extra },
    spec: { nodeName: 'node-a', ...(more.volumes ? { volumes: more.volumes } : {}) },
    ...(more.phase ? { status: { phase: more.phase } } : {}),
  };
}

const owned = (kind: string, name: string) => ({ ownerReferences: [{ apiVersion: 'apps/v1', kind, name, uid: name, controller: true }] });
const NONE = { force: false, deleteEmptyDirData: false };
const scratch = [{ name: 'cache', emptyDir: {} }, { name: 'token', secret: { secretName: 't' } }];

describe('drainPlan', () => {
  it('skips DaemonSet-managed and mirror pods, as kubectl drain --ignore-daemonsets does, and evicts what a controller recreates', () => {
    const web = pod('web-1', owned('ReplicaSet', 'web-x'));
    const ds = pod('agent-1', owned('DaemonSet', 'agent'));
    const mirror = pod('etcd-node-a', { annotations: { 'kubernetes.io/config.mirror': 'abc' } });
    const plan = drainPlan([web, ds, mirror], NONE);
    expect(plan.evict).toEqual([{ pod: web }]);
    expect(plan.refused).toEqual([]);
    expect(plan.skipped.map((s) => [s.pod.metadata.name, s.reason])).toEqual([
      ['agent-1', 'DaemonSet-managed (agent): the DaemonSet would recreate it on this node'],
      ['etcd-node-a', 'mirror pod (static, managed by the kubelet; the API cannot delete it)'],
    ]);
  });

  it('refuses a pod that declares no controller unless forced, and then says what force does', () => {
    const bare = pod('bare');
    // An owner that is not the controller recreates nothing either.
    const ownedOnly = pod('owned-only', { ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'c', uid: 'c' }] });
    expect(drainPlan([bare, ownedOnly], NONE).refused.map((r) => [r.pod.metadata.name, r.reason, r.override])).toEqual([
      ['bare', 'declares no controller: nothing would recreate it', 'force'],
      ['owned-only', 'declares no controller: nothing would recreate it', 'force'],
    ]);
    const forced = drainPlan([bare], { force: true, deleteEmptyDirData: false });
    expect(forced.refused).toEqual([]);
    expect(forced.evict).toEqual([{ pod: bare, warning: 'declares no controller: nothing recreates it' }]);
  });

  it('refuses a pod with emptyDir data unless told to delete it, checked before the controller as kubectl does', () => {
    const cached = pod('cached', owned('ReplicaSet', 'web-x'), { volumes: scratch });
    const bareCached = pod('bare-cached', {}, { volumes: scratch });
    const plan = drainPlan([cached, bareCached], { force: true, deleteEmptyDirData: false });
    expect(plan.refused.map((r) => [r.pod.metadata.name, r.reason, r.override])).toEqual([
      ['cached', 'local storage (emptyDir volume cache): its data is lost with the pod', 'deleteEmptyDirData'],
      ['bare-cached', 'local storage (emptyDir volume cache): its data is lost with the pod', 'deleteEmptyDirData'],
    ]);
    const told = drainPlan([cached, bareCached], { force: true, deleteEmptyDirData: true });
    expect(told.evict.map((e) => [e.pod.metadata.name, e.warning])).toEqual([
      ['cached', 'deletes the data of emptyDir volume cache'],
      ['bare-cached', 'deletes the data of emptyDir volume cache; declares no controller: nothing recreates it'],
    ]);
  });

  it('removes finished pods whatever owns them or whatever they store, but never a mirror pod', () => {
    const done = pod('done', {}, { volumes: scratch, phase: 'Succeeded' });
    const failed = pod('failed', owned('DaemonSet', 'agent'), { phase: 'Failed' });
    const mirror = pod('static', { annotations: { 'kubernetes.io/config.mirror': 'x' } }, { phase: 'Failed' });
    const plan = drainPlan([done, failed, mirror], NONE);
    expect(plan.evict.map((e) => e.pod.metadata.name)).toEqual(['done', 'failed']);
    expect(plan.skipped.map((s) => s.pod.metadata.name)).toEqual(['static']);
  });
});

describe('Eviction request', () => {
  it('takes its group-version from discovery of pods/eviction', () => {
    expect(evictionGroupVersion([{ name: 'eviction', group: 'policy', version: 'v1' }])).toBe('policy/v1');
    expect(evictionGroupVersion([{ name: 'eviction', group: 'policy', version: 'v1beta1' }])).toBe('policy/v1beta1');
    expect(evictionGroupVersion(undefined)).toBe('policy/v1beta1');
  });

  it('posts an Eviction named like the pod; the dry run carries deleteOptions.dryRun All', () => {
    expect(evictionPath(pod('web-1'))).toBe('/api/v1/namespaces/demo/pods/web-1/eviction');
    expect(evictionBody(pod('web-1'), 'policy/v1beta1', true)).toEqual({ apiVersion: 'policy/v1beta1', kind: 'Eviction', metadata: { name: 'web-1', namespace: 'demo' }, deleteOptions: { dryRun: ['All'] } });
    expect(evictionBody(pod('web-1'), 'policy/v1', false)).toEqual({ apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'web-1', namespace: 'demo' } });
  });
});

function fakeClock() {
  let t = 0;
  return { now: () => t, sleep: async (ms: number) => void (t += ms) };
}

const PDB = 'Cannot evict pod as it would violate the pod\'s disruption budget.';

describe('evictWithRetry', () => {
  it('shows each 429 and retries every 5 s until the eviction goes through', async () => {
    const answers: EvictionAttempt[] = [{ outcome: 'blocked', message: PDB }, { outcome: 'blocked', message: PDB }, { outcome: 'evicted' }];
    const seen: PodProgress[] = [];
    const clock = fakeClock();
    const result = await evictWithRetry(async () => answers.shift() ?? { outcome: 'failed', error: 'extra call' }, 60_000, clock, (p) => seen.push(p));
    expect(result).toEqual({ state: 'evicted' });
    expect(seen).toEqual([
      { state: 'evicting', attempt: 1 },
      { state: 'waiting', attempt: 1, message: PDB },
      { state: 'evicting', attempt: 2 },
      { state: 'waiting', attempt: 2, message: PDB },
      { state: 'evicting', attempt: 3 },
      { state: 'evicted' },
    ]);
    expect(clock.now()).toBe(2 * RETRY_MS);
  });

  it('gives up at the timeout with the last refusal, never silently', async () => {
    const seen: PodProgress[] = [];
    const result = await evictWithRetry(async () => ({ outcome: 'blocked', message: PDB }), 12_000, fakeClock(), (p) => seen.push(p));
    expect(result).toEqual({ state: 'timed-out', message: PDB });
    expect(seen.filter((p) => p.state === 'evicting')).toHaveLength(3);
    expect(seen.at(-1)).toEqual(result);
  });

  it('stops at once on another error, and when stopped', async () => {
    expect(await evictWithRetry(async () => ({ outcome: 'failed', error: 'forbidden' }), 60_000, fakeClock(), () => undefined)).toEqual({ state: 'failed', error: 'forbidden' });
    const stop = new AbortController();
    stop.abort();
    expect(await evictWithRetry(async () => ({ outcome: 'blocked', message: PDB }), 60_000, fakeClock(), () => undefined, stop.signal)).toEqual({ state: 'timed-out', message: PDB });
  });
});
