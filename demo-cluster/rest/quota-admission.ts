// The ResourceQuota admission plugin on create (k8s.io/apiserver .../admission/plugin/resourcequota): each quota of
// the namespace whose status.hard names what the object uses must have its usage calculated and room for the
// object; the first that has none refuses it with 403 "exceeded quota: ...". Admitted, the caller charges the
// usage to status.used at once (the returned statuses), before the quota controller recounts.
import { forbidden } from '../http/errors.js';
import type { ResourceType } from '../resources/registry.js';
import type { JsonObject, KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { addQuantity, compareQuantity, formatQuantity, parseQuantity, ZERO } from '../resources/quantity.js';
import { mask, matchingResources, podConstraintViolation, quotaMatches, quotasIn, sortedList, usageOf } from '../resources/quota-usage.js';
import type { Usage } from '../resources/quota-usage.js';
import type { Store } from '../store/store.js';

/** A quota and the status it has once the admitted object is charged. */
export interface QuotaCharge {
  quota: KubeObject;
  status: JsonObject;
}

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});

function list(raw: unknown): Usage {
  const out: Usage = new Map();
  for (const [k, v] of Object.entries(obj(raw))) {
    const q = parseQuantity(v);
    if (q) out.set(k, q);
  }
  return out;
}

/** prettyPrint: "name=quantity" sorted by name, comma-joined. */
function pretty(usage: Usage): string {
  return [...usage.keys()]
    .sort()
    .map((k) => `${k}=${formatQuantity(usage.get(k) ?? ZERO)}`)
    .join(',');
}

/** Checks the object against the namespace's quotas; throws 403 Forbidden when it does not fit. */
export function admitQuota(store: Store, t: ResourceType, o: KubeObject): QuotaCharge[] {
  const namespace = o.metadata.namespace;
  if (!t.namespaced || namespace === undefined) return [];
  const quotas = quotasIn(store, namespace);
  if (quotas.length === 0) return [];
  const name = o.metadata.name ?? '';
  const refuse = (why: string): never => {
    throw forbidden(t.group, t.resource, name, why);
  };
  const charged: QuotaCharge[] = [];
  const usage = new Map([...usageOf(t, o)].filter(([, q]) => q.nanos !== 0n));
  for (const quota of quotas) {
    const hardList = list(obj(quota.status).hard);
    const hard = [...hardList.keys()];
    if (!quotaMatches(t, quota, o, hard)) continue;
    const restricted = matchingResources(t, hard);
    const quotaName = quota.metadata.name ?? '';
    if (t.group === '' && t.resource === 'pods') {
      const violation = podConstraintViolation(o, restricted);
      if (violation) refuse(`failed quota: ${quotaName}: ${violation}`);
    }
    const used = list(obj(quota.status).used);
    const unknown = restricted.filter((r) => !used.has(r));
    if (unknown.length > 0) refuse(`status unknown for quota: ${quotaName}, resources: ${[...restricted].sort().join(',')}`);
    const requested = mask(usage, hard);
    if (requested.size === 0) continue;
    const next = new Map(used);
    for (const [k, q] of requested) next.set(k, addQuantity(used.get(k) ?? ZERO, q));
    const exceeded = [...requested.keys()].filter((k) => compareQuantity(next.get(k) ?? ZERO, hardList.get(k) ?? ZERO) > 0);
    if (exceeded.length > 0) {
      refuse(`exceeded quota: ${quotaName}, requested: ${pretty(mask(requested, exceeded))}, used: ${pretty(mask(used, exceeded))}, limited: ${pretty(mask(hardList, exceeded))}`);
    }
    charged.push({ quota, status: { ...obj(quota.status), used: sortedList(next) } });
  }
  return charged;
}
