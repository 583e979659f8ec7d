// Which admission policies and bindings apply to a request (k8s.io/apiserver .../admission/plugin/policy/generic and
// matching): the policy's matchConstraints and the binding's matchResources (rules, excluded rules, namespace and
// object selectors), the params a binding names, and the CEL variables every expression of a policy sees.
import type { Registry, ResourceType } from '../resources/registry.js';
import { apiVersionOf, storageKey } from '../resources/registry.js';
import type { JsonObject, KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { selectorRequirements } from '../resources/workloads.js';
import { matchesLabels } from '../store/selectors.js';
import type { Store } from '../store/store.js';

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const strings = (v: unknown): string[] => arr(v).map(String);
const GROUP = 'admissionregistration.k8s.io';

export type Operation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

/** The admission attributes of a write. */
export interface AdmissionRequest {
  operation: Operation;
  type: ResourceType;
  subresource?: string;
  name: string;
  namespace?: string;
  /** The object being written (absent on DELETE). */
  object?: KubeObject;
  oldObject?: KubeObject;
  dryRun: boolean;
  /** The request's field manager, the closest the write path has to the user. */
  manager: string;
}

/** A policy with one of its bindings and the params that binding selects (null: none). */
export interface PolicyBinding {
  policy: KubeObject;
  binding: KubeObject;
  params: Array<KubeObject | null>;
  /** A configuration error (params required but missing): the policy's failurePolicy decides. */
  configError?: string;
}

function ruleMatches(rule: JsonObject, req: AdmissionRequest): boolean {
  const ops = strings(rule.operations);
  if (!ops.includes('*') && !ops.includes(req.operation)) return false;
  const groups = strings(rule.apiGroups);
  if (!groups.includes('*') && !groups.includes(req.type.group)) return false;
  const versions = strings(rule.apiVersions);
  if (!versions.includes('*') && !versions.includes(req.type.version)) return false;
  const resource = req.type.resource;
  const sub = req.subresource;
  const resources = strings(rule.resources);
  const resourceMatches = resources.some((r) => {
    if (r === '*/*') return true;
    const [res, subres] = r.split('/');
    if (subres === undefined) return sub === undefined && (res === '*' || res === resource);
    return (res === '*' || res === resource) && sub !== undefined && (subres === '*' || subres === sub);
  });
  if (!resourceMatches) return false;
  const scope = typeof rule.scope === 'string' ? rule.scope : '*';
  if (scope === 'Cluster' && req.type.namespaced) return false;
  if (scope === 'Namespaced' && !req.type.namespaced) return false;
  const names = strings(rule.resourceNames);
  return names.length === 0 || names.includes(req.name);
}

function selectorMatches(selector: unknown, labels: unknown): boolean {
  return matchesLabels(selectorRequirements(obj(selector)), obj(labels) as Record<string, string>);
}

/** The labels a namespaceSelector is matched against: the namespace's, or a Namespace's own. */
function namespaceMatches(selector: unknown, req: AdmissionRequest, namespace: KubeObject | undefined): boolean {
  if (req.type.group === '' && req.type.resource === 'namespaces') return selectorMatches(selector, (req.object ?? req.oldObject)?.metadata.labels);
  // Cluster-scoped objects always match.
  if (!req.type.namespaced) return true;
  return selectorMatches(selector, namespace?.metadata.labels);
}

/** MatchResources: rules that match and no excluded rule, and both selectors. */
export function matchResourcesMatch(raw: unknown, req: AdmissionRequest, namespace: KubeObject | undefined, requireRules: boolean): boolean {
  const m = obj(raw);
  const rules = arr(m.resourceRules).map(obj);
  if ((requireRules || rules.length > 0) && !rules.some((r) => ruleMatches(r, req))) return false;
  if (arr(m.excludeResourceRules).map(obj).some((r) => ruleMatches(r, req))) return false;
  if (!namespaceMatches(m.namespaceSelector, req, namespace)) return false;
  const objects = [req.object, req.oldObject].filter((o): o is KubeObject => o !== undefined);
  return objects.some((o) => selectorMatches(m.objectSelector, o.metadata.labels));
}

const sortedByName = (objects: Iterable<KubeObject>): KubeObject[] => [...objects].sort((a, b) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1));

/** The params of a binding's paramRef (by name or selector), per resolveParams. */
function resolveParams(registry: Registry, store: Store, policy: KubeObject, binding: KubeObject, req: AdmissionRequest): Pick<PolicyBinding, 'params' | 'configError'> {
  const paramKind = obj(policy.spec).paramKind;
  const ref = obj(binding.spec).paramRef;
  if (!isPlainObject(paramKind) || !isPlainObject(ref)) return { params: [null] };
  const t = registry.all().find((x) => apiVersionOf(x) === paramKind.apiVersion && x.kind === paramKind.kind);
  if (!t) return { params: [], configError: `failed to find resource referenced by paramKind: '${String(paramKind.apiVersion)}, Kind=${String(paramKind.kind)}'` };
  let namespace: string | undefined;
  if (t.namespaced) {
    namespace = typeof ref.namespace === 'string' && ref.namespace !== '' ? ref.namespace : req.namespace;
    if (namespace === undefined || namespace === '') return { params: [], configError: 'cannot use namespaced paramRef in policy binding that matches cluster-scoped resources' };
  } else if (typeof ref.namespace === 'string' && ref.namespace !== '') {
    return { params: [], configError: 'paramRef.namespace must not be provided for a cluster-scoped `paramKind`' };
  }
  let params: KubeObject[];
  if (typeof ref.name === 'string' && ref.name !== '') {
    const found = store.get(storageKey(t), namespace, ref.name);
    params = found ? [found] : [];
  } else {
    const all = [...store.collection(storageKey(t)).objects.values()].filter((o) => o.metadata.namespace === namespace);
    params = sortedByName(all.filter((o) => selectorMatches(ref.selector, o.metadata.labels)));
  }
  if (params.length === 0 && ref.parameterNotFoundAction === 'Deny') {
    return { params: [], configError: 'no params found for policy binding with `Deny` parameterNotFoundAction' };
  }
  return { params };
}

/**
 * The bindings of kind `bindingResource` whose policy (of `policyResource`) and own matchResources match the
 * request, in the order of the policies' names, then the bindings'.
 */
export function matchingBindings(
  registry: Registry,
  store: Store,
  policyResource: 'validatingadmissionpolicies' | 'mutatingadmissionpolicies',
  bindingResource: 'validatingadmissionpolicybindings' | 'mutatingadmissionpolicybindings',
  req: AdmissionRequest,
  namespace: KubeObject | undefined,
): PolicyBinding[] {
  const policies = store.collection(storageKey({ group: GROUP, resource: policyResource })).objects;
  const bindings = store.collection(storageKey({ group: GROUP, resource: bindingResource })).objects;
  if (policies.size === 0 || bindings.size === 0) return [];
  const out: PolicyBinding[] = [];
  for (const policy of sortedByName(policies.values())) {
    if (!matchResourcesMatch(obj(policy.spec).matchConstraints, req, namespace, true)) continue;
    for (const binding of sortedByName(bindings.values())) {
      const spec = obj(binding.spec);
      if (spec.policyName !== policy.metadata.name) continue;
      if (spec.matchResources !== undefined && !matchResourcesMatch(spec.matchResources, req, namespace, false)) continue;
      out.push({ policy, binding, ...resolveParams(registry, store, policy, binding, req) });
    }
  }
  return out;
}

/** What CreateNamespaceObject exposes of the namespace: its metadata (without managedFields), spec and status. */
function namespaceObject(namespace: KubeObject | undefined): unknown {
  if (!namespace) return null;
  const { managedFields: _m, ...metadata } = namespace.metadata;
  return { metadata, spec: namespace.spec ?? {}, status: namespace.status ?? {} };
}

/** The `request` variable (admissionv1.AdmissionRequest) of what the demo knows of a write. */
function requestVariable(req: AdmissionRequest): JsonObject {
  const t = req.type;
  return {
    kind: { group: t.group, version: t.version, kind: t.kind },
    resource: { group: t.group, version: t.version, resource: t.resource },
    subResource: req.subresource ?? '',
    requestKind: { group: t.group, version: t.version, kind: t.kind },
    requestResource: { group: t.group, version: t.version, resource: t.resource },
    requestSubResource: req.subresource ?? '',
    name: req.name,
    namespace: req.namespace ?? '',
    operation: req.operation,
    userInfo: { username: req.manager },
    dryRun: req.dryRun,
  };
}

/** The variables the expressions of a policy are evaluated with (before its own `variables`). */
export function bindings(req: AdmissionRequest, namespace: KubeObject | undefined, params: KubeObject | null): Record<string, unknown> {
  return {
    object: req.object ?? null,
    oldObject: req.oldObject ?? null,
    request: requestVariable(req),
    namespaceObject: namespaceObject(namespace),
    params,
  };
}
