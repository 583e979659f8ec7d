// The ReplicationController manager (kube-controller-manager's replication controller, always on): keeps
// spec.replicas pods matching the selector, adopts matching orphans and releases pods that stop matching
// (controller ownerReferences), and writes status.replicas/fullyLabeledReplicas/readyReplicas/availableReplicas/
// observedGeneration. Pods go Running only where the simulated kubelet runs (the activity loop).
import { registryTypes } from '../resources/index.js';
import { storageKey } from '../resources/registry.js';
import type { StoreEvent } from '../store/store.js';
import type { JsonObject, KubeObject } from '../resources/types.js';
import { isPlainObject, jsonEqual } from '../resources/types.js';
import { rfc3339 } from '../resources/duration.js';
import { createObject, deleteObject, updateObject } from '../rest/writes.js';
import type { WriteContext } from '../rest/writes.js';

const { replicationcontrollers, pods } = registryTypes;
const RC = storageKey(replicationcontrollers);
const PODS = storageKey(pods);
const MANAGER = { manager: 'kube-controller-manager', dryRun: false };
const DELAY_MS = 10;

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});

function selects(selector: Record<string, unknown>, labels: Record<string, string> | undefined): boolean {
  const entries = Object.entries(selector);
  return entries.length > 0 && entries.every(([k, v]) => labels?.[k] === v);
}

function controllerRef(o: KubeObject): JsonObject | undefined {
  return (o.metadata.ownerReferences ?? []).find((r) => r.controller === true);
}

function isReady(pod: KubeObject): boolean {
  const conditions = Array.isArray(obj(pod.status).conditions) ? (obj(pod.status).conditions as unknown[]) : [];
  return conditions.some((c) => obj(c).type === 'Ready' && obj(c).status === 'True');
}

/** Pods to delete first when scaling down: unscheduled, then pending, then not ready, then the newest. */
function deletionRank(pod: KubeObject): number[] {
  const spec = obj(pod.spec);
  const phase = obj(pod.status).phase;
  const created = Date.parse(String(pod.metadata.creationTimestamp ?? '')) || 0;
  return [spec.nodeName ? 1 : 0, phase === 'Pending' ? 0 : 1, isReady(pod) ? 1 : 0, -created];
}

function byRank(a: KubeObject, b: KubeObject): number {
  const ra = deletionRank(a);
  const rb = deletionRank(b);
  for (let i = 0; i < ra.length; i++) if ((ra[i] ?? 0) !== (rb[i] ?? 0)) return (ra[i] ?? 0) - (rb[i] ?? 0);
  return 0;
}

function ownerRef(rc: KubeObject): JsonObject {
  return { apiVersion: 'v1', kind: 'ReplicationController', name: rc.metadata.name, uid: rc.metadata.uid, controller: true, blockOwnerDeletion: true };
}

function writePod(ctx: WriteContext, pod: KubeObject, ownerReferences: JsonObject[]): KubeObject | undefined {
  const { ownerReferences: _old, ...meta } = pod.metadata;
  try {
    return updateObject(ctx, pods, pod.metadata.namespace, pod.metadata.name ?? '', { ...pod, metadata: ownerReferences.length > 0 ? { ...meta, ownerReferences } : meta }, MANAGER).object;
  } catch {
    return undefined;
  }
}

function syncReplicationController(ctx: WriteContext, rc: KubeObject): void {
  if (rc.metadata.deletionTimestamp) return;
  const spec = obj(rc.spec);
  const selector = obj(spec.selector);
  const want = typeof spec.replicas === 'number' ? spec.replicas : 1;
  const ns = rc.metadata.namespace;
  const uid = rc.metadata.uid;
  const live: KubeObject[] = [];
  for (const pod of ctx.store.collection(PODS).objects.values()) {
    if (pod.metadata.namespace !== ns || pod.metadata.deletionTimestamp) continue;
    const ref = controllerRef(pod);
    const matches = selects(selector, pod.metadata.labels);
    if (ref?.uid === uid) {
      if (matches) live.push(pod);
      else writePod(ctx, pod, (pod.metadata.ownerReferences ?? []).filter((r) => r.uid !== uid));
    } else if (!ref && matches && obj(pod.status).phase !== 'Succeeded' && obj(pod.status).phase !== 'Failed') {
      const adopted = writePod(ctx, pod, [...(pod.metadata.ownerReferences ?? []), ownerRef(rc)]);
      if (adopted) live.push(adopted);
    }
  }
  const template = obj(spec.template);
  const tmeta = obj(template.metadata);
  let failure: { reason: string; message: string } | undefined;
  for (let i = live.length; i < want; i++) {
    const body = {
      metadata: {
        generateName: `${rc.metadata.name ?? 'rc'}-`,
        ...(isPlainObject(tmeta.labels) ? { labels: tmeta.labels } : {}),
        ...(isPlainObject(tmeta.annotations) ? { annotations: tmeta.annotations } : {}),
        ownerReferences: [ownerRef(rc)],
      },
      spec: obj(template.spec),
    };
    try {
      live.push(createObject(ctx, pods, ns, body, MANAGER));
    } catch (err) {
      // Quota or a terminating namespace: reported as the ReplicaFailure condition; the next event retries.
      failure = { reason: 'FailedCreate', message: err instanceof Error ? err.message : String(err) };
      break;
    }
  }
  const extra = live.length > want ? [...live].sort(byRank).slice(0, live.length - want) : [];
  for (const pod of extra) {
    try {
      deleteObject(ctx, pods, ns, pod.metadata.name ?? '', { dryRun: false });
    } catch {
      // Already gone.
    }
  }
  const current = live.filter((p) => !extra.includes(p));
  const templateLabels = obj(tmeta.labels) as Record<string, string>;
  const fully = current.filter((p) => Object.entries(templateLabels).every(([k, v]) => p.metadata.labels?.[k] === v)).length;
  const ready = current.filter(isReady).length;
  const latest = ctx.store.get(RC, ns, rc.metadata.name ?? '');
  if (!latest) return;
  // ReplicationControllerStatus: replicas always, the counts omitempty.
  const status: JsonObject = { replicas: current.length };
  if (fully > 0) status.fullyLabeledReplicas = fully;
  if (ready > 0) status.readyReplicas = ready;
  if (ready > 0) status.availableReplicas = ready;
  status.observedGeneration = latest.metadata.generation ?? 1;
  // The manager's ReplicaFailure condition: set when creating pods fails, removed once a sync succeeds.
  const previous = (Array.isArray(obj(latest.status).conditions) ? (obj(latest.status).conditions as unknown[]) : []).map(obj);
  const others = previous.filter((c) => c.type !== 'ReplicaFailure');
  const existing = previous.find((c) => c.type === 'ReplicaFailure');
  const failureCondition = failure ? (existing ?? { type: 'ReplicaFailure', status: 'True', lastTransitionTime: rfc3339(), ...failure }) : undefined;
  const conditions = failureCondition ? [...others, failureCondition] : others;
  if (conditions.length > 0) status.conditions = conditions;
  if (jsonEqual(status, latest.status)) return;
  try {
    updateObject(ctx, replicationcontrollers, ns, latest.metadata.name ?? '', { ...latest, status }, { ...MANAGER, subresource: 'status' });
  } catch {
    // Raced with another write: its event brings the controller back.
  }
}

/** Starts the manager; returns a function that stops it. */
export function startReplicationManager(ctx: WriteContext): () => void {
  const pending = new Map<string, { ns: string | undefined; name: string }>();
  let scheduled = false;
  let stopped = false;
  const enqueue = (ns: string | undefined, name: string): void => {
    pending.set(`${ns ?? ''}/${name}`, { ns, name });
    if (scheduled || stopped) return;
    scheduled = true;
    ctx.scheduler.defer(() => {
      scheduled = false;
      if (stopped) return;
      const work = [...pending.values()];
      pending.clear();
      for (const { ns, name } of work) {
        const rc = ctx.store.get(RC, ns, name);
        if (rc) syncReplicationController(ctx, rc);
      }
    }, DELAY_MS);
  };
  const onRc = (e: StoreEvent): void => {
    if (e.type !== 'DELETED') enqueue(e.object.metadata.namespace, e.object.metadata.name ?? '');
  };
  /** A pod change concerns its controller and every RC whose selector matches it (adoption). */
  const onPod = (e: StoreEvent): void => {
    const ns = e.object.metadata.namespace;
    for (const rc of ctx.store.collection(RC).objects.values()) {
      if (rc.metadata.namespace !== ns) continue;
      const ownsIt = [e.object, e.prev].some((p) => p && controllerRef(p)?.uid === rc.metadata.uid);
      if (ownsIt || selects(obj(obj(rc.spec).selector), e.object.metadata.labels)) enqueue(ns, rc.metadata.name ?? '');
    }
  };
  const unsubscribe = [ctx.store.subscribe(RC, onRc), ctx.store.subscribe(PODS, onPod)];
  for (const rc of ctx.store.collection(RC).objects.values()) enqueue(rc.metadata.namespace, rc.metadata.name ?? '');
  return () => {
    stopped = true;
    for (const u of unsubscribe) u();
  };
}
