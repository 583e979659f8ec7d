// The revision history of StatefulSets and DaemonSets (always on, as in kube-controller-manager): on create and on
// every template change a ControllerRevision of the template; a template equal to an older revision renumbers that
// revision to the newest instead (a rollback); revisions beyond spec.revisionHistoryLimit that no pod and no status
// names are deleted, oldest first. StatefulSets get status.currentRevision/updateRevision. Pods are not replaced.
import { registryTypes } from '../resources/index.js';
import { storageKey } from '../resources/registry.js';
import type { ResourceType } from '../resources/registry.js';
import type { StoreEvent } from '../store/store.js';
import type { JsonObject, KubeObject } from '../resources/types.js';
import { isPlainObject, jsonEqual } from '../resources/types.js';
import { createObject, deleteObject, updateObject } from '../rest/writes.js';
import type { WriteContext } from '../rest/writes.js';
import { newRevision, podRevisionLabel, REVISION_HASH_LABEL } from './revision-history.js';
import type { WorkloadKind } from './revision-history.js';

const { statefulsets, daemonsets, controllerrevisions, pods } = registryTypes;
const REVISIONS = storageKey(controllerrevisions);
const PODS = storageKey(pods);
const MANAGER = { manager: 'kube-controller-manager', dryRun: false };
const DELAY_MS = 10;
const KINDS: Array<[WorkloadKind, ResourceType]> = [
  ['StatefulSet', statefulsets],
  ['DaemonSet', daemonsets],
];

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});
const revisionNumber = (r: KubeObject): number => (typeof r.revision === 'number' ? r.revision : 0);

function controllerUid(o: KubeObject): unknown {
  return (o.metadata.ownerReferences ?? []).find((r) => r.controller === true)?.uid;
}

/** The workload's revisions, oldest first (history.SortControllerRevisions: by revision, then name). */
export function ownedRevisions(ctx: WriteContext, workload: KubeObject): KubeObject[] {
  return [...ctx.store.collection(REVISIONS).objects.values()]
    .filter((r) => r.metadata.namespace === workload.metadata.namespace && controllerUid(r) === workload.metadata.uid && !r.metadata.deletionTimestamp)
    .sort((a, b) => revisionNumber(a) - revisionNumber(b) || ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1));
}

/** The revision the current template is in: found, renumbered to the newest, or created. */
function updateRevision(ctx: WriteContext, workload: KubeObject, kind: WorkloadKind, revisions: KubeObject[]): KubeObject | undefined {
  const next = revisions.length === 0 ? 1 : revisionNumber(revisions[revisions.length - 1] as KubeObject) + 1;
  const wanted = newRevision(workload, kind, next);
  const equal = revisions.filter((r) => jsonEqual(r.data, wanted.data));
  const latestEqual = equal[equal.length - 1];
  if (latestEqual && latestEqual === revisions[revisions.length - 1]) return latestEqual;
  try {
    if (latestEqual) {
      return updateObject(ctx, controllerrevisions, latestEqual.metadata.namespace, latestEqual.metadata.name ?? '', { ...latestEqual, revision: next }, MANAGER).object;
    }
    return createObject(ctx, controllerrevisions, workload.metadata.namespace, wanted, MANAGER);
  } catch {
    // A name taken by another owner's revision, or a race: the next event retries.
    return undefined;
  }
}

/** truncateHistory / cleanupHistory: beyond the limit, delete the oldest revisions nothing refers to. */
function truncateHistory(ctx: WriteContext, workload: KubeObject, kind: WorkloadKind, live: Set<string>): void {
  const spec = obj(workload.spec);
  const limit = typeof spec.revisionHistoryLimit === 'number' ? spec.revisionHistoryLimit : 10;
  const history = ownedRevisions(ctx, workload).filter((r) => !live.has(podRevisionLabel(r, kind)));
  for (const old of history.slice(0, Math.max(0, history.length - limit))) {
    try {
      deleteObject(ctx, controllerrevisions, old.metadata.namespace, old.metadata.name ?? '', { dryRun: false });
    } catch {
      // Already gone.
    }
  }
}

function setStatefulSetStatus(ctx: WriteContext, workload: KubeObject, current: string, update: string): void {
  const status = obj(workload.status);
  const replicas = typeof obj(workload.spec).replicas === 'number' ? (obj(workload.spec).replicas as number) : 1;
  const next: JsonObject = { ...status, currentRevision: current, updateRevision: update, collisionCount: status.collisionCount ?? 0, observedGeneration: workload.metadata.generation ?? 1 };
  if (current === update) Object.assign(next, { currentReplicas: replicas, updatedReplicas: replicas });
  if (jsonEqual(next, status)) return;
  try {
    updateObject(ctx, statefulsets, workload.metadata.namespace, workload.metadata.name ?? '', { ...workload, status: next }, { ...MANAGER, subresource: 'status' });
  } catch {
    // Raced with another write: its event syncs again.
  }
}

function syncWorkload(ctx: WriteContext, workload: KubeObject, kind: WorkloadKind): void {
  if (workload.metadata.deletionTimestamp) return;
  const update = updateRevision(ctx, workload, kind, ownedRevisions(ctx, workload));
  if (!update) return;
  const live = new Set([podRevisionLabel(update, kind)]);
  for (const pod of ctx.store.collection(PODS).objects.values()) {
    if (pod.metadata.namespace === workload.metadata.namespace && controllerUid(pod) === workload.metadata.uid) live.add(pod.metadata.labels?.[REVISION_HASH_LABEL] ?? '');
  }
  if (kind === 'StatefulSet') {
    // Rollouts complete at once in the demo: the update revision is also the current one.
    setStatefulSetStatus(ctx, workload, update.metadata.name ?? '', update.metadata.name ?? '');
  }
  truncateHistory(ctx, workload, kind, live);
}

/** Starts the controller; returns a function that stops it. */
export function startRevisionController(ctx: WriteContext): () => void {
  const pending = new Map<string, { kind: WorkloadKind; t: ResourceType; ns: string | undefined; name: string }>();
  let scheduled = false;
  let stopped = false;
  const enqueue = (kind: WorkloadKind, t: ResourceType, ns: string | undefined, name: string): void => {
    pending.set(`${kind}/${ns ?? ''}/${name}`, { kind, t, ns, name });
    if (scheduled || stopped) return;
    scheduled = true;
    ctx.scheduler.defer(() => {
      scheduled = false;
      if (stopped) return;
      const work = [...pending.values()];
      pending.clear();
      for (const w of work) {
        const workload = ctx.store.get(storageKey(w.t), w.ns, w.name);
        if (workload) syncWorkload(ctx, workload, w.kind);
      }
    }, DELAY_MS);
  };
  const unsubscribe = KINDS.map(([kind, t]) =>
    ctx.store.subscribe(storageKey(t), (e: StoreEvent) => {
      if (e.type !== 'DELETED') enqueue(kind, t, e.object.metadata.namespace, e.object.metadata.name ?? '');
    }),
  );
  // A deleted revision the workload still needs is made again.
  unsubscribe.push(
    ctx.store.subscribe(REVISIONS, (e: StoreEvent) => {
      const ref = (e.object.metadata.ownerReferences ?? []).find((r) => r.controller === true);
      const match = KINDS.find(([kind]) => kind === ref?.kind);
      if (e.type === 'DELETED' && match && typeof ref?.name === 'string') enqueue(match[0], match[1], e.object.metadata.namespace, ref.name);
    }),
  );
  for (const [kind, t] of KINDS) for (const w of ctx.store.collection(storageKey(t)).objects.values()) enqueue(kind, t, w.metadata.namespace, w.metadata.name ?? '');
  return () => {
    stopped = true;
    for (const u of unsubscribe) u();
  };
}
