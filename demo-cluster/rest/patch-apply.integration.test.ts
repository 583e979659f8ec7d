// PATCH, server-side apply and OpenAPI over real HTTP.
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import { readJsonFixture, recording } from '../../tests/fixtures/recorded.js';
import type { ApiResponse, Json } from '../testing/http.js';

const fixture = (path: string): unknown => readJsonFixture<unknown>(path);
const cluster = useCluster();
const { api } = cluster;

const CM = '/api/v1/namespaces/demo/configmaps';

describe('PATCH', () => {
  it('json-patch, merge and strategic merge', async () => {
    await api(CM, { method: 'POST', body: { metadata: { name: 'p' }, data: { a: '1' } } });
    const jp = await api(`${CM}/p`, { method: 'PATCH', body: [{ op: 'add', path: '/data/b', value: '2' }], contentType: 'application/json-patch+json' });
    expect(jp.body.data).toEqual({ a: '1', b: '2' });
    const failed = await api(`${CM}/p`, { method: 'PATCH', body: [{ op: 'test', path: '/data/a', value: 'x' }], contentType: 'application/json-patch+json' });
    expect(failed.body).toEqual(fixture('errors/422-json-patch-test-failed.json'));
    const merge = await api(`${CM}/p`, { method: 'PATCH', body: { data: { a: null, c: '3' } }, contentType: 'application/merge-patch+json' });
    expect(merge.body.data).toEqual({ b: '2', c: '3' });
    const unknown = await api(`${CM}/p`, { method: 'PATCH', body: {}, contentType: 'application/x-unknown' });
    expect(unknown.body).toEqual(fixture('errors/415-unsupported-patch.json'));
  });

  it('strategic merge patches containers by name', async () => {
    const path = '/apis/apps/v1/namespaces/demo/deployments/web';
    const before = await api(path);
    const patched = await api(path, { method: 'PATCH', body: { spec: { replicas: 5, template: { spec: { containers: [{ name: 'web', image: 'nginx:1.21' }] } } } }, contentType: 'application/strategic-merge-patch+json' });
    expect(patched.status).toBe(200);
    expect(patched.body.spec.replicas).toBe(5);
    expect(patched.body.spec.template.spec.containers).toHaveLength(1);
    expect(patched.body.spec.template.spec.containers[0]).toMatchObject({ name: 'web', image: 'nginx:1.21', imagePullPolicy: 'IfNotPresent' });
    expect(patched.body.metadata.generation).toBe((before.body.metadata.generation as number) + 1);
  });
});

describe('PATCH of the scale subresource', () => {
  const scale = '/apis/apps/v1/namespaces/demo/deployments/web/scale';

  it('merge patches replicas, with metadata.resourceVersion as a precondition', async () => {
    const before = await api(scale);
    const stale = await api(scale, { method: 'PATCH', body: { metadata: { resourceVersion: '1' }, spec: { replicas: 4 } }, contentType: 'application/merge-patch+json' });
    expect(stale.status).toBe(409);
    expect(stale.body.reason).toBe('Conflict');
    const dry = await api(`${scale}?dryRun=All`, { method: 'PATCH', body: { metadata: { resourceVersion: before.body.metadata.resourceVersion }, spec: { replicas: 4 } }, contentType: 'application/merge-patch+json' });
    expect(dry.body).toMatchObject({ kind: 'Scale', apiVersion: 'autoscaling/v1', spec: { replicas: 4 } });
    expect((await api(scale)).body.spec).toEqual(before.body.spec);
  });

  it('refuses unknown patch types, undecodable bodies and negative replicas like the apiserver', async () => {
    const unknown = await api(scale, { method: 'PATCH', body: {}, contentType: 'application/x-unknown' });
    expect(unknown.body).toEqual(fixture('errors/415-unsupported-patch.json'));
    const garbled = await api(scale, { method: 'PATCH', body: '{nope', contentType: 'application/merge-patch+json' });
    expect(garbled.status).toBe(400);
    expect(garbled.body.reason).toBe('BadRequest');
    const negative = await api(scale, { method: 'PATCH', body: { spec: { replicas: -1 } }, contentType: 'application/merge-patch+json' });
    expect(negative.status).toBe(422);
    expect(negative.body.message).toBe('Scale.autoscaling "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0');
    expect(negative.body.details).toMatchObject({ name: 'web', group: 'autoscaling', kind: 'Scale' });
  });

  it('takes an apply patch in YAML', async () => {
    const applied = await api(`${scale}?fieldManager=m1&dryRun=All`, { method: 'PATCH', body: 'apiVersion: autoscaling/v1\nkind: Scale\nmetadata:\n  name: web\nspec:\n  replicas: 6\n', contentType: 'application/apply-patch+yaml' });
    expect(applied.status).toBe(200);
    expect(applied.body.spec).toEqual({ replicas: 6 });
  });
});

describe('server-side apply', () => {
  const apply = (body: unknown, query: string): Promise<ApiResponse> =>
    api(`${CM}/applied${query}`, { method: 'PATCH', body, contentType: 'application/apply-patch+yaml' });

  it('requires a fieldManager', async () => {
    const res = await apply({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'applied' } }, '');
    expect(res.body).toEqual(fixture('errors/422-apply-without-fieldmanager.json'));
  });

  it('creates, tracks ownership, conflicts and forces', async () => {
    const created = await apply('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: applied\ndata:\n  a: "1"\n', '?fieldManager=m1');
    expect(created.status).toBe(201);
    expect(created.body.metadata.managedFields).toEqual([expect.objectContaining({ manager: 'm1', operation: 'Apply', fieldsV1: { 'f:data': { 'f:a': {} } } })]);
    const conflict = await apply({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'applied' }, data: { a: '2' } }, '?fieldManager=m2');
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toBe('Apply failed with 1 conflict: conflict with "m1": .data.a');
    expect(conflict.body.details.causes).toEqual([{ reason: 'FieldManagerConflict', message: 'conflict with "m1"', field: '.data.a' }]);
    const forced = await apply({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'applied' }, data: { a: '2' } }, '?fieldManager=m2&force=true');
    expect(forced.status).toBe(200);
    expect(forced.body.data.a).toBe('2');
    expect(forced.body.metadata.managedFields.map((m: Json) => m.manager)).toEqual(['m2']);
    // m2 stops applying data.a: the field goes away since nobody else owns it.
    const dropped = await apply({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'applied' }, data: { b: '1' } }, '?fieldManager=m2');
    expect(dropped.body.data).toEqual({ b: '1' });
  });

  it('reports an Update manager with its apiVersion', async () => {
    await api(CM, { method: 'POST', body: { metadata: { name: 'upd' }, data: { a: '1' } }, headers: { 'User-Agent': 'kubectl-create/v1.32' } });
    const res = await api(`${CM}/upd?fieldManager=m3`, { method: 'PATCH', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'upd' }, data: { a: '9' } }, contentType: 'application/apply-patch+yaml' });
    expect(res.body.message).toBe('Apply failed with 1 conflict: conflict with "kubectl-create" using v1: .data.a');
  });
});

describe('OpenAPI', () => {
  it('v3 index, hashed documents, 304 and GVK-tagged PATCH with fieldValidation', async () => {
    const index = await api('/openapi/v3');
    const url = index.body.paths['api/v1'].serverRelativeURL as string;
    expect(url).toMatch(/^\/openapi\/v3\/api\/v1\?hash=[0-9A-F]{128}$/);
    const doc = await api(url);
    expect(doc.headers.get('cache-control')).toBe('public, immutable');
    const patch = doc.body.paths['/api/v1/namespaces/{namespace}/pods/{name}'].patch;
    expect(patch['x-kubernetes-group-version-kind']).toEqual({ group: '', version: 'v1', kind: 'Pod' });
    expect(patch.parameters.map((p: Json) => p.name)).toContain('fieldValidation');
    expect(doc.body.components.schemas['io.k8s.api.core.v1.PodSpec'].properties.containers).toBeDefined();
    const etag = doc.headers.get('etag') ?? '';
    const again = await api(url, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    const stale = await api('/openapi/v3/api/v1?hash=ABC', { redirect: 'manual' });
    expect(stale.status).toBe(301);
  });

  it('v2 JSON carries the recorded definitions', async () => {
    const v2 = await api('/openapi/v2');
    expect(v2.body.swagger).toBe('2.0');
    expect(v2.body.definitions['io.k8s.api.apps.v1.Deployment']).toEqual(recording('1.37.2').readJson<Json>('openapi-v2.json').definitions['io.k8s.api.apps.v1.Deployment']);
  });
});
