// The ResourceQuota admission plugin (k8s.io/apiserver .../admission/plugin/resourcequota) on creates, and on
// updates of Services: each quota of the namespace whose status.hard names what the object uses must have its usage
// calculated and room for the object; the first that has none refuses it with 403 "exceeded quota: ...". Admitted,
// the caller charges the usage to status.used at once (the returned statuses), before the quota controller recounts.
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

/** Evaluators that see updates (the services one); the others, pods and object counts, charge creates only. */
function handlesUpdate(t: ResourceType): boolean {
  return t.group === '' && t.resource === 'services';
}

/** Usage minus the previous usage, never below zero (SubtractWithNonNegativeResult). */
function nonNegativeDelta(now: Usage, before: Usage): Usage {
  const out: Usage = new Map();
  for (const [k, q] of now) {
    const diff = q.nanos - (before.get(k)?.nanos ?? 0n);
    out.set(k, { nanos: diff > 0n ? diff : 0n, format: q.format });
  }
  return out;
}

const withoutZeros = (u: Usage): Usage => new Map([...u].filter(([, q]) => q.nanos !== 0n));

/**
 * CheckRequest: the quotas that match the object must have its resources calculated (and pods must state what
 * cpu/memory quotas need); then each must have room for the object's usage (on update, what it adds to `old`'s).
 * Throws 403 Forbidden when one does not; returns the statuses with the usage charged.
 */
export function admitQuota(store: Store, t: ResourceType, o: KubeObject, old?: KubeObject): QuotaCharge[] {
  const namespace = o.metadata.namespace;
  if (!t.namespaced || namespace === undefined || (old && !handlesUpdate(t))) return [];
  const quotas = quotasIn(store, namespace);
  if (quotas.length === 0) return [];
  const name = o.metadata.name ?? '';
  const refuse = (why: string): never => {
    throw forbidden(t.group, t.resource, name, why);
  };
  const interesting: KubeObject[] = [];
  for (const quota of quotas) {
    const hard = [...list(obj(quota.status).hard).keys()];
    if (!quotaMatches(t, quota, o, hard)) continue;
    const restricted = matchingResources(t, hard);
    const quotaName = quota.metadata.name ?? '';
    if (t.group === '' && t.resource === 'pods') {
      const violation = podConstraintViolation(o, restricted);
      if (violation) refuse(`failed quota: ${quotaName}: ${violation}`);
    }
    const used = list(obj(quota.status).used);
    if (restricted.some((r) => !used.has(r))) refuse(`status unknown for quota: ${quotaName}, resources: ${[...restricted].sort().join(',')}`);
    interesting.push(quota);
  }
  const input = usageOf(t, o);
  const charged: QuotaCharge[] = [];
  for (const quota of interesting) {
    const hardList = list(obj(quota.status).hard);
    const hard = [...hardList.keys()];
    const prevMatches = old !== undefined && quotaMatches(t, quota, old, hard);
    const delta = withoutZeros(old && prevMatches ? nonNegativeDelta(input, usageOf(t, old)) : input);
    const requested = mask(delta, hard);
    if (requested.size === 0) continue;
    const used = list(obj(quota.status).used);
    const next = new Map(used);
    for (const [k, q] of requested) next.set(k, addQuantity(used.get(k) ?? ZERO, q));
    const exceeded = [...requested.keys()].filter((k) => compareQuantity(next.get(k) ?? ZERO, hardList.get(k) ?? ZERO) > 0);
    if (exceeded.length > 0) {
      refuse(`exceeded quota: ${quota.metadata.name ?? ''}, requested: ${pretty(mask(requested, exceeded))}, used: ${pretty(mask(used, exceeded))}, limited: ${pretty(mask(hardList, exceeded))}`);
    }
    charged.push({ quota, status: { ...obj(quota.status), used: sortedList(next) } });
  }
  return charged;
}
