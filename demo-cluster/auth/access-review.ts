// authorization.k8s.io/v1 SelfSubjectAccessReview and SelfSubjectRulesReview: create-only types
// answered from the demo's fixed RBAC (auth.ts) for the caller; nothing is stored.
import { DEMO_DEVELOPER_NAMESPACE } from '../../wire/demo-cluster.js';
import { allowedReason } from './auth.js';
import { BASIC_USER, DEVELOPER_BINDING, VIEWER_BINDING } from './bootstrap-roles.js';
import type { ResourceRule } from '../../wire/rbac.js';
import type { User } from './auth.js';
import { rfc3339 } from '../resources/duration.js';
import { recordUpdate } from '../rest/managed-fields.js';
import { Schema } from '../openapi/schema.js';
import type { ResourceType } from '../resources/registry.js';
import { recordedType } from '../resources/define.js';
import type { JsonObject, KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Non-resource URLs of system:public-info-viewer and system:discovery (every authenticated user). */
const PUBLIC_INFO = ['/healthz', '/livez', '/readyz', '/version', '/version/'];
const DISCOVERY = ['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/openapi', '/openapi/*', '/readyz', '/version', '/version/'];

const isAdmin = (user: User): boolean => user.groups.includes('system:masters');

/** Why a non-resource request is allowed (system:discovery covers the public-info paths too), undefined when not. */
function pathReason(user: User, verb: string, path: string): string | undefined {
  if (isAdmin(user)) return '';
  if (verb !== 'get' || !DISCOVERY.some((p) => (p.endsWith('*') ? path.startsWith(p.slice(0, -1)) : p === path))) return undefined;
  return 'RBAC: allowed by ClusterRoleBinding "system:discovery" of ClusterRole "system:discovery" to Group "system:authenticated"';
}

/** The SelfSubjectAccessReview decision: the body with status allowed and reason (and managedFields as recorded on create). */
export function accessReview(body: KubeObject, user: User, manager: string): KubeObject {
  const spec = isPlainObject(body.spec) ? body.spec : {};
  let reason: string | undefined;
  if (isPlainObject(spec.resourceAttributes)) {
    const a = spec.resourceAttributes;
    const sub = str(a.subresource);
    const ns = str(a.namespace);
    const name = str(a.name);
    reason = allowedReason(user, {
      verb: str(a.verb),
      group: str(a.group),
      resource: str(a.resource),
      ...(sub !== '' ? { subresource: sub } : {}),
      ...(ns !== '' ? { namespace: ns } : {}),
      ...(name !== '' ? { name } : {}),
    });
  } else {
    const n = isPlainObject(spec.nonResourceAttributes) ? spec.nonResourceAttributes : {};
    reason = pathReason(user, str(n.verb), str(n.path));
  }
  // A denial carries no reason: RBAC has no opinion and names nothing.
  const status = { allowed: reason !== undefined, ...(reason ? { reason } : {}) };
  // 1.37 omits a zero creationTimestamp (1.20 wrote null).
  const { creationTimestamp: _unset, ...metadata } = body.metadata;
  const obj: KubeObject = { kind: body.kind, apiVersion: body.apiVersion, metadata, spec, status };
  const shape = { zero: { spec: {}, status: { allowed: false } }, schema: Schema.forKind({ group: 'authorization.k8s.io', version: 'v1', kind: String(body.kind) }) };
  // The field manager diffs the decoded request against a new (zero) object: the zero status a request leaves
  // out ({allowed: false}) is no field it set, as kube-apiserver records it.
  const requested = { ...obj, status: { allowed: false, ...(isPlainObject(body.status) ? body.status : {}) }, metadata: { ...metadata, managedFields: [] } };
  const managed = recordUpdate(requested, { metadata: {}, ...shape.zero }, shape, manager, 'authorization.k8s.io/v1', rfc3339());
  if (managed.length > 0) obj.metadata = { ...metadata, managedFields: managed };
  return obj;
}

/** A rule in the field order of authorization/v1 ResourceRule (verbs first), as the review serializes it. */
const reviewRule = (r: ResourceRule): JsonObject => ({
  verbs: r.verbs,
  ...(r.apiGroups ? { apiGroups: r.apiGroups } : {}),
  ...(r.resources ? { resources: r.resources } : {}),
  ...(r.resourceNames ? { resourceNames: r.resourceNames } : {}),
});

/** The caller's resource rules in a namespace, in the order kube-apiserver lists its bindings. */
function resourceRulesOf(user: User, namespace: string): JsonObject[] {
  const basic = BASIC_USER.map(reviewRule);
  if (isAdmin(user)) return [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }, ...basic];
  if (user.name === 'viewer') return [...VIEWER_BINDING.rules.map(reviewRule), ...basic];
  if (user.name === 'developer' && namespace === DEMO_DEVELOPER_NAMESPACE) return [...basic, ...DEVELOPER_BINDING.rules.map(reviewRule)];
  return basic;
}

/** The SelfSubjectRulesReview answer for the caller in spec.namespace (spec is not echoed, as the real server does). */
export function rulesReview(user: User, body: KubeObject): KubeObject {
  const admin = isAdmin(user);
  const spec = isPlainObject(body.spec) ? body.spec : {};
  const resourceRules = resourceRulesOf(user, str(spec.namespace));
  const nonResourceRules = [...(admin ? [{ verbs: ['*'], nonResourceURLs: ['*'] }] : []), { verbs: ['get'], nonResourceURLs: PUBLIC_INFO }, { verbs: ['get'], nonResourceURLs: DISCOVERY }];
  return {
    kind: 'SelfSubjectRulesReview',
    apiVersion: 'authorization.k8s.io/v1',
    metadata: {},
    spec: {},
    status: { resourceRules, nonResourceRules, incomplete: false },
  };
}

export const selfsubjectaccessreviews: ResourceType = recordedType('authorization.k8s.io/v1', 'selfsubjectaccessreviews', {
  hasGeneration: false,
  zeroValue: { spec: {}, status: { allowed: false } },
  nameRule: 'subdomain',
  review: accessReview,
});

export const selfsubjectrulesreviews: ResourceType = recordedType('authorization.k8s.io/v1', 'selfsubjectrulesreviews', {
  hasGeneration: false,
  zeroValue: { spec: {}, status: { resourceRules: null, nonResourceRules: null, incomplete: false } },
  nameRule: 'subdomain',
  review: (body, user) => rulesReview(user, body),
});
