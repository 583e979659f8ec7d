// SelfSubjectAccessReview and SelfSubjectRulesReview as the developer (edit + view in one namespace) and the
// viewer ask them, against kube-apiserver 1.20.2: decision, reason, echoed spec, metadata and managedFields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRegistry } from '../../demo-cluster/resources/index.js';
import { ruleSet, withoutBeyondRecorded } from '../../demo-cluster/testing/rules-review.js';
import { compare, isObject, openPair } from './harness.js';
import type { Identity, Json, JsonObject, Pair, Response, Target } from './harness.js';

let pair: Pair;
beforeAll(async () => {
  pair = await openPair('kgr');
});
afterAll(async () => {
  await pair?.close();
});

const SSAR = '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews';
const SSRR = '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews';
const DEVELOPER_NAMESPACE = '<developer-namespace>';
const VIEWER_BINDING = '<viewer binding>';

/**
 * The two setups differ on purpose where the answers quote them: the developer's namespace (real fx, demo
 * shop), and the viewer's ClusterRoleBinding (seed.sh binds system:aggregate-to-view, as the real tier runs no
 * aggregation controller; the demo binds its own view).
 */
const viewerBinding = (t: Target): string =>
  t.name === 'real' ? 'ClusterRoleBinding "viewer-view" of ClusterRole "system:aggregate-to-view"' : 'ClusterRoleBinding "demo-viewer" of ClusterRole "view"';

function sameSetup(v: Json, t: Target): Json {
  if (Array.isArray(v)) return v.map((x) => sameSetup(x, t));
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, sameSetup(x, t)]));
  if (typeof v !== 'string') return v;
  if (v === t.developerNamespace) return DEVELOPER_NAMESPACE;
  return v.replaceAll(`/${t.developerNamespace}"`, `/${DEVELOPER_NAMESPACE}"`).replaceAll(viewerBinding(t), VIEWER_BINDING);
}

/** The namespace a case names: the developer's own (per target), another one both have, or none (cluster scope). */
type Where = 'own' | 'other' | 'cluster';
const namespaceOf = (where: Where, t: Target): Record<string, string> =>
  where === 'cluster' ? {} : { namespace: where === 'own' ? t.developerNamespace : pair.ns };

const ssar = (where: Where, attrs: JsonObject) => (t: Target): JsonObject => ({
  apiVersion: 'authorization.k8s.io/v1',
  kind: 'SelfSubjectAccessReview',
  spec: { resourceAttributes: { ...namespaceOf(where, t), ...attrs } },
});

/** POSTs a review to both as the given identity and compares the answers once the setups' differences are masked. */
async function compareReview(name: string, path: string, as: Identity, body: (t: Target) => JsonObject, view: (r: Response) => Response = (r) => r): Promise<Response> {
  const { real, demo } = await pair.both({ method: 'POST', path, body, as });
  compare(name, view({ ...real, body: sameSetup(real.body, pair.real) }), view({ ...demo, body: sameSetup(demo.body, pair.demo) }));
  return real;
}

describe('SelfSubjectAccessReview', () => {
  it.each<[string, Identity, Where, JsonObject, boolean]>([
    ['developer updates configmaps in its namespace', 'developer', 'own', { verb: 'update', resource: 'configmaps', name: 'settings' }, true],
    ['developer gets secrets in its namespace', 'developer', 'own', { verb: 'get', resource: 'secrets' }, true],
    ['developer lists pods in its namespace (the view binding)', 'developer', 'own', { verb: 'list', resource: 'pods' }, true],
    ['developer creates rolebindings in its namespace', 'developer', 'own', { verb: 'create', group: 'rbac.authorization.k8s.io', resource: 'rolebindings' }, false],
    ['developer updates configmaps in another namespace', 'developer', 'other', { verb: 'update', resource: 'configmaps' }, false],
    ['developer gets secrets in another namespace', 'developer', 'other', { verb: 'get', resource: 'secrets' }, false],
    ['developer lists namespaces (cluster scope)', 'developer', 'cluster', { verb: 'list', resource: 'namespaces' }, false],
    ['developer creates selfsubjectaccessreviews (system:basic-user)', 'developer', 'cluster', { verb: 'create', group: 'authorization.k8s.io', resource: 'selfsubjectaccessreviews' }, true],
    ['viewer gets pods', 'viewer', 'other', { verb: 'get', resource: 'pods' }, true],
    ['viewer creates configmaps', 'viewer', 'other', { verb: 'create', resource: 'configmaps' }, false],
    ['admin deletes namespaces (system:masters: no reason)', 'admin', 'cluster', { verb: 'delete', resource: 'namespaces' }, true],
  ])('%s', async (name, as, where, attrs, allowed) => {
    const real = await compareReview(name, SSAR, as, ssar(where, attrs));
    // The case says what 1.20.2 decides, so a change on the real tier's side shows as such.
    expect(real.status).toBe(201);
    expect((real.body as { status: { allowed: boolean } }).status.allowed).toBe(allowed);
  });

  it('system:anonymous may not ask (system:basic-user is bound to system:authenticated)', async () => {
    const real = await compareReview('anonymous SSAR', SSAR, 'anonymous', ssar('cluster', { verb: 'get', resource: 'pods' }));
    expect(real.status).toBe(403);
  });
});

describe('SelfSubjectRulesReview', () => {
  const registry = defaultRegistry();
  /**
   * Rules as sets: kube-apiserver lists them from an informer cache, in no stable order. The demo's answer
   * also holds 1.28's grant on selfsubjectreviews, a type 1.20.2 does not serve.
   */
  const asSets = (r: Response): Response => {
    const status = isObject(r.body) && isObject(r.body.status) ? r.body.status : undefined;
    if (!isObject(r.body) || !status) return r;
    const resourceRules = ruleSet(withoutBeyondRecorded(status.resourceRules, registry));
    return { ...r, body: { ...r.body, status: { ...status, resourceRules, nonResourceRules: ruleSet(status.nonResourceRules) } } };
  };
  const ssrr = (where: Where) => (t: Target): JsonObject => ({ apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', spec: namespaceOf(where, t) });

  it.each<[string, Where, number]>([
    ['developer in its namespace: basic-user, edit and view', 'own', 20],
    ['developer in another namespace: basic-user only', 'other', 1],
  ])('%s', async (name, where, rules) => {
    const real = await compareReview(name, SSRR, 'developer', ssrr(where), asSets);
    expect(real.status).toBe(201);
    expect((real.body as { status: { resourceRules: unknown[] } }).status.resourceRules).toHaveLength(rules);
  });
});
