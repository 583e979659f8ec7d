// SelfSubjectAccessReview and SelfSubjectRulesReview as the developer (edit, which aggregates view, in one
// namespace) and the viewer (view) ask them, against kube-apiserver 1.37.2: decision, reason, echoed spec,
// metadata and managedFields; and SelfSubjectReview.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleSet, withoutMetricsServer } from '../../demo-cluster/testing/rules-review.js';
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

/**
 * The two setups differ on purpose where the answers quote them: the developer's namespace (real fx, demo
 * shop). Both bind the built-in roles by the same names (the modern tier's start.sh, the demo's seed).
 */
function sameSetup(v: Json, t: Target): Json {
  if (Array.isArray(v)) return v.map((x) => sameSetup(x, t));
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, sameSetup(x, t)]));
  if (typeof v !== 'string') return v;
  if (v === t.developerNamespace) return DEVELOPER_NAMESPACE;
  return v.replaceAll(`/${t.developerNamespace}"`, `/${DEVELOPER_NAMESPACE}"`);
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
    // The case says what 1.37.2 decides, so a change on the real tier's side shows as such.
    expect(real.status).toBe(201);
    expect((real.body as { status: { allowed: boolean } }).status.allowed).toBe(allowed);
  });

  it('system:anonymous may not ask (system:basic-user is bound to system:authenticated)', async () => {
    const real = await compareReview('anonymous SSAR', SSAR, 'anonymous', ssar('cluster', { verb: 'get', resource: 'pods' }));
    expect(real.status).toBe(403);
  });
});

describe('SelfSubjectRulesReview', () => {
  /**
   * Rules as sets: kube-apiserver lists them from an informer cache, in no stable order. The demo's answer
   * also holds metrics-server's reader role (aggregated into view and edit), which the real tier does not run.
   */
  const asSets = (r: Response): Response => {
    const status = isObject(r.body) && isObject(r.body.status) ? r.body.status : undefined;
    if (!isObject(r.body) || !status) return r;
    const resourceRules = ruleSet(withoutMetricsServer(status.resourceRules));
    return { ...r, body: { ...r.body, status: { ...status, resourceRules, nonResourceRules: ruleSet(status.nonResourceRules) } } };
  };
  const ssrr = (where: Where) => (t: Target): JsonObject => ({ apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', spec: namespaceOf(where, t) });

  it.each<[string, Identity, Where, number]>([
    ['developer in its namespace: basic-user and edit (which holds view)', 'developer', 'own', 29],
    ['developer in another namespace: basic-user only', 'developer', 'other', 2],
    ['viewer: view and basic-user', 'viewer', 'other', 14],
  ])('%s', async (name, as, where, rules) => {
    const real = await compareReview(name, SSRR, as, ssrr(where), asSets);
    expect(real.status).toBe(201);
    expect((real.body as { status: { resourceRules: unknown[] } }).status.resourceRules).toHaveLength(rules);
  });
});

describe('SelfSubjectReview', () => {
  const SSR = '/apis/authentication.k8s.io/v1/selfsubjectreviews';
  /**
   * The real tier's token file gives each identity a uid and, from its empty groups column, the group "": the
   * demo's tokens carry neither (both servers omit an empty uid). The rest must match.
   */
  const withoutTokenFileExtras = (r: Response): Response => {
    const info = isObject(r.body) && isObject(r.body.status) && isObject(r.body.status.userInfo) ? r.body.status.userInfo : undefined;
    if (!isObject(r.body) || !info) return r;
    const { uid: _uid, ...rest } = info;
    const groups = Array.isArray(info.groups) ? info.groups.filter((g) => g !== '') : info.groups;
    return { ...r, body: { ...r.body, status: { userInfo: { ...rest, ...(groups !== undefined ? { groups } : {}) } } } };
  };

  it.each<Identity>(['admin', 'developer', 'viewer', 'anonymous'])('%s: who authentication says it is', async (as) => {
    const body = (): JsonObject => ({ apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview', metadata: { name: 'ignored' } });
    const { real, demo } = await pair.both({ method: 'POST', path: SSR, body, as });
    compare(`SelfSubjectReview as ${as}`, withoutTokenFileExtras(real), withoutTokenFileExtras(demo));
    expect(real.status).toBe(as === 'anonymous' ? 403 : 201);
  });
});
