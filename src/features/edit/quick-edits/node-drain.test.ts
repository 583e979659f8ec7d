import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../k8s/kube-object';
import { drainPlan, evictionBody, evictionGroupVersion, evictionPath, evictWithRetry, RETRY_MS, type EvictionAttempt, type PodProgress } from './node-drain';

function pod(name: string, extra: Partial<KubeObject['metadata']> = {}): KubeObject {
  return { kind: 'Pod', apiVersion: 'v1', metadata: { name, namespace: 'demo', ...extra }, spec: { nodeName: 'node-a' } };
}

describe('drainPlan', () => {
  it('skips DaemonSet-managed and mirror pods, as kubectl drain does, and evicts the rest', () => {
    const web = pod('web-1', { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-x', uid: 'r', controller: true }] });
    const ds = pod('agent-1', { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: 'd', controller: true }] });
    const mirror = pod('etcd-node-a', { annotations: { 'kubernetes.io/config.mirror': 'abc' } });
    const bare = pod('bare');
    const plan = drainPlan([web, ds, mirror, bare]);
    expect(plan.evict).toEqual([web, bare]);
    expect(plan.skipped.map((s) => [s.pod.metadata.name, s.reason])).toEqual([
      ['agent-1', 'DaemonSet-managed (agent)'],
      ['etcd-node-a', 'mirror pod (static, managed by the kubelet)'],
    ]);
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
