// Garbage collector (kube-controller-manager's, which always runs on a real cluster): deletes the
// dependents of deleted owners (Background), deletes dependents before their owner (Foreground,
// `foregroundDeletion` finalizer) and strips owner references (Orphan, `orphan` finalizer).
// Dependents are found by metadata.ownerReferences[].uid through an index kept from store events.
import { storageKey } from '../resources/registry.js';
import type { ResourceType } from '../resources/registry.js';
import type { StoreEvent } from '../store/store.js';
import type { KubeObject } from '../resources/types.js';
import { deleteObject, FOREGROUND_FINALIZER, ORPHAN_FINALIZER, updateObject } from '../rest/writes.js';
import type { PropagationPolicy, WriteContext } from '../rest/writes.js';

/** Delay between an event and the collector acting on it (the real one works from informer queues). */
const GC_DELAY_MS = 5;
const MANAGER = { manager: 'kube-controller-manager', dryRun: false };

interface Ref {
  key: string;
  namespace: string | undefined;
  name: string;
}

const refId = (r: Ref): string => `${r.key}|${r.namespace ?? ''}/${r.name}`;
const refOf = (key: string, o: KubeObject): Ref => ({ key, namespace: o.metadata.namespace, name: o.metadata.name ?? '' });
const ownerUids = (o: KubeObject | undefined): string[] => (o?.metadata.ownerReferences ?? []).map((r) => String(r.uid ?? ''));
const hasFinalizer = (o: KubeObject, f: string): boolean => (o.metadata.finalizers ?? []).includes(f);

/** Starts the garbage collector; returns a function that stops it. */
export function startGarbageCollector(ctx: WriteContext): () => void {
  /** owner uid -> dependents. */
  const dependents = new Map<string, Map<string, Ref>>();
  /** uid -> object location, for owners still present. */
  const byUid = new Map<string, Ref>();

  const typeOf = (key: string): ResourceType | undefined => ctx.registry.all().find((t) => storageKey(t) === key);
  const load = (r: Ref): KubeObject | undefined => ctx.store.get(r.key, r.namespace, r.name);
  const loadUid = (uid: string): KubeObject | undefined => {
    const r = byUid.get(uid);
    const o = r ? load(r) : undefined;
    return o?.metadata.uid === uid ? o : undefined;
  };

  const index = (key: string, o: KubeObject, add: boolean): void => {
    const r = refOf(key, o);
    const uid = o.metadata.uid;
    if (uid) {
      if (add) byUid.set(uid, r);
      else if (byUid.get(uid) && refId(byUid.get(uid) as Ref) === refId(r)) byUid.delete(uid);
    }
    for (const owner of ownerUids(o)) {
      let set = dependents.get(owner);
      if (add) {
        if (!set) dependents.set(owner, (set = new Map()));
        set.set(refId(r), r);
      } else if (set) {
        set.delete(refId(r));
        if (set.size === 0) dependents.delete(owner);
      }
    }
  };
  for (const t of ctx.registry.all()) {
    const key = storageKey(t);
    for (const o of ctx.store.collection(key).objects.values()) index(key, o, true);
  }

  const queue = new Map<string, () => void>();
  let scheduled = false;
  let stopped = false;
  const enqueue = (id: string, fn: () => void): void => {
    queue.set(id, fn);
    if (scheduled || stopped) return;
    scheduled = true;
    ctx.scheduler.defer(() => {
      scheduled = false;
      if (stopped) return;
      const work = [...queue.values()];
      queue.clear();
      for (const w of work) w();
    }, GC_DELAY_MS);
  };

  const dependentsOf = (uid: string): Array<{ ref: Ref; obj: KubeObject }> =>
    [...(dependents.get(uid)?.values() ?? [])].flatMap((ref) => {
      const obj = load(ref);
      return obj && ownerUids(obj).includes(uid) ? [{ ref, obj }] : [];
    });

  const write = (ref: Ref, next: KubeObject): void => {
    const t = typeOf(ref.key);
    if (!t) return;
    try {
      updateObject(ctx, t, ref.namespace, ref.name, next, MANAGER);
    } catch {
      // Raced with another write: the resulting event brings the collector back.
    }
  };
  const remove = (ref: Ref, policy: PropagationPolicy): void => {
    const t = typeOf(ref.key);
    if (!t) return;
    try {
      deleteObject(ctx, t, ref.namespace, ref.name, { dryRun: false, propagationPolicy: policy });
    } catch {
      // Already gone.
    }
  };
  const withoutOwner = (o: KubeObject, uid: string): KubeObject => {
    const refs = (o.metadata.ownerReferences ?? []).filter((r) => r.uid !== uid);
    const { ownerReferences: _drop, ...meta } = o.metadata;
    return { ...o, metadata: refs.length > 0 ? { ...meta, ownerReferences: refs } : meta };
  };
  const withoutFinalizer = (o: KubeObject, f: string): KubeObject => {
    const rest = (o.metadata.finalizers ?? []).filter((x) => x !== f);
    const { finalizers: _drop, ...meta } = o.metadata;
    return { ...o, metadata: rest.length > 0 ? { ...meta, finalizers: rest } : meta };
  };

  const deletingDependents = (o: KubeObject): boolean => o.metadata.deletionTimestamp !== undefined && hasFinalizer(o, FOREGROUND_FINALIZER);
  /** The object with none of its owner references blocking (unblockOwnerReferencesStrategicMergePatch). */
  const unblocked = (o: KubeObject): KubeObject => ({
    ...o,
    metadata: { ...o.metadata, ownerReferences: (o.metadata.ownerReferences ?? []).map((r) => (r.blockOwnerDeletion === true ? { ...r, blockOwnerDeletion: false } : r)) },
  });

  /** An owner's dependents lose it: deleted when no other owner remains, otherwise the reference goes. */
  const collect = (uid: string, policy: PropagationPolicy): void => {
    for (const { ref, obj } of dependentsOf(uid)) {
      const solid = ownerUids(obj).some((o) => o !== uid && loadUid(o) !== undefined && !loadUid(o)?.metadata.deletionTimestamp);
      if (solid) write(ref, withoutOwner(obj, uid));
      else if (!obj.metadata.deletionTimestamp) {
        // An ownership cycle: a dependent of this one already waits for its own dependents. As the real collector
        // does, this one stops blocking its owners before it goes in Foreground, so no one waits on the circle.
        const uidOf = obj.metadata.uid ?? '';
        if (policy === 'Foreground' && dependentsOf(uidOf).some((d) => deletingDependents(d.obj))) write(ref, unblocked(obj));
        remove(ref, policy);
      }
    }
  };

  /** Background: the owner is gone. */
  const ownerGone = (uid: string): void => {
    if (loadUid(uid) === undefined) collect(uid, 'Background');
  };

  /** Foreground: delete the dependents, then drop the finalizer once none blocks the owner. */
  const foreground = (uid: string): void => {
    const owner = loadUid(uid);
    if (!owner?.metadata.deletionTimestamp || !hasFinalizer(owner, FOREGROUND_FINALIZER)) return;
    const deps = dependentsOf(uid);
    collect(uid, 'Foreground');
    const blocking = deps.some(({ ref }) => {
      const now = load(ref);
      return now !== undefined && (now.metadata.ownerReferences ?? []).some((r) => r.uid === uid && r.blockOwnerDeletion === true);
    });
    const latest = loadUid(uid);
    if (!blocking && latest) write(refOf(byUid.get(uid)?.key ?? '', latest), withoutFinalizer(latest, FOREGROUND_FINALIZER));
  };

  /** Orphan: remove the owner from every dependent, then drop the finalizer. */
  const orphan = (uid: string): void => {
    const owner = loadUid(uid);
    if (!owner?.metadata.deletionTimestamp || !hasFinalizer(owner, ORPHAN_FINALIZER)) return;
    for (const { ref, obj } of dependentsOf(uid)) write(ref, withoutOwner(obj, uid));
    const latest = loadUid(uid);
    if (latest) write(refOf(byUid.get(uid)?.key ?? '', latest), withoutFinalizer(latest, ORPHAN_FINALIZER));
  };

  const onEvent = (key: string, e: StoreEvent): void => {
    if (e.prev) index(key, e.prev, false);
    if (e.type !== 'DELETED') index(key, e.object, true);
    const uid = e.object.metadata.uid ?? '';
    if (e.type === 'DELETED') {
      if (dependents.has(uid)) enqueue(`gone/${uid}`, () => ownerGone(uid));
    } else if (e.object.metadata.deletionTimestamp) {
      if (hasFinalizer(e.object, FOREGROUND_FINALIZER)) enqueue(`fg/${uid}`, () => foreground(uid));
      if (hasFinalizer(e.object, ORPHAN_FINALIZER)) enqueue(`orphan/${uid}`, () => orphan(uid));
    }
    // A dependent went away, dropped a reference or stopped blocking: its owners in foreground deletion may be done.
    for (const owner of new Set([...ownerUids(e.prev), ...ownerUids(e.object)])) {
      const o = loadUid(owner);
      if (o && hasFinalizer(o, FOREGROUND_FINALIZER)) enqueue(`fg/${owner}`, () => foreground(owner));
    }
  };
  const unsubscribe = ctx.store.subscribeAll(onEvent);
  return () => {
    stopped = true;
    unsubscribe();
  };
}
