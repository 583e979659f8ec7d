// What an object counts against a ResourceQuota, as kube's quota evaluators measure it (pkg/quota/v1/evaluator/core
// and the generic object-count evaluator): object counts (`count/<resource>[.<group>]` and the legacy names), pod
// compute requests and limits, service node ports and load balancers; and which quotas match an object (scopes).
import type { ResourceType } from './registry.js';
import { storageKey } from './registry.js';
import type { JsonObject, KubeObject } from './types.js';
import { isPlainObject } from './types.js';
import { addQuantity, compareQuantity, formatQuantity, parseQuantity, quantityOf, ZERO } from './quantity.js';
import type { Store } from '../store/store.js';
import type { Quantity } from './quantity.js';

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export type Usage = Map<string, Quantity>;

/** Core resources whose object count also has a legacy name (pods, services, ...). */
const LEGACY_COUNTS = new Set(['pods', 'services', 'replicationcontrollers', 'resourcequotas', 'secrets', 'configmaps', 'persistentvolumeclaims']);

const POD_RESOURCES = new Set([
  'count/pods',
  'cpu',
  'memory',
  'ephemeral-storage',
  'requests.cpu',
  'requests.memory',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
  'pods',
]);
const SERVICE_RESOURCES = new Set(['count/services', 'services', 'services.nodeports', 'services.loadbalancers']);

/** generic.ObjectCountQuotaResourceNameFor: count/<resource>, with .<group> for named groups. */
export function objectCountName(t: Pick<ResourceType, 'group' | 'resource'>): string {
  return t.group === '' ? `count/${t.resource}` : `count/${t.resource}.${t.group}`;
}

/** An extended resource as quota names it: requests.<domain>/<name>, not in kubernetes.io. */
function isExtendedForQuota(name: string): boolean {
  if (!name.startsWith('requests.')) return false;
  const rest = name.slice('requests.'.length);
  return rest.includes('/') && !rest.startsWith('kubernetes.io/') && !rest.includes('.kubernetes.io/');
}

/** MatchingResources: which of the quota's resource names the type's evaluator measures. */
export function matchingResources(t: Pick<ResourceType, 'group' | 'resource'>, names: string[]): string[] {
  const count = objectCountName(t);
  return names.filter((n) => {
    if (n === count) return true;
    if (t.group === '' && t.resource === 'pods') return POD_RESOURCES.has(n) || n.startsWith('hugepages-') || n.startsWith('requests.hugepages-') || isExtendedForQuota(n);
    if (t.group === '' && t.resource === 'services') return SERVICE_RESOURCES.has(n);
    return t.group === '' && LEGACY_COUNTS.has(t.resource) && n === t.resource;
  });
}

function resourceList(raw: unknown): Usage {
  const out: Usage = new Map();
  for (const [k, v] of Object.entries(obj(raw))) {
    const q = parseQuantity(v);
    if (q) out.set(k, q);
  }
  return out;
}

function addInto(target: Usage, name: string, q: Quantity): void {
  target.set(name, addQuantity(target.get(name) ?? ZERO, q));
}

/** resourcehelper.PodRequests/PodLimits without overhead: containers summed, each init container a floor. */
function podTotals(spec: JsonObject, which: 'requests' | 'limits'): Usage {
  const total: Usage = new Map();
  for (const c of arr(spec.containers).map(obj)) for (const [k, q] of resourceList(obj(c.resources)[which])) addInto(total, k, q);
  for (const c of arr(spec.initContainers).map(obj)) {
    for (const [k, q] of resourceList(obj(c.resources)[which])) {
      const cur = total.get(k);
      if (!cur || compareQuantity(q, cur) > 0) total.set(k, q);
    }
  }
  return total;
}

/** QuotaV1Pod: terminal pods (Succeeded, Failed) no longer count compute resources or `pods`. */
function podCounts(pod: KubeObject): boolean {
  const phase = obj(pod.status).phase;
  return phase !== 'Succeeded' && phase !== 'Failed';
}

function podUsage(pod: KubeObject): Usage {
  const usage: Usage = new Map([['count/pods', quantityOf(1)]]);
  if (!podCounts(pod)) return usage;
  usage.set('pods', quantityOf(1));
  const spec = obj(pod.spec);
  const requests = podTotals(spec, 'requests');
  const limits = podTotals(spec, 'limits');
  for (const r of ['cpu', 'memory', 'ephemeral-storage']) {
    const req = requests.get(r);
    if (req) {
      usage.set(r, req);
      usage.set(`requests.${r}`, req);
    }
    const lim = limits.get(r);
    if (lim) usage.set(`limits.${r}`, lim);
  }
  for (const [k, q] of requests) {
    if (k.startsWith('hugepages-')) {
      usage.set(k, q);
      usage.set(`requests.${k}`, q);
    } else if (isExtendedForQuota(`requests.${k}`)) {
      usage.set(`requests.${k}`, q);
    }
  }
  return usage;
}

function serviceUsage(svc: KubeObject): Usage {
  const spec = obj(svc.spec);
  const usage: Usage = new Map([
    ['count/services', quantityOf(1)],
    ['services', quantityOf(1)],
  ]);
  const ports = arr(spec.ports).length;
  if (spec.type === 'NodePort') usage.set('services.nodeports', quantityOf(ports));
  if (spec.type === 'LoadBalancer') {
    usage.set('services.loadbalancers', quantityOf(1));
    usage.set('services.nodeports', quantityOf(spec.allocateLoadBalancerNodePorts === false ? 0 : ports));
  }
  return usage;
}

/** Usage of one object of type t. */
export function usageOf(t: Pick<ResourceType, 'group' | 'resource'>, o: KubeObject): Usage {
  if (t.group === '' && t.resource === 'pods') return podUsage(o);
  if (t.group === '' && t.resource === 'services') return serviceUsage(o);
  const usage: Usage = new Map([[objectCountName(t), quantityOf(1)]]);
  if (t.group === '' && LEGACY_COUNTS.has(t.resource)) usage.set(t.resource, quantityOf(1));
  return usage;
}

/** The quota's scopes and scope selector as one list of requirements (getScopeSelectorsFromQuota). */
function scopeSelectors(quota: KubeObject): JsonObject[] {
  const spec = obj(quota.spec);
  const fromScopes = arr(spec.scopes).map((s) => ({ scopeName: String(s), operator: 'Exists' }));
  return [...fromScopes, ...arr(obj(spec.scopeSelector).matchExpressions).map(obj)];
}

function isBestEffort(pod: KubeObject): boolean {
  const spec = obj(pod.spec);
  const containers = [...arr(spec.containers), ...arr(spec.initContainers)].map(obj);
  return containers.every((c) => {
    const resources = obj(c.resources);
    return ['requests', 'limits'].every((w) => ['cpu', 'memory'].every((r) => obj(resources[w])[r] === undefined));
  });
}

function podMatchesScope(pod: KubeObject, selector: JsonObject): boolean {
  const spec = obj(pod.spec);
  const terminating = typeof spec.activeDeadlineSeconds === 'number' && spec.activeDeadlineSeconds >= 0;
  const className = typeof spec.priorityClassName === 'string' ? spec.priorityClassName : '';
  const values = arr(selector.values).map(String);
  switch (selector.scopeName) {
    case 'Terminating':
      return terminating;
    case 'NotTerminating':
      return !terminating;
    case 'BestEffort':
      return isBestEffort(pod);
    case 'NotBestEffort':
      return !isBestEffort(pod);
    case 'PriorityClass':
      switch (selector.operator) {
        case 'Exists':
          return className !== '';
        case 'DoesNotExist':
          return className === '';
        case 'In':
          return values.includes(className);
        case 'NotIn':
          return !values.includes(className);
        default:
          return false;
      }
    default:
      return false;
  }
}

/** Matches: the quota measures something of this type, and every scope selects the object (only pods have scopes). */
export function quotaMatches(t: Pick<ResourceType, 'group' | 'resource'>, quota: KubeObject, o: KubeObject, hard: string[]): boolean {
  if (matchingResources(t, hard).length === 0) return false;
  const selectors = scopeSelectors(quota);
  if (selectors.length === 0) return true;
  if (!(t.group === '' && t.resource === 'pods')) return false;
  return selectors.every((s) => podMatchesScope(o, s));
}

/** The entries of `usage` named in `names`. */
export function mask(usage: Usage, names: string[]): Usage {
  return new Map([...usage].filter(([k]) => names.includes(k)));
}

/**
 * The podEvaluator's Constraints: with cpu or memory quota'd, every container must state it
 * ("must specify limits.cpu for: a,b; memory for: a"); undefined when satisfied.
 */
export function podConstraintViolation(pod: KubeObject, required: string[]): string | undefined {
  const validation = new Set(['cpu', 'memory', 'requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory']);
  const needed = required.filter((r) => validation.has(r));
  if (needed.length === 0) return undefined;
  const spec = obj(pod.spec);
  const missing = new Map<string, Set<string>>();
  for (const c of [...arr(spec.containers), ...arr(spec.initContainers)].map(obj)) {
    const resources = obj(c.resources);
    const req = obj(resources.requests);
    const lim = obj(resources.limits);
    const has = new Set<string>();
    for (const r of ['cpu', 'memory']) {
      if (req[r] !== undefined) has.add(r).add(`requests.${r}`);
      if (lim[r] !== undefined) has.add(`limits.${r}`);
    }
    for (const r of needed) {
      if (!has.has(r)) {
        const set = missing.get(r) ?? new Set<string>();
        set.add(String(c.name ?? ''));
        missing.set(r, set);
      }
    }
  }
  if (missing.size === 0) return undefined;
  const parts = [...missing.keys()].sort().map((r) => `${r} for: ${[...(missing.get(r) ?? [])].sort().join(',')}`);
  return `must specify ${parts.join('; ')}`;
}

/** The ResourceQuotas of a namespace, by name. */
export function quotasIn(store: Store, namespace: string | undefined): KubeObject[] {
  return [...store.collection(storageKey({ group: '', resource: 'resourcequotas' })).objects.values()]
    .filter((q) => q.metadata.namespace === namespace)
    .sort((a, b) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1));
}

/** A ResourceList as the API writes it: keys sorted, quantities in canonical form. */
export function sortedList(usage: Usage): JsonObject {
  return Object.fromEntries([...usage.keys()].sort().map((k) => [k, formatQuantity(usage.get(k) ?? ZERO)]));
}

