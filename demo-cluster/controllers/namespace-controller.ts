// The namespace controller (kube-controller-manager's namespaced-resources deleter): a terminating namespace has its
// pods deleted first and, only once they are gone, everything else; the deletion conditions on its status say what
// remains, then the `kubernetes` finalizer leaves its spec and the namespace goes (ShouldDeleteNamespaceDuringUpdate).
// Content with finalizers keeps the namespace Terminating until they are removed.
import { rfc3339 } from '../resources/duration.js';
import { registryTypes } from '../resources/index.js';
import { storageKey } from '../resources/registry.js';
import type { ResourceType } from '../resources/registry.js';
import type { StoreEvent } from '../store/store.js';
import type { JsonObject, KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { deleteObject, updateObject } from '../rest/writes.js';
import type { WriteContext } from '../rest/writes.js';

const { namespaces, pods } = registryTypes;
const NAMESPACES = storageKey(namespaces);
const PODS = storageKey(pods);
const FINALIZER = 'kubernetes';
/** The longest wait between two passes over a namespace whose content remains (the controller's requeue). */
const MAX_REQUEUE_MS = 5000;

/** The deletion conditions in the controller's order, with the reason and message each has when all is well. */
const CONDITIONS: Array<[type: string, reason: string, message: string]> = [
  ['NamespaceDeletionDiscoveryFailure', 'ResourcesDiscovered', 'All resources successfully discovered'],
  ['NamespaceDeletionGroupVersionParsingFailure', 'ParsedGroupVersions', 'All legacy kube types successfully parsed'],
  ['NamespaceDeletionContentFailure', 'ContentDeleted', 'All content successfully deleted, may be waiting on finalization'],
  ['NamespaceContentRemaining', 'ContentRemoved', 'All content successfully removed'],
  ['NamespaceFinalizersRemaining', 'ContentHasNoFinalizers', 'All content-preserving finalizers finished'],
];

interface Condition {
  type: string;
  status: string;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

/** What is left after a pass: objects by "resource.group", and how many of them each finalizer holds. */
interface Remaining {
  byResource: Map<string, number>;
  byFinalizer: Map<string, number>;
}

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});

/** Namespaced stored types that can be deleted, one per storage (versions share it). */
function deletableTypes(ctx: WriteContext): ResourceType[] {
  const seen = new Set<string>();
  return ctx.registry.all().filter((t) => {
    const key = storageKey(t);
    if (!t.namespaced || t.computed || t.review || !t.verbs.includes('delete') || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Deletes (Background) what of one type the namespace holds; adds what remains to `left`. */
function deleteContent(ctx: WriteContext, t: ResourceType, namespace: string, left: Remaining): void {
  const key = storageKey(t);
  const inNamespace = (): KubeObject[] => [...ctx.store.collection(key).objects.values()].filter((o) => o.metadata.namespace === namespace);
  for (const o of inNamespace()) {
    if (o.metadata.deletionTimestamp) continue;
    try {
      deleteObject(ctx, t, namespace, o.metadata.name ?? '', { propagationPolicy: 'Background', dryRun: false });
    } catch {
      // Gone meanwhile (a cascade, a mirror): the count below says what is left.
    }
  }
  const rest = inNamespace();
  if (rest.length === 0) return;
  left.byResource.set(`${t.resource}.${t.group}`, rest.length);
  for (const o of rest) for (const f of o.metadata.finalizers ?? []) left.byFinalizer.set(f, (left.byFinalizer.get(f) ?? 0) + 1);
}

/** namespaceConditionUpdater: the five conditions, True where something remains; undefined when nothing changed. */
function updatedConditions(ns: KubeObject, left: Remaining | undefined, now: string): Condition[] | undefined {
  const listed = (m: Map<string, number>, text: (k: string, n: number) => string): string =>
    [...m].map(([k, n]) => text(k, n)).sort().join(', ');
  const failing = new Map<string, [reason: string, message: string]>();
  if (left && left.byResource.size > 0) {
    failing.set('NamespaceContentRemaining', ['SomeResourcesRemain', `Some resources are remaining: ${listed(left.byResource, (k, n) => `${k} has ${n} resource instances`)}`]);
  }
  if (left && left.byFinalizer.size > 0) {
    failing.set('NamespaceFinalizersRemaining', [
      'SomeFinalizersRemain',
      `Some content in the namespace has finalizers remaining: ${listed(left.byFinalizer, (k, n) => `${k} in ${n} resource instances`)}`,
    ]);
  }
  const existing = obj(ns.status).conditions;
  const conditions: Condition[] = Array.isArray(existing) ? (structuredClone(existing) as Condition[]) : [];
  let changed = false;
  for (const [type, okReason, okMessage] of CONDITIONS) {
    const [reason, message] = failing.get(type) ?? [okReason, okMessage];
    const status = failing.has(type) ? 'True' : 'False';
    const old = conditions.find((c) => c.type === type);
    if (!old) {
      conditions.push({ type, status, lastTransitionTime: now, reason, message });
      changed = true;
    } else if (old.status !== status || old.reason !== reason || old.message !== message) {
      if (old.status !== status) old.lastTransitionTime = now;
      Object.assign(old, { status, reason, message });
      changed = true;
    }
  }
  return changed ? conditions : undefined;
}

/** Starts the controller; returns a function that stops it. */
export function startNamespaceController(ctx: WriteContext): () => void {
  let stopped = false;
  /** Namespaces with a pass scheduled, and how many passes found content left. */
  const scheduled = new Set<string>();
  const attempts = new Map<string, number>();

  const schedule = (name: string, ms: number): void => {
    if (stopped || scheduled.has(name)) return;
    scheduled.add(name);
    ctx.scheduler.defer(() => {
      scheduled.delete(name);
      if (!stopped) sync(name);
    }, ms);
  };

  const writeStatus = (ns: KubeObject, conditions: Condition[]): KubeObject =>
    updateObject(ctx, namespaces, undefined, ns.metadata.name ?? '', { ...ns, status: { ...obj(ns.status), conditions } }, { manager: 'kube-controller-manager', dryRun: false, subresource: 'status' }).object;

  const sync = (name: string): void => {
    let ns = ctx.store.get(NAMESPACES, undefined, name);
    const specFinalizers = (o: KubeObject): unknown[] => (Array.isArray(obj(o.spec).finalizers) ? (obj(o.spec).finalizers as unknown[]) : []);
    if (!ns?.metadata.deletionTimestamp || !specFinalizers(ns).includes(FINALIZER)) {
      attempts.delete(name);
      return;
    }
    const now = rfc3339();
    const left: Remaining = { byResource: new Map(), byFinalizer: new Map() };
    const types = deletableTypes(ctx);
    const podType = types.find((t) => storageKey(t) === PODS);
    // Pods first: nothing else goes while one remains (OrderedNamespaceDeletion).
    if (podType) deleteContent(ctx, podType, name, left);
    const podsLeft = left.byResource.size > 0;
    if (!podsLeft) for (const t of types) if (t !== podType) deleteContent(ctx, t, name, left);
    try {
      // While pods remain the controller reports no totals, as its pods-first pass returns before counting.
      const conditions = updatedConditions(ns, podsLeft ? undefined : left, now);
      if (conditions) ns = writeStatus(ns, conditions);
      if (left.byResource.size === 0) {
        updateObject(ctx, namespaces, undefined, name, { ...ns, spec: { ...obj(ns.spec), finalizers: specFinalizers(ns).filter((f) => f !== FINALIZER) } }, {
          manager: 'kube-controller-manager',
          dryRun: false,
          subresource: 'finalize',
        });
        attempts.delete(name);
        return;
      }
    } catch {
      // A write raced with another (a conflict): the next pass reads the namespace again.
    }
    const n = (attempts.get(name) ?? 0) + 1;
    attempts.set(name, n);
    schedule(name, Math.min(Math.max(ctx.namespaceTerminationMs, 100) * 2 ** n, MAX_REQUEUE_MS));
  };

  const onEvent = (key: string, e: StoreEvent): void => {
    if (key === NAMESPACES) {
      if (e.type !== 'DELETED' && e.object.metadata.deletionTimestamp) schedule(e.object.metadata.name ?? '', ctx.namespaceTerminationMs);
      return;
    }
    // Content of a terminating namespace gone: look again soon rather than at the next requeue.
    const ns = e.type === 'DELETED' ? e.object.metadata.namespace : undefined;
    if (ns !== undefined && attempts.has(ns)) schedule(ns, ctx.namespaceTerminationMs);
  };
  const unsubscribe = ctx.store.subscribeAll(onEvent);
  for (const ns of ctx.store.collection(NAMESPACES).objects.values()) {
    if (ns.metadata.deletionTimestamp) schedule(ns.metadata.name ?? '', ctx.namespaceTerminationMs);
  }
  return () => {
    stopped = true;
    unsubscribe();
  };
}
