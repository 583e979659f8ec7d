// The Job controller (runs with the activity loop, whose kubelet runs the pods): up to spec.parallelism pods from the
// template until spec.completions have succeeded (Complete), or more than spec.backoffLimit have failed (Failed), with
// status active/ready/succeeded/failed/startTime/completionTime and the conditions 1.37 writes.
import { registryTypes } from '../resources/index.js';
import { storageKey } from '../resources/registry.js';
import { rfc3339 } from '../resources/duration.js';
import type { JsonObject, KubeObject } from '../resources/types.js';
import { isPlainObject, jsonEqual } from '../resources/types.js';
import { createObject, deleteObject, updateObject } from '../rest/writes.js';
import type { WriteContext } from '../rest/writes.js';

const { jobs, pods } = registryTypes;
const JOBS = storageKey(jobs);
const PODS = storageKey(pods);
const MANAGER = { manager: 'kube-controller-manager', dryRun: false };

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});
const num = (v: unknown, d: number): number => (typeof v === 'number' ? v : d);

function conditionsOf(o: KubeObject): JsonObject[] {
  const c = obj(o.status).conditions;
  return Array.isArray(c) ? c.map(obj) : [];
}

/** A Job is finished once it has a Complete or Failed condition that is True. */
export function jobFinished(job: KubeObject): 'Complete' | 'Failed' | undefined {
  const done = conditionsOf(job).find((c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True');
  return done ? (done.type as 'Complete' | 'Failed') : undefined;
}

function isReady(pod: KubeObject): boolean {
  return conditionsOf(pod).some((c) => c.type === 'Ready' && c.status === 'True');
}

function condition(type: string, reason: string, message: string, at: string): JsonObject {
  return { type, status: 'True', lastProbeTime: at, lastTransitionTime: at, reason, message };
}

export function syncJob(ctx: WriteContext, job: KubeObject): void {
  if (job.metadata.deletionTimestamp || jobFinished(job)) return;
  const spec = obj(job.spec);
  const ns = job.metadata.namespace;
  const owned = [...ctx.store.collection(PODS).objects.values()].filter(
    (p) => p.metadata.namespace === ns && (p.metadata.ownerReferences ?? []).some((r) => r.uid === job.metadata.uid && r.controller === true),
  );
  const phase = (p: KubeObject): unknown => obj(p.status).phase;
  const succeeded = owned.filter((p) => phase(p) === 'Succeeded').length;
  const failed = owned.filter((p) => phase(p) === 'Failed').length;
  const active = owned.filter((p) => phase(p) !== 'Succeeded' && phase(p) !== 'Failed' && !p.metadata.deletionTimestamp);
  const parallelism = num(spec.parallelism, 1);
  const completions = typeof spec.completions === 'number' ? spec.completions : undefined;
  const now = rfc3339();
  const status: JsonObject = { ...obj(job.status) };
  const conditions = conditionsOf(job);
  let finished = false;
  if (failed > num(spec.backoffLimit, 6)) {
    const message = 'Job has reached the specified backoff limit';
    conditions.push(condition('FailureTarget', 'BackoffLimitExceeded', message, now), condition('Failed', 'BackoffLimitExceeded', message, now));
    finished = true;
  } else if (completions !== undefined ? succeeded >= completions : succeeded > 0 && active.length === 0) {
    const message = 'Reached expected number of succeeded pods';
    conditions.push(condition('SuccessCriteriaMet', 'CompletionsReached', message, now), condition('Complete', 'CompletionsReached', message, now));
    status.completionTime = now;
    finished = true;
  } else if (spec.suspend !== true) {
    const want = Math.max(0, Math.min(parallelism, completions !== undefined ? completions - succeeded : parallelism) - active.length);
    const template = obj(spec.template);
    const tmeta = obj(template.metadata);
    for (let i = 0; i < want; i++) {
      const body = {
        metadata: {
          generateName: `${job.metadata.name ?? 'job'}-`,
          ...(isPlainObject(tmeta.labels) ? { labels: tmeta.labels } : {}),
          ...(isPlainObject(tmeta.annotations) ? { annotations: tmeta.annotations } : {}),
          ownerReferences: [{ apiVersion: 'batch/v1', kind: 'Job', name: job.metadata.name, uid: job.metadata.uid, controller: true, blockOwnerDeletion: true }],
        },
        spec: obj(template.spec),
      };
      try {
        active.push(createObject(ctx, pods, ns, body, MANAGER));
      } catch {
        break; // quota: the next event retries
      }
    }
  }
  if (finished) {
    for (const pod of active) {
      try {
        deleteObject(ctx, pods, ns, pod.metadata.name ?? '', { dryRun: false });
      } catch {
        // Already gone.
      }
    }
  }
  const next: JsonObject = {
    ...(conditions.length > 0 ? { conditions } : {}),
    startTime: status.startTime ?? now,
    ...(status.completionTime !== undefined ? { completionTime: status.completionTime } : {}),
    ...(!finished && active.length > 0 ? { active: active.length } : {}),
    ...(succeeded > 0 ? { succeeded } : {}),
    ...(failed > 0 ? { failed } : {}),
    terminating: 0,
    uncountedTerminatedPods: {},
    ready: finished ? 0 : active.filter(isReady).length,
  };
  const latest = ctx.store.get(JOBS, ns, job.metadata.name ?? '');
  if (!latest || jsonEqual(next, latest.status)) return;
  try {
    updateObject(ctx, jobs, ns, latest.metadata.name ?? '', { ...latest, status: next }, { ...MANAGER, subresource: 'status' });
  } catch {
    // Raced with another write: its event brings the controller back.
  }
}
