// SelfSubjectReview: the answer, who may ask, and how discovery and OpenAPI list the type.
import { describe, expect, it } from 'vitest';
import { aggregatedDiscovery, apiGroup, apiGroupList, apiResourceList } from '../http/discovery.js';
import { OpenApi } from '../openapi/openapi.js';
import { defaultRegistry } from '../resources/index.js';
import type { KubeObject } from '../resources/types.js';
import { ANONYMOUS, authorize, type User } from './auth.js';
import { selfSubjectReview, selfsubjectreviews } from './self-subject-review.js';

const admin: User = { name: 'admin', groups: ['system:masters', 'system:authenticated'] };
const developer: User = { name: 'developer', groups: ['system:authenticated'] };
const create = { verb: 'create', group: 'authentication.k8s.io', resource: 'selfsubjectreviews' };

describe('selfSubjectReview', () => {
  it('answers username and groups, stamped with the given time, as kube-apiserver 1.28 serializes it', () => {
    expect(JSON.stringify(selfSubjectReview(admin, '2026-01-02T03:04:05Z'))).toBe(
      '{"kind":"SelfSubjectReview","apiVersion":"authentication.k8s.io/v1","metadata":{"creationTimestamp":"2026-01-02T03:04:05Z"},' +
        '"status":{"userInfo":{"username":"admin","groups":["system:masters","system:authenticated"]}}}',
    );
  });

  it('includes a uid when authentication knew one, and omits empty groups', () => {
    expect(selfSubjectReview({ name: 'u', groups: [], uid: 'uid-u' }, 'now').status).toEqual({ userInfo: { username: 'u', uid: 'uid-u' } });
  });

  it('is a new object: nothing of the request body comes back', () => {
    const body = { kind: 'SelfSubjectReview', apiVersion: 'authentication.k8s.io/v1', metadata: { name: 'x', labels: { a: 'b' } }, status: { userInfo: { username: 'someone-else' } } } as unknown as KubeObject;
    const answer = selfsubjectreviews.review?.(body, developer, 'kubectl', { admin: 'a', viewer: 'v', developer: 'd' });
    expect(answer?.metadata).toEqual({ creationTimestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) });
    expect(answer?.status).toEqual({ userInfo: { username: 'developer', groups: ['system:authenticated'] } });
  });

  it('every authenticated user may create one (system:basic-user), system:anonymous may not', () => {
    expect(authorize(developer, create)).toBeUndefined();
    expect(authorize({ name: 'viewer', groups: ['system:authenticated'] }, create)).toBeUndefined();
    expect(authorize(ANONYMOUS, create)?.status.message).toBe(
      'selfsubjectreviews.authentication.k8s.io is forbidden: User "system:anonymous" cannot create resource "selfsubjectreviews" in API group "authentication.k8s.io" at the cluster scope',
    );
    expect(authorize({ name: 'developer', groups: ['system:authenticated'] }, { ...create, verb: 'get' })).toBeDefined();
  });
});

describe('selfsubjectreviews in discovery and OpenAPI', () => {
  const registry = defaultRegistry();

  it('is marked as newer than the recording, with the other types 1.20.2 does not serve', () => {
    expect(registry.all().filter((t) => t.beyondRecorded !== undefined).map((t) => [`${t.group}/${t.version}/${t.resource}`, t.beyondRecorded])).toEqual([
      ['authentication.k8s.io/v1/selfsubjectreviews', '1.28'],
      ['autoscaling/v2/horizontalpodautoscalers', '1.23'],
      ['policy/v1/poddisruptionbudgets', '1.21'],
      ['discovery.k8s.io/v1/endpointslices', '1.21'],
      ['storagemigration.k8s.io/v1/storageversionmigrations', '1.30'],
      ['metrics.k8s.io/v1beta1/nodes', 'metrics-server 0.7'],
      ['metrics.k8s.io/v1beta1/pods', 'metrics-server 0.7'],
    ]);
  });

  it('legacy discovery: authentication.k8s.io/v1 between events.k8s.io and authorization.k8s.io, as kube-apiserver orders the groups', () => {
    const names = (apiGroupList(registry).groups as { name: string }[]).map((g) => g.name);
    expect(names.slice(names.indexOf('events.k8s.io'), names.indexOf('events.k8s.io') + 3)).toEqual(['events.k8s.io', 'authentication.k8s.io', 'authorization.k8s.io']);
    const version = { groupVersion: 'authentication.k8s.io/v1', version: 'v1' };
    expect(apiGroup(registry, 'authentication.k8s.io')).toEqual({ kind: 'APIGroup', apiVersion: 'v1', name: 'authentication.k8s.io', versions: [version], preferredVersion: version });
    expect(apiResourceList(registry, 'authentication.k8s.io', 'v1')).toEqual({
      kind: 'APIResourceList',
      apiVersion: 'v1',
      groupVersion: 'authentication.k8s.io/v1',
      resources: [
        { name: 'selfsubjectreviews', singularName: 'selfsubjectreview', namespaced: false, kind: 'SelfSubjectReview', verbs: ['create'] },
        { name: 'tokenreviews', singularName: 'tokenreview', namespaced: false, kind: 'TokenReview', verbs: ['create'] },
      ],
    });
  });

  it('aggregated discovery lists it with a cluster scope', () => {
    const items = aggregatedDiscovery(registry, false).items as { metadata: { name: string }; versions: unknown[] }[];
    expect(items.find((i) => i.metadata.name === 'authentication.k8s.io')?.versions).toEqual([
      {
        version: 'v1',
        resources: [
          { resource: 'selfsubjectreviews', responseKind: { group: '', version: '', kind: 'SelfSubjectReview' }, scope: 'Cluster', singularResource: 'selfsubjectreview', verbs: ['create'] },
          { resource: 'tokenreviews', responseKind: { group: '', version: '', kind: 'TokenReview' }, scope: 'Cluster', singularResource: 'tokenreview', verbs: ['create'] },
        ],
        freshness: 'Current',
      },
    ]);
  });

  it('OpenAPI v2 and v3 define the kind and its POST', () => {
    const openapi = new OpenApi(registry, 'v1.37.2');
    const v2 = JSON.parse(openapi.v2().body) as { paths: Record<string, Record<string, unknown>>; definitions: Record<string, unknown> };
    expect(Object.keys(v2.paths['/apis/authentication.k8s.io/v1/selfsubjectreviews'] ?? {})).toEqual(['post']);
    expect(v2.definitions['io.k8s.api.authentication.v1.SelfSubjectReview']).toMatchObject({ 'x-kubernetes-group-version-kind': [{ group: 'authentication.k8s.io', kind: 'SelfSubjectReview', version: 'v1' }] });
    const v3 = JSON.parse(openapi.v3('apis/authentication.k8s.io/v1')?.body ?? '{}') as { paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };
    // The recorded 1.37.2 document: the group-version's discovery path, then the type's.
    expect(Object.keys(v3.paths)).toEqual(['/apis/authentication.k8s.io/v1/', '/apis/authentication.k8s.io/v1/selfsubjectreviews', '/apis/authentication.k8s.io/v1/tokenreviews']);
    expect(Object.keys(v3.components.schemas)).toEqual(expect.arrayContaining(['io.k8s.api.authentication.v1.SelfSubjectReview', 'io.k8s.api.authentication.v1.SelfSubjectReviewStatus', 'io.k8s.api.authentication.v1.UserInfo']));
    expect(openapi.v3Index().paths).toHaveProperty(['apis/authentication.k8s.io/v1']);
  });
});
