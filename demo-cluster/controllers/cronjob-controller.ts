// The CronJob controller (runs with the activity loop): at each scheduled minute a Job `<name>-<unix minutes>` from
// spec.jobTemplate, unless suspended, past startingDeadlineSeconds, or (concurrencyPolicy Forbid) one still runs;
// Replace deletes the running ones first. status.active lists the running Jobs, lastScheduleTime and
// lastSuccessfulTime follow them, and finished Jobs beyond successfulJobsHistoryLimit/failedJobsHistoryLimit go.
import { registryTypes } from '../resources/index.js';
import { storageKey } from '../resources/registry.js';
import { rfc3339 } from '../resources/duration.js';
import type { JsonObject, KubeObject } from '../resources/types.js';
import { isPlainObject, jsonEqual } from '../resources/types.js';
import { createObject, deleteObject, updateObject } from '../rest/writes.js';
import type { WriteContext } from '../rest/writes.js';
import { mostRecentRun, nextRun, parseCron } from './cron-schedule.js';
import type { CronSchedule } from './cron-schedule.js';
import { jobFinished } from './job-controller.js';

const { cronjobs, jobs } = registryTypes;
const CRONJOBS = storageKey(cronjobs);
const JOBS = storageKey(jobs);
const MANAGER = { manager: 'kube-controller-manager', dryRun: false };
const SCHEDULED_ANNOTATION = 'batch.kubernetes.io/cronjob-scheduled-timestamp';

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});
const timeOf = (v: unknown): number | undefined => (typeof v === 'string' && v !== '' ? Date.parse(v) : undefined);

function ownedJobs(ctx: WriteContext, cj: KubeObject): KubeObject[] {
  return [...ctx.store.collection(JOBS).objects.values()].filter(
    (j) => j.metadata.namespace === cj.metadata.namespace && (j.metadata.ownerReferences ?? []).some((r) => r.uid === cj.metadata.uid && r.controller === true),
  );
}

function remove(ctx: WriteContext, job: KubeObject): void {
  try {
    deleteObject(ctx, jobs, job.metadata.namespace, job.metadata.name ?? '', { dryRun: false, propagationPolicy: 'Background' });
  } catch {
    // Already gone.
  }
}

function reference(job: KubeObject): JsonObject {
  return { kind: 'Job', namespace: job.metadata.namespace, name: job.metadata.name, uid: job.metadata.uid, apiVersion: 'batch/v1', resourceVersion: job.metadata.resourceVersion };
}

/** Deletes the oldest finished Jobs of one outcome beyond the limit. */
function trimHistory(ctx: WriteContext, finished: KubeObject[], limit: unknown): void {
  if (typeof limit !== 'number') return;
  const started = (j: KubeObject): number => timeOf(obj(j.status).startTime) ?? timeOf(j.metadata.creationTimestamp) ?? 0;
  const sorted = [...finished].sort((a, b) => started(a) - started(b) || ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1));
  for (const job of sorted.slice(0, Math.max(0, sorted.length - limit))) remove(ctx, job);
}

/** Syncs one CronJob; returns when it next needs a look (ms since the epoch), if ever. */
export function syncCronJob(ctx: WriteContext, cj: KubeObject, nowMs: number): number | undefined {
  if (cj.metadata.deletionTimestamp) return undefined;
  const spec = obj(cj.spec);
  let schedule: CronSchedule;
  try {
    schedule = parseCron(String(spec.schedule ?? ''));
  } catch {
    return undefined;
  }
  const status = obj(cj.status);
  const all = ownedJobs(ctx, cj);
  let running = all.filter((j) => !jobFinished(j) && !j.metadata.deletionTimestamp);
  const succeeded = all.filter((j) => jobFinished(j) === 'Complete');
  const lastSuccess = succeeded.map((j) => timeOf(obj(j.status).completionTime) ?? 0).reduce((a, b) => Math.max(a, b), timeOf(status.lastSuccessfulTime) ?? 0);
  let lastSchedule = timeOf(status.lastScheduleTime);

  const since = lastSchedule ?? timeOf(cj.metadata.creationTimestamp) ?? nowMs;
  const due = spec.suspend === true ? undefined : mostRecentRun(schedule, since, nowMs);
  const deadline = typeof spec.startingDeadlineSeconds === 'number' ? spec.startingDeadlineSeconds * 1000 : undefined;
  if (due !== undefined && (deadline === undefined || due >= nowMs - deadline)) {
    const name = `${cj.metadata.name ?? 'cronjob'}-${Math.floor(due / 60_000)}`;
    const exists = all.some((j) => j.metadata.name === name);
    const policy = spec.concurrencyPolicy ?? 'Allow';
    if (!exists && !(policy === 'Forbid' && running.length > 0)) {
      if (policy === 'Replace') {
        for (const job of running) remove(ctx, job);
        running = [];
      }
      const template = obj(spec.jobTemplate);
      const tmeta = obj(template.metadata);
      try {
        const job = createObject(
          ctx,
          jobs,
          cj.metadata.namespace,
          {
            metadata: {
              name,
              ...(isPlainObject(tmeta.labels) ? { labels: tmeta.labels } : {}),
              annotations: { ...obj(tmeta.annotations), [SCHEDULED_ANNOTATION]: rfc3339(due) },
              ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: cj.metadata.name, uid: cj.metadata.uid, controller: true, blockOwnerDeletion: true }],
            },
            spec: structuredClone(obj(template.spec)),
          },
          MANAGER,
        );
        running.push(job);
        lastSchedule = due;
      } catch {
        // Quota or a name taken: the next look retries.
      }
    } else if (exists) {
      lastSchedule = Math.max(lastSchedule ?? 0, due);
    }
  }
  trimHistory(ctx, succeeded, spec.successfulJobsHistoryLimit);
  trimHistory(ctx, all.filter((j) => jobFinished(j) === 'Failed'), spec.failedJobsHistoryLimit);

  const next: JsonObject = {
    ...(running.length > 0 ? { active: running.map(reference) } : {}),
    ...(lastSchedule !== undefined ? { lastScheduleTime: rfc3339(lastSchedule) } : {}),
    ...(lastSuccess > 0 ? { lastSuccessfulTime: rfc3339(lastSuccess) } : {}),
  };
  const latest = ctx.store.get(CRONJOBS, cj.metadata.namespace, cj.metadata.name ?? '');
  if (latest && !jsonEqual(next, latest.status)) {
    try {
      updateObject(ctx, cronjobs, latest.metadata.namespace, latest.metadata.name ?? '', { ...latest, status: next }, { ...MANAGER, subresource: 'status' });
    } catch {
      // Raced with another write: its event brings the controller back.
    }
  }
  return spec.suspend === true ? undefined : nextRun(schedule, nowMs);
}

/** Starts the controller; returns a function that stops it. */
export function startCronJobController(ctx: WriteContext): () => void {
  const pending = new Map<string, { ns: string | undefined; name: string }>();
  /** The minute each CronJob's timer is set for: one timer per CronJob and minute. */
  const timers = new Map<string, number>();
  let scheduled = false;
  let stopped = false;
  const sync = (ns: string | undefined, name: string): void => {
    const key = `${ns ?? ''}/${name}`;
    const cj = ctx.store.get(CRONJOBS, ns, name);
    if (!cj) {
      timers.delete(key);
      return;
    }
    const at = syncCronJob(ctx, cj, Date.now());
    if (at === undefined || timers.get(key) === at) return;
    timers.set(key, at);
    ctx.scheduler.defer(() => {
      if (timers.get(key) !== at) return;
      timers.delete(key);
      enqueue(ns, name);
    }, Math.max(0, at - Date.now()) + 50);
  };
  const enqueue = (ns: string | undefined, name: string): void => {
    if (stopped) return;
    pending.set(`${ns ?? ''}/${name}`, { ns, name });
    if (scheduled) return;
    scheduled = true;
    ctx.scheduler.defer(() => {
      scheduled = false;
      if (stopped) return;
      const work = [...pending.values()];
      pending.clear();
      for (const { ns, name } of work) sync(ns, name);
    }, 20);
  };
  const unsubscribe = [
    ctx.store.subscribe(CRONJOBS, (e) => {
      // Only spec changes (and new CronJobs) need a look; the controller's own status writes do not.
      if (e.type === 'ADDED' || (e.type === 'MODIFIED' && !jsonEqual(e.prev?.spec, e.object.spec))) enqueue(e.object.metadata.namespace, e.object.metadata.name ?? '');
    }),
    ctx.store.subscribe(JOBS, (e) => {
      const owner = (e.object.metadata.ownerReferences ?? []).find((r) => r.kind === 'CronJob' && r.controller === true);
      if (typeof owner?.name === 'string') enqueue(e.object.metadata.namespace, owner.name);
    }),
  ];
  for (const cj of ctx.store.collection(CRONJOBS).objects.values()) enqueue(cj.metadata.namespace, cj.metadata.name ?? '');
  return () => {
    stopped = true;
    for (const u of unsubscribe) u();
  };
}
