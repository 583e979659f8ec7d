// SelfSubjectAccessReview / SelfSubjectRulesReview / SelfSubjectReview and the events.k8s.io/v1 mirror over real HTTP.
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import type { ApiResponse, Json } from '../testing/http.js';

const cluster = useCluster();
const { api } = cluster;
const post = (path: string, body: unknown, who: 'admin' | 'viewer' | 'developer' | 'anonymous' = 'admin'): Promise<ApiResponse> =>
  api(path, { method: 'POST', body, token: who === 'anonymous' ? null : cluster.handle.tokens[who], headers: { 'User-Agent': 'curl/8' } });
const get = async (path: string): Promise<Json> => (await api(path)).body;

const SSAR = '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews';
const review = (attrs: Json): Json => ({ apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', spec: { resourceAttributes: attrs } });

describe('access reviews', () => {
  it('SelfSubjectAccessReview: 201 with status.allowed and the granting binding per caller, shaped like the real answer', async () => {
    const admin = await post(SSAR, review({ namespace: 'default', verb: 'create', resource: 'pods' }));
    expect(admin.status).toBe(201);
    expect(admin.body.status).toEqual({ allowed: true });
    expect(admin.body.metadata).not.toHaveProperty('creationTimestamp');
    expect(admin.body.metadata.managedFields[0].manager).toBe('curl');
    expect((await post(SSAR, review({ namespace: 'default', verb: 'create', resource: 'pods' }), 'viewer')).body.status).toEqual({ allowed: false });
    expect((await post(SSAR, review({ verb: 'list', resource: 'pods' }), 'viewer')).body.status).toEqual({
      allowed: true,
      reason: 'RBAC: allowed by ClusterRoleBinding "kubeglass-viewer-view" of ClusterRole "view" to User "viewer"',
    });
    expect((await post(SSAR, review({ verb: 'get', resource: 'secrets' }), 'viewer')).body.status).toEqual({ allowed: false });
    expect((await post(SSAR, { kind: 'SelfSubjectAccessReview', spec: { nonResourceAttributes: { path: '/apis/apps', verb: 'get' } } }, 'viewer')).body.status).toEqual({
      allowed: true,
      reason: 'RBAC: allowed by ClusterRoleBinding "system:discovery" of ClusterRole "system:discovery" to Group "system:authenticated"',
    });
    expect((await post(SSAR, review({ namespace: 'shop', verb: 'update', resource: 'configmaps' }), 'developer')).body.status).toEqual({
      allowed: true,
      reason: 'RBAC: allowed by RoleBinding "kubeglass-developer-edit/shop" of ClusterRole "edit" to User "developer"',
    });
    expect((await get(SSAR)).code).toBe(405);
  });

  it('SelfSubjectRulesReview: everything for admin, reads but no secrets for the viewer', async () => {
    const body = { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', spec: { namespace: 'default' } };
    const admin = await post('/apis/authorization.k8s.io/v1/selfsubjectrulesreviews', body);
    expect(admin.status).toBe(201);
    expect(admin.body.spec).toEqual({});
    expect(admin.body.status.resourceRules[0]).toEqual({ verbs: ['*'], apiGroups: ['*'], resources: ['*'] });
    const viewer = await post('/apis/authorization.k8s.io/v1/selfsubjectrulesreviews', body, 'viewer');
    const core = viewer.body.status.resourceRules.filter((r: Json) => r.apiGroups.includes(''));
    expect(new Set(core.flatMap((r: Json) => r.verbs))).toEqual(new Set(['get', 'list', 'watch']));
    const resources = core.flatMap((r: Json) => r.resources);
    expect(resources).toContain('pods/log');
    expect(resources).not.toContain('secrets');
  });
});

describe('SelfSubjectReview', () => {
  const SSR = '/apis/authentication.k8s.io/v1/selfsubjectreviews';

  it('201 with the caller as authentication saw it; the body is not echoed', async () => {
    const body = { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview', metadata: { name: 'ignored' } };
    for (const [who, groups] of [['admin', ['system:masters', 'system:authenticated']], ['developer', ['system:authenticated']]] as const) {
      const answer = await post(SSR, body, who);
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({ kind: 'SelfSubjectReview', apiVersion: 'authentication.k8s.io/v1', metadata: { creationTimestamp: expect.any(String) }, status: { userInfo: { username: who, groups } } });
    }
    expect((await post(SSR, {}, 'viewer')).body.status.userInfo.username).toBe('viewer');
  });

  it('anonymous is forbidden (system:basic-user is bound to system:authenticated), as are other verbs and other kinds', async () => {
    const anonymous = await post(SSR, {}, 'anonymous');
    expect([anonymous.status, anonymous.body.message]).toEqual([403, 'selfsubjectreviews.authentication.k8s.io is forbidden: User "system:anonymous" cannot create resource "selfsubjectreviews" in API group "authentication.k8s.io" at the cluster scope']);
    expect((await post(SSAR, review({ verb: 'get', resource: 'pods' }), 'anonymous')).status).toBe(403);
    expect((await get(SSR)).code).toBe(405);
    expect((await post(SSR, { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview' })).status).toBe(400);
  });
});

describe('events.k8s.io/v1', () => {
  it('events written through either API show in both, converted', async () => {
    const created = await post('/apis/events.k8s.io/v1/namespaces/demo/events', {
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { name: 'e1' },
      eventTime: '2026-01-01T00:00:00.000000Z',
      reportingController: 'test/ctl',
      reportingInstance: 'i1',
      action: 'Poke',
      reason: 'Poked',
      type: 'Normal',
      note: 'hello',
      regarding: { kind: 'Pod', namespace: 'demo', name: 'p' },
    });
    expect(created.status).toBe(201);
    const core = await get('/api/v1/namespaces/demo/events/e1');
    expect([core.message, core.involvedObject.name, core.reportingComponent]).toEqual(['hello', 'p', 'test/ctl']);
    await post('/api/v1/namespaces/demo/events', { metadata: { name: 'e2' }, involvedObject: { kind: 'Node', name: 'n' }, message: 'from core', reason: 'R', source: { component: 'kubelet' } });
    const v1 = await get('/apis/events.k8s.io/v1/namespaces/demo/events/e2');
    expect([v1.note, v1.regarding.name, v1.deprecatedSource.component]).toEqual(['from core', 'n', 'kubelet']);
  });
});
