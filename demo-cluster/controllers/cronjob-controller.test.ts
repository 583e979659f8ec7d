// The CronJob controller against an in-memory store, with the clock given: Jobs per scheduled minute, the
// concurrency policies, suspend, status and history limits.
import { describe, expect, it } from 'vitest';
import { Store } from '../store/store.js';
import { defaultRegistry, registryTypes } from '../resources/index.js';
import { storageKey } from '../resources/registry.js';
import type { KubeObject } from '../resources/types.js';
import { makeNamespace } from '../seed/seed-objects.js';
import { createObject, updateObject } from '../rest/writes.js';
import type { WriteContext } from '../rest/writes.js';
import { syncCronJob } from './cronjob-controller.js';
import { mostRecentRun, nextRun, parseCron } from './cron-schedule.js';

const { cronjobs, jobs } = registryTypes;
const MANAGER = { manager: 'test', dryRun: false };

function context(): WriteContext {
  const store = new Store({ historyCapacity: 100 });
  store.seed(storageKey(registryTypes.namespaces), makeNamespace('ns', Date.now()));
  return { store, registry: defaultRegistry(), scheduler: { defer: () => undefined }, podTerminationMs: 0, namespaceTerminationMs: 0 };
}

function cronJob(ctx: WriteContext, spec: Record<string, unknown>): KubeObject {
  return createObject(ctx, cronjobs, 'ns', {
    metadata: { name: 'cj' },
    spec: { schedule: '*/1 * * * *', jobTemplate: { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'c', image: 'busybox', command: ['sleep', '300'] }] } } } }, ...spec },
  }, MANAGER);
}

const latest = (ctx: WriteContext): KubeObject => ctx.store.get(storageKey(cronjobs), 'ns', 'cj') as KubeObject;
const jobNames = (ctx: WriteContext): string[] => [...ctx.store.collection(storageKey(jobs)).objects.values()].map((j) => j.metadata.name ?? '').sort();
const minute = (ms: number): number => Math.floor(ms / 60_000);

function finish(ctx: WriteContext, name: string, type: 'Complete' | 'Failed', at: number): void {
  const job = ctx.store.get(storageKey(jobs), 'ns', name) as KubeObject;
  const t = new Date(at).toISOString().replace(/\.\d+Z$/, 'Z');
  const status = { conditions: [{ type, status: 'True', lastProbeTime: t, lastTransitionTime: t }], startTime: t, ...(type === 'Complete' ? { completionTime: t, succeeded: 1 } : { failed: 1 }) };
  updateObject(ctx, jobs, 'ns', name, { ...job, status }, { ...MANAGER, subresource: 'status' });
}

describe('cron schedules', () => {
  it('finds the next and the latest scheduled minutes', () => {
    const at = Date.UTC(2026, 0, 1, 10, 7, 30);
    expect(nextRun(parseCron('*/5 * * * *'), at)).toBe(Date.UTC(2026, 0, 1, 10, 10));
    expect(nextRun(parseCron('@hourly'), at)).toBe(Date.UTC(2026, 0, 1, 11, 0));
    expect(nextRun(parseCron('30 2 * * mon'), at)).toBe(Date.UTC(2026, 0, 5, 2, 30));
    expect(mostRecentRun(parseCron('*/1 * * * *'), at - 180_000, at)).toBe(Date.UTC(2026, 0, 1, 10, 7));
    expect(() => parseCron('* * *')).toThrow(/expected exactly 5 fields/);
  });
});

describe('CronJob controller', () => {
  it('creates one Job per scheduled minute, named by the minute, listed in status.active', () => {
    const ctx = context();
    const cj = cronJob(ctx, {});
    const created = Date.parse(String(cj.metadata.creationTimestamp));
    const due = (Math.floor(created / 60_000) + 1) * 60_000;
    syncCronJob(ctx, latest(ctx), due + 1000);
    expect(jobNames(ctx)).toEqual([`cj-${minute(due)}`]);
    const job = ctx.store.get(storageKey(jobs), 'ns', `cj-${minute(due)}`) as KubeObject;
    expect(job.metadata.ownerReferences).toEqual([{ apiVersion: 'batch/v1', kind: 'CronJob', name: 'cj', uid: cj.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    expect(job.metadata.annotations?.['batch.kubernetes.io/cronjob-scheduled-timestamp']).toBe(new Date(due).toISOString().replace(/\.\d+Z$/, 'Z'));
    const status = latest(ctx).status as Record<string, unknown>;
    expect(status.active).toEqual([{ kind: 'Job', namespace: 'ns', name: `cj-${minute(due)}`, uid: job.metadata.uid, apiVersion: 'batch/v1', resourceVersion: job.metadata.resourceVersion }]);
    expect(status.lastScheduleTime).toBe(new Date(due).toISOString().replace(/\.\d+Z$/, 'Z'));
    // The same minute again creates nothing more.
    syncCronJob(ctx, latest(ctx), due + 2000);
    expect(jobNames(ctx)).toHaveLength(1);
  });

  it('Forbid skips while a Job runs, Replace deletes it, Allow runs them side by side', () => {
    for (const [policy, expected] of [['Forbid', 1], ['Replace', 1], ['Allow', 2]] as const) {
      const ctx = context();
      const cj = cronJob(ctx, { concurrencyPolicy: policy });
      const first = (Math.floor(Date.parse(String(cj.metadata.creationTimestamp)) / 60_000) + 1) * 60_000;
      syncCronJob(ctx, latest(ctx), first + 1000);
      syncCronJob(ctx, latest(ctx), first + 61_000);
      const live = [...ctx.store.collection(storageKey(jobs)).objects.values()].filter((j) => !j.metadata.deletionTimestamp);
      expect(live, policy).toHaveLength(expected);
      if (policy === 'Replace') expect(live[0]?.metadata.name).toBe(`cj-${minute(first) + 1}`);
    }
  });

  it('suspend stops scheduling; finished Jobs leave status.active and beyond the history limits go', () => {
    const ctx = context();
    const cj = cronJob(ctx, { successfulJobsHistoryLimit: 1, failedJobsHistoryLimit: 0 });
    const first = (Math.floor(Date.parse(String(cj.metadata.creationTimestamp)) / 60_000) + 1) * 60_000;
    for (let i = 0; i < 3; i++) {
      syncCronJob(ctx, latest(ctx), first + i * 60_000 + 1000);
      finish(ctx, `cj-${minute(first) + i}`, i === 2 ? 'Failed' : 'Complete', first + i * 60_000 + 2000);
    }
    syncCronJob(ctx, latest(ctx), first + 2 * 60_000 + 3000);
    const left = [...ctx.store.collection(storageKey(jobs)).objects.values()].filter((j) => !j.metadata.deletionTimestamp).map((j) => j.metadata.name);
    expect(left).toEqual([`cj-${minute(first) + 1}`]);
    const status = latest(ctx).status as Record<string, unknown>;
    expect(status.active).toBeUndefined();
    expect(status.lastSuccessfulTime).toBe(new Date(first + 60_000 + 2000).toISOString().replace(/\.\d+Z$/, 'Z'));
    const suspended = updateObject(ctx, cronjobs, 'ns', 'cj', { ...latest(ctx), spec: { ...(latest(ctx).spec as object), suspend: true } }, MANAGER).object;
    syncCronJob(ctx, suspended, first + 10 * 60_000);
    expect(jobNames(ctx).filter((n) => n.endsWith(String(minute(first) + 10)))).toEqual([]);
  });
});
