// authorization.k8s.io/v1 SelfSubjectAccessReview and SelfSubjectRulesReview: create-only types
// answered from the demo's fixed RBAC (auth.ts) for the caller; nothing is stored.
import { DEMO_DEVELOPER_NAMESPACE } from '../../wire/demo-cluster.js';
import { authorize } from './auth.js';
import { BASIC_USER, DEVELOPER_RULES } from './bootstrap-roles.js';
import type { ResourceRule } from '../../wire/rbac.js';
import type { User } from './auth.js';
import { rfc3339 } from '../resources/duration.js';
import { recordUpdate } from '../rest/managed-fields.js';
import { Schema } from '../openapi/schema.js';
import type { Registry, ResourceType } from '../resources/registry.js';
import { recordedType } from '../resources/define.js';
import type { JsonObject, KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Non-resource URLs of system:public-info-viewer and system:discovery (every authenticated user). */
const PUBLIC_INFO = ['/healthz', '/livez', '/readyz', '/version', '/version/'];
const DISCOVERY = ['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/openapi', '/openapi/*', '/readyz', '/version', '/version/'];

const isAdmin = (user: User): boolean => user.groups.includes('system:masters');

function pathAllowed(user: User, verb: string, path: string): boolean {
  if (isAdmin(user)) return true;
  if (verb !== 'get') return false;
  return DISCOVERY.some((p) => (p.endsWith('*') ? path.startsWith(p.slice(0, -1)) : p === path));
}

/** The SelfSubjectAccessReview decision: the body with status.allowed (and managedFields as recorded on create). */
export function accessReview(body: KubeObject, user: User, manager: string): KubeObject {
  const spec = isPlainObject(body.spec) ? body.spec : {};
  let allowed: boolean;
  if (isPlainObject(spec.resourceAttributes)) {
    const a = spec.resourceAttributes;
    const sub = str(a.subresource);
    const ns = str(a.namespace);
    const name = str(a.name);
    allowed =
      authorize(user, {
        verb: str(a.verb),
        group: str(a.group),
        resource: str(a.resource),
        ...(sub !== '' ? { subresource: sub } : {}),
        ...(ns !== '' ? { namespace: ns } : {}),
        ...(name !== '' ? { name } : {}),
      }) === undefined;
  } else {
    const n = isPlainObject(spec.nonResourceAttributes) ? spec.nonResourceAttributes : {};
    allowed = pathAllowed(user, str(n.verb), str(n.path));
  }
  const metadata = { ...body.metadata, creationTimestamp: null } as unknown as KubeObject['metadata'];
  const obj: KubeObject = { kind: body.kind, apiVersion: body.apiVersion, metadata, spec, status: { allowed } };
  const shape = { zero: { spec: {}, status: { allowed: false } }, schema: Schema.forKind({ group: 'authorization.k8s.io', version: 'v1', kind: String(body.kind) }) };
  const managed = recordUpdate({ ...obj, status: {}, metadata: { ...metadata, managedFields: [] } }, undefined, shape, manager, 'authorization.k8s.io/v1', rfc3339());
  if (managed.length > 0) obj.metadata = { ...metadata, managedFields: managed };
  return obj;
}

/** The rules the viewer holds: get/list/watch on every served resource but secrets, per group. */
function viewerRules(registry: Registry): JsonObject[] {
  const byGroup = new Map<string, Set<string>>();
  for (const t of registry.all()) {
    if (t.resource === 'secrets' || t.review || !t.verbs.includes('get')) continue;
    const set = byGroup.get(t.group) ?? new Set<string>();
    set.add(t.resource);
    for (const s of t.subresources) if (['status', 'log', 'scale'].includes(s.name)) set.add(`${t.resource}/${s.name}`);
    byGroup.set(t.group, set);
  }
  return [...byGroup].map(([g, set]) => ({ verbs: ['get', 'list', 'watch'], apiGroups: [g], resources: [...set].sort() }));
}

/** A rule in the field order of authorization/v1 ResourceRule (verbs first), as the review serializes it. */
const reviewRule = (r: ResourceRule): JsonObject => ({
  verbs: r.verbs,
  ...(r.apiGroups ? { apiGroups: r.apiGroups } : {}),
  ...(r.resources ? { resources: r.resources } : {}),
  ...(r.resourceNames ? { resourceNames: r.resourceNames } : {}),
});

/** The caller's resource rules in a namespace, in the order kube-apiserver lists its bindings. */
function resourceRulesOf(registry: Registry, user: User, namespace: string): JsonObject[] {
  const basic = BASIC_USER.map(reviewRule);
  if (isAdmin(user)) return [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }, ...basic];
  if (user.name === 'viewer') return [...viewerRules(registry), ...basic];
  if (user.name === 'developer' && namespace === DEMO_DEVELOPER_NAMESPACE) return [...basic, ...DEVELOPER_RULES.map(reviewRule)];
  return basic;
}

/** The SelfSubjectRulesReview answer for the caller in spec.namespace (spec is not echoed, as the real server does). */
export function rulesReview(registry: Registry, user: User, body: KubeObject): KubeObject {
  const admin = isAdmin(user);
  const spec = isPlainObject(body.spec) ? body.spec : {};
  const resourceRules = resourceRulesOf(registry, user, str(spec.namespace));
  const nonResourceRules = [...(admin ? [{ verbs: ['*'], nonResourceURLs: ['*'] }] : []), { verbs: ['get'], nonResourceURLs: PUBLIC_INFO }, { verbs: ['get'], nonResourceURLs: DISCOVERY }];
  return {
    kind: 'SelfSubjectRulesReview',
    apiVersion: 'authorization.k8s.io/v1',
    metadata: { creationTimestamp: null } as unknown as KubeObject['metadata'],
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

/** The rules review needs the registry (to list what the viewer may read). */
export function selfSubjectRulesReviews(registry: Registry): ResourceType {
  return recordedType('authorization.k8s.io/v1', 'selfsubjectrulesreviews', {
    hasGeneration: false,
    zeroValue: { spec: {}, status: { resourceRules: null, nonResourceRules: null, incomplete: false } },
    nameRule: 'subdomain',
    review: (body, user) => rulesReview(registry, user, body),
  });
}
