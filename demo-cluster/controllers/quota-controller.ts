// The resource quota controller (kube-controller-manager's, always on like the garbage collector): on every change
// in a namespace that has ResourceQuotas, status.hard becomes spec.hard and status.used the usage of what the
// namespace holds, for each resource named in hard.
import { storageKey } from '../resources/registry.js';
import type { ResourceType } from '../resources/registry.js';
import { registryTypes } from '../resources/index.js';
import type { JsonObject, KubeObject } from '../resources/types.js';
import { isPlainObject, jsonEqual } from '../resources/types.js';
import { addQuantity, ZERO } from '../resources/quantity.js';
import type { Quantity } from '../resources/quantity.js';
import { canonicalList } from '../resources/resource-quota.js';
import { matchingResources, quotaMatches, quotasIn, sortedList, usageOf } from '../resources/quota-usage.js';
import { updateObject } from '../rest/writes.js';
import type { WriteContext } from '../rest/writes.js';

const QUOTAS = storageKey(registryTypes.resourcequotas);
/** The controller's reaction time after a change (its informers' queue). */
const QUOTA_DELAY_MS = 20;
const MANAGER = { manager: 'kube-controller-manager', dryRun: false, subresource: 'status' };

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});

/** Namespaced stored types, one per storage (versions share it). */
function countedTypes(ctx: WriteContext): ResourceType[] {
  const seen = new Set<string>();
  return ctx.registry.all().filter((t) => {
    const key = storageKey(t);
    // A mirrored version's collection holds the same objects again.
    if (!t.namespaced || t.computed || t.review || t.storage !== undefined || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** status.hard and status.used of a quota, computed from the namespace's objects. */
export function computeQuotaStatus(ctx: WriteContext, quota: KubeObject): JsonObject {
  const hard = canonicalList(obj(quota.spec).hard);
  const names = Object.keys(hard);
  const used = new Map<string, Quantity>(names.map((n) => [n, ZERO]));
  for (const t of countedTypes(ctx)) {
    if (matchingResources(t, names).length === 0) continue;
    for (const o of ctx.store.collection(storageKey(t)).objects.values()) {
      if (o.metadata.namespace !== quota.metadata.namespace || !quotaMatches(t, quota, o, names)) continue;
      for (const [k, q] of usageOf(t, o)) if (used.has(k)) used.set(k, addQuantity(used.get(k) ?? ZERO, q));
    }
  }
  return { hard: Object.fromEntries(Object.keys(hard).sort().map((k) => [k, hard[k]])), used: sortedList(used) };
}

/** Starts the controller; returns a function that stops it. */
export function startQuotaController(ctx: WriteContext): () => void {
  const pending = new Set<string>();
  let scheduled = false;
  let stopped = false;
  const sync = (namespace: string): void => {
    for (const quota of quotasIn(ctx.store, namespace)) {
      const status = computeQuotaStatus(ctx, quota);
      if (jsonEqual(status, quota.status)) continue;
      try {
        updateObject(ctx, registryTypes.resourcequotas, namespace, quota.metadata.name ?? '', { ...quota, status }, MANAGER);
      } catch {
        // Raced with another write: its event brings the controller back.
      }
    }
  };
  const enqueue = (namespace: string): void => {
    pending.add(namespace);
    if (scheduled || stopped) return;
    scheduled = true;
    ctx.scheduler.defer(() => {
      scheduled = false;
      if (stopped) return;
      const work = [...pending];
      pending.clear();
      for (const ns of work) sync(ns);
    }, QUOTA_DELAY_MS);
  };
  const namespacesWithQuota = (): Set<string> => new Set([...ctx.store.collection(QUOTAS).objects.values()].map((q) => q.metadata.namespace ?? ''));
  const unsubscribe = ctx.store.subscribeAll((_key, e) => {
    const ns = e.object.metadata.namespace;
    if (ns !== undefined && namespacesWithQuota().has(ns)) enqueue(ns);
  });
  for (const ns of namespacesWithQuota()) enqueue(ns);
  return () => {
    stopped = true;
    unsubscribe();
  };
}
