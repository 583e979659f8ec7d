// The CRD controllers of the apiextensions-apiserver in one: serve (or stop serving) the custom
// resources of each CRD, accept its names (status NamesAccepted/Established), default its stored custom
// resources when its schema changes (as reads would), and delete them when the CRD goes. Runs after each
// CRD write, off the store's listener call.
import { rfc3339 } from '../resources/duration.js';
import { customresourcedefinitions } from '../resources/crd-type.js';
import { customResourceTypes } from '../resources/custom-resources.js';
import { defaultStoredObjects } from '../resources/crd-defaulting.js';
import type { ResourceType } from '../resources/registry.js';
import { storageKey } from '../resources/registry.js';
import type { JsonObject, KubeObject } from '../resources/types.js';
import { isPlainObject, jsonEqual } from '../resources/types.js';
import { updateObject } from '../rest/writes.js';
import type { WriteContext } from '../rest/writes.js';

const CRD_KEY = storageKey(customresourcedefinitions);

/** The status the controllers give an accepted, established CRD (conditions keep their transition times). */
function acceptedStatus(crd: KubeObject, now: string): JsonObject {
  const spec = isPlainObject(crd.spec) ? crd.spec : {};
  const status = isPlainObject(crd.status) ? crd.status : {};
  const old = Array.isArray(status.conditions) ? status.conditions.filter(isPlainObject) : [];
  const condition = (type: string, reason: string, message: string): JsonObject => {
    const prev = old.find((c) => c.type === type && c.status === 'True');
    return { type, status: 'True', lastTransitionTime: prev?.lastTransitionTime ?? now, reason, message };
  };
  return {
    ...status,
    acceptedNames: isPlainObject(spec.names) ? spec.names : {},
    conditions: [condition('NamesAccepted', 'NoConflicts', 'no conflicts found'), condition('Established', 'InitialNamesAccepted', 'the initial names have been accepted')],
  };
}

/** Starts watching CRDs; returns a function that stops it. */
export function startCrdController(ctx: WriteContext): () => void {
  const served = new Map<string, ResourceType[]>();
  /** The spec each CRD's types were built from (status-only writes do not rebuild them). */
  const specs = new Map<string, string>();

  const unserve = (name: string): ResourceType[] => {
    const old = served.get(name) ?? [];
    for (const t of old) ctx.registry.remove(t.group, t.version, t.resource);
    served.delete(name);
    specs.delete(name);
    return old;
  };

  const reconcile = (name: string): void => {
    const crd = ctx.store.get(CRD_KEY, undefined, name);
    if (!crd) {
      const gone = unserve(name)[0];
      if (!gone) return;
      const key = storageKey(gone);
      const c = ctx.store.collection(key);
      for (const k of [...c.sortedKeys()]) {
        const o = c.objects.get(k);
        if (o) ctx.store.delete(key, o.metadata.namespace, o.metadata.name ?? '');
      }
      return;
    }
    const spec = JSON.stringify(crd.spec);
    if (specs.get(name) !== spec) {
      const types = customResourceTypes(crd);
      const changed = specs.has(name);
      unserve(name);
      for (const t of types) ctx.registry.add(t);
      served.set(name, types);
      if (changed && types[0]) defaultStoredObjects(crd, ctx.store.collection(storageKey(types[0])).objects.values());
      specs.set(name, spec);
    }
    const status = acceptedStatus(crd, rfc3339());
    if (jsonEqual(status, crd.status)) return;
    updateObject(ctx, customresourcedefinitions, undefined, name, { ...crd, status }, { manager: 'kube-apiserver', dryRun: false, subresource: 'status' });
  };

  const pending = new Set<string>();
  const unsubscribe = ctx.store.subscribe(CRD_KEY, (event) => {
    const name = event.object.metadata.name ?? '';
    if (pending.has(name)) return;
    pending.add(name);
    ctx.scheduler.defer(() => {
      pending.delete(name);
      reconcile(name);
    }, 0);
  });
  for (const crd of ctx.store.collection(CRD_KEY).objects.values()) reconcile(crd.metadata.name ?? '');
  return unsubscribe;
}
