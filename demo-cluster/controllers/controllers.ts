// Minimal kube-controller-manager: Deployment -> ReplicaSet -> Pods reconciliation with status
// roll-up, Jobs and CronJobs. Runs with the activity loop; garbage collection (gc.ts), quota and
// ReplicationControllers are always on.
import { createHash } from 'node:crypto';
import { registryTypes } from '../resources/index.js';
import { storageKey } from '../resources/registry.js';
import type { StoreEvent } from '../store/store.js';
import type { JsonObject, KubeObject } from '../resources/types.js';
import { isPlainObject, jsonEqual } from '../resources/types.js';
import { randomSuffix } from '../resources/meta.js';
import { createObject, deleteObject, updateObject } from '../rest/writes.js';
import type { WriteContext } from '../rest/writes.js';
import { syncJob } from './job-controller.js';
import { startCronJobController } from './cronjob-controller.js';

const { deployments, replicasets, pods, jobs } = registryTypes;
const DEPLOY = storageKey(deployments);
const RS = storageKey(replicasets);
const PODS = storageKey(pods);
const JOBS = storageKey(jobs);
const MANAGER = { manager: 'kube-controller-manager', dryRun: false };

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});

/** JSON with sorted keys, so field order does not change the hash. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isPlainObject(value)) {
    const keys = Object.keys(value).filter((k) => value[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A pod-template-hash from the template (alphanumerics without vowels, like the controller's). */
export function templateHash(template: unknown): string {
  const digest = createHash('sha256').update(canonicalJson(template)).digest();
  const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
  let out = '';
  for (let i = 0; i < 10; i++) out += alphabet.charAt((digest[i] ?? 0) % alphabet.length);
  return out;
}

const REVISION = 'deployment.kubernetes.io/revision';

function revisionOf(rs: KubeObject): number {
  const n = Number(rs.metadata.annotations?.[REVISION] ?? 0);
  return Number.isFinite(n) ? n : 0;
}

function ownedBy(o: KubeObject, uid: string | undefined): boolean {
  return (o.metadata.ownerReferences ?? []).some((r) => r.uid === uid && r.controller === true);
}

function owned(ctx: WriteContext, key: string, namespace: string | undefined, uid: string | undefined): KubeObject[] {
  return [...ctx.store.collection(key).objects.values()].filter((o) => o.metadata.namespace === namespace && ownedBy(o, uid));
}

function isReady(pod: KubeObject): boolean {
  const conditions = Array.isArray(obj(pod.status).conditions) ? (obj(pod.status).conditions as unknown[]) : [];
  return conditions.some((c) => obj(c).type === 'Ready' && obj(c).status === 'True');
}

function setStatus(ctx: WriteContext, t: typeof deployments, current: KubeObject, status: JsonObject): void {
  const next: JsonObject = { ...obj(current.status), ...status };
  for (const [k, v] of Object.entries(next)) if (v === undefined) delete next[k];
  if (jsonEqual(next, current.status)) return;
  try {
    updateObject(ctx, t, current.metadata.namespace, current.metadata.name ?? '', { ...current, status: next }, { ...MANAGER, subresource: 'status' });
  } catch {
    // Raced with another write: the next event reconciles again.
  }
}

function ownerRef(o: KubeObject, kind: string): JsonObject {
  return { apiVersion: 'apps/v1', kind, name: o.metadata.name, uid: o.metadata.uid, controller: true, blockOwnerDeletion: true };
}

function syncReplicaSet(ctx: WriteContext, rs: KubeObject): void {
  if (rs.metadata.deletionTimestamp) return;
  const spec = obj(rs.spec);
  const want = typeof spec.replicas === 'number' ? spec.replicas : 1;
  const live = owned(ctx, PODS, rs.metadata.namespace, rs.metadata.uid).filter((p) => !p.metadata.deletionTimestamp);
  const template = obj(spec.template);
  for (let i = live.length; i < want; i++) {
    const podSpec = obj(template.spec);
    const body = {
      metadata: { name: `${rs.metadata.name ?? 'rs'}-${randomSuffix()}`, labels: obj(obj(template.metadata).labels), ownerReferences: [ownerRef(rs, 'ReplicaSet')] },
      spec: podSpec,
    };
    try {
      live.push(createObject(ctx, pods, rs.metadata.namespace, body, MANAGER));
    } catch {
      break;
    }
  }
  for (const extra of live.slice(want).reverse()) {
    try {
      deleteObject(ctx, pods, extra.metadata.namespace, extra.metadata.name ?? '', { dryRun: false });
    } catch {
      // Already gone.
    }
  }
  const current = live.slice(0, want);
  const ready = current.filter(isReady).length;
  const latest = ctx.store.get(RS, rs.metadata.namespace, rs.metadata.name ?? '');
  if (latest) {
    setStatus(ctx, replicasets, latest, {
      replicas: current.length,
      fullyLabeledReplicas: current.length,
      readyReplicas: ready,
      availableReplicas: ready,
      observedGeneration: latest.metadata.generation ?? 1,
    });
  }
}

function syncDeployment(ctx: WriteContext, d: KubeObject): void {
  if (d.metadata.deletionTimestamp) return;
  const spec = obj(d.spec);
  const want = typeof spec.replicas === 'number' ? spec.replicas : 1;
  const template = obj(spec.template);
  const hash = templateHash(template);
  const sets = owned(ctx, RS, d.metadata.namespace, d.metadata.uid);
  let current = sets.find((rs) => rs.metadata.labels?.['pod-template-hash'] === hash);
  const withHash = (labels: unknown): JsonObject => ({ ...obj(labels), 'pod-template-hash': hash });
  // A paused Deployment starts no new rollout; revisions grow like the deployment controller's (max + 1).
  if (!current && spec.paused === true) return;
  const next = String(Math.max(0, ...sets.map(revisionOf)) + 1);
  if (!current) {
    const tmeta = obj(template.metadata);
    try {
      current = createObject(
        ctx,
        replicasets,
        d.metadata.namespace,
        {
          metadata: { name: `${d.metadata.name ?? 'deploy'}-${hash}`, labels: withHash(tmeta.labels), annotations: { [REVISION]: next }, ownerReferences: [ownerRef(d, 'Deployment')] },
          spec: {
            replicas: want,
            selector: { ...obj(spec.selector), matchLabels: withHash(obj(spec.selector).matchLabels) },
            template: { ...template, metadata: { ...tmeta, labels: withHash(tmeta.labels) } },
          },
        },
        MANAGER,
      );
    } catch {
      return;
    }
  } else if (revisionOf(current) < Math.max(...sets.map(revisionOf))) {
    // Rolled back to an older template: its ReplicaSet becomes the newest revision.
    try {
      const annotations = { ...current.metadata.annotations, [REVISION]: next };
      current = updateObject(ctx, replicasets, d.metadata.namespace, current.metadata.name ?? '', { ...current, metadata: { ...current.metadata, annotations }, spec: { ...obj(current.spec), replicas: want } }, MANAGER).object;
    } catch {
      return;
    }
  } else if (obj(current.spec).replicas !== want) {
    try {
      current = updateObject(ctx, replicasets, d.metadata.namespace, current.metadata.name ?? '', { ...current, spec: { ...obj(current.spec), replicas: want } }, MANAGER).object;
    } catch {
      return;
    }
  }
  // Old ReplicaSets are scaled down at once (a Recreate-like rollout keeps this simple).
  for (const old of sets) {
    if (old.metadata.uid === current.metadata.uid || obj(old.spec).replicas === 0) continue;
    try {
      updateObject(ctx, replicasets, old.metadata.namespace, old.metadata.name ?? '', { ...old, spec: { ...obj(old.spec), replicas: 0 } }, MANAGER);
    } catch {
      // Retried on the next event.
    }
  }
  const revision = current.metadata.annotations?.[REVISION];
  const fresh = ctx.store.get(DEPLOY, d.metadata.namespace, d.metadata.name ?? '');
  if (fresh && revision !== undefined && fresh.metadata.annotations?.[REVISION] !== revision) {
    try {
      updateObject(ctx, deployments, d.metadata.namespace, d.metadata.name ?? '', { ...fresh, metadata: { ...fresh.metadata, annotations: { ...fresh.metadata.annotations, [REVISION]: revision } } }, MANAGER);
    } catch {
      // Retried on the next event.
    }
  }
  const all = owned(ctx, RS, d.metadata.namespace, d.metadata.uid);
  const sum = (f: string): number => all.reduce((n, rs) => n + (typeof obj(rs.status)[f] === 'number' ? (obj(rs.status)[f] as number) : 0), 0);
  const updated = typeof obj(current.status).replicas === 'number' ? (obj(current.status).replicas as number) : 0;
  const latest = ctx.store.get(DEPLOY, d.metadata.namespace, d.metadata.name ?? '');
  if (latest) {
    const ready = sum('readyReplicas');
    setStatus(ctx, deployments, latest, {
      observedGeneration: latest.metadata.generation ?? 1,
      replicas: sum('replicas'),
      updatedReplicas: updated,
      readyReplicas: ready,
      availableReplicas: ready,
      ...(sum('replicas') - ready > 0 ? { unavailableReplicas: sum('replicas') - ready } : { unavailableReplicas: undefined }),
    });
  }
}

/** Starts the controllers; returns a function that stops them. */
export function startControllers(ctx: WriteContext): () => void {
  const queue = new Map<string, () => void>();
  let scheduled = false;
  const enqueue = (id: string, fn: () => void): void => {
    queue.set(id, fn);
    if (scheduled) return;
    scheduled = true;
    ctx.scheduler.defer(() => {
      scheduled = false;
      const work = [...queue.values()];
      queue.clear();
      for (const w of work) w();
    }, 50);
  };
  const syncDeploymentNamed = (ns: string | undefined, name: string): void => {
    const d = ctx.store.get(DEPLOY, ns, name);
    if (d) syncDeployment(ctx, d);
  };
  const syncReplicaSetNamed = (ns: string | undefined, name: string): void => {
    const rs = ctx.store.get(RS, ns, name);
    if (rs) syncReplicaSet(ctx, rs);
  };
  const ownerOf = (o: KubeObject, kind: string): string | undefined => {
    const ref = (o.metadata.ownerReferences ?? []).find((r) => r.kind === kind && r.controller === true);
    return typeof ref?.name === 'string' ? ref.name : undefined;
  };
  const onDeployment = (e: StoreEvent): void => {
    const { namespace, name = '' } = e.object.metadata;
    if (e.type !== 'DELETED') enqueue(`d/${namespace ?? ''}/${name}`, () => syncDeploymentNamed(namespace, name));
  };
  const onReplicaSet = (e: StoreEvent): void => {
    const { namespace, name = '' } = e.object.metadata;
    if (e.type !== 'DELETED') enqueue(`rs/${namespace ?? ''}/${name}`, () => syncReplicaSetNamed(namespace, name));
    const owner = ownerOf(e.object, 'Deployment');
    if (owner) enqueue(`d/${namespace ?? ''}/${owner}`, () => syncDeploymentNamed(namespace, owner));
  };
  const onPod = (e: StoreEvent): void => {
    const owner = ownerOf(e.object, 'ReplicaSet');
    const namespace = e.object.metadata.namespace;
    if (owner) enqueue(`rs/${namespace ?? ''}/${owner}`, () => syncReplicaSetNamed(namespace, owner));
  };
  const syncJobNamed = (ns: string | undefined, name: string): void => {
    const job = ctx.store.get(JOBS, ns, name);
    if (job) syncJob(ctx, job);
  };
  const onJob = (e: StoreEvent): void => {
    const { namespace, name = '' } = e.object.metadata;
    if (e.type !== 'DELETED') enqueue(`job/${namespace ?? ''}/${name}`, () => syncJobNamed(namespace, name));
  };
  const onJobPod = (e: StoreEvent): void => {
    const owner = ownerOf(e.object, 'Job');
    const namespace = e.object.metadata.namespace;
    if (owner) enqueue(`job/${namespace ?? ''}/${owner}`, () => syncJobNamed(namespace, owner));
  };
  const unsubscribe = [
    ctx.store.subscribe(DEPLOY, onDeployment),
    ctx.store.subscribe(RS, onReplicaSet),
    ctx.store.subscribe(PODS, onPod),
    ctx.store.subscribe(JOBS, onJob),
    ctx.store.subscribe(PODS, onJobPod),
    startCronJobController(ctx),
  ];
  return () => {
    for (const u of unsubscribe) u();
  };
}
