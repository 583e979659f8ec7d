// Exercises the demo cluster over real HTTP and WebSocket against the recorded fixtures: discovery and Tables as
// 1.37.2 answers them, error bodies as recorded from 1.20.2 where they did not change.
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startDemoClusterWithOptions } from '../index.js';
import { useCluster } from '../testing/cluster.js';
import { readJsonFixture, recording } from '../../tests/fixtures/recorded.js';
import { apiFor } from '../testing/http.js';
import type { Json } from '../testing/http.js';
import { waitUntil } from '../testing/wait-until.js';
import { openWatch } from '../testing/watch-stream.js';

const fixture = (path: string): Record<string, unknown> => readJsonFixture<Record<string, unknown>>(path);
const recorded = (path: string): Record<string, unknown> => recording('1.37.2').readJson<Record<string, unknown>>(path);
const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';

const cluster = useCluster({ tokens: { admin: 'admin-t', viewer: 'viewer-t' }, bookmarkIntervalMs: 100, historyCapacity: 40, podTerminationMs: 50, namespaceTerminationMs: 50 });
const { api } = cluster;

describe('discovery', () => {
  it('serves /api, /api/v1 and /version shaped like 1.37.2', async () => {
    const core = await api('/api');
    expect(core.body.kind).toBe('APIVersions');
    expect(core.body.versions).toEqual(['v1']);
    const v1 = await api('/api/v1');
    expect(Object.keys(v1.body)).toEqual(['kind', 'groupVersion', 'resources']);
    const entries = (recorded('discovery/api__v1.json').resources as Json[]).filter((r) => ['configmaps', 'namespaces', 'pods', 'pods/status', 'namespaces/status'].includes(r.name as string));
    for (const r of entries) expect(v1.body.resources).toContainEqual(r);
    const version = (await api('/version')).body;
    const real = recorded('discovery/version.json');
    expect(Object.keys(version)).toEqual(Object.keys(real));
    expect(version).toMatchObject({ major: real.major, minor: real.minor, gitVersion: 'v1.37.2' });
  });

  it('serves aggregated discovery v2 with ETag and 304; a v2beta1 Accept is not acceptable (1.37 serves v2 only)', async () => {
    const accept = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json';
    const apis = await api('/apis', { headers: { Accept: accept } });
    expect(apis.headers.get('content-type')).toBe('application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList');
    expect(apis.headers.get('etag')).toMatch(/^"[0-9A-F]{128}"$/);
    expect(apis.body.kind).toBe('APIGroupDiscoveryList');
    const apps = apis.body.items.find((g: Json) => g.metadata.name === 'apps');
    const deployments = apps.versions[0].resources.find((r: Json) => r.resource === 'deployments');
    expect(deployments).toMatchObject({
      responseKind: { group: '', version: '', kind: 'Deployment' },
      scope: 'Namespaced',
      singularResource: 'deployment',
      shortNames: ['deploy'],
      categories: ['all'],
    });
    expect(deployments.subresources).toContainEqual({ subresource: 'scale', responseKind: { group: 'autoscaling', version: 'v1', kind: 'Scale' }, verbs: ['get', 'patch', 'update'] });
    const again = await api('/apis', { headers: { Accept: accept, 'If-None-Match': apis.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
    const beta = await api('/apis', { headers: { Accept: 'application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList' } });
    expect(beta.status).toBe(406);
    expect(beta.body).toEqual(recorded('discovery/apis-aggregated-v2beta1-only.json'));
    const betaThenJson = await api('/apis', { headers: { Accept: 'application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json' } });
    expect(betaThenJson.body.kind).toBe('APIGroupList');
    const core = await api('/api', { headers: { Accept: accept } });
    expect(core.body.items[0].metadata).toEqual({});
    expect(apps.metadata).toEqual({ name: 'apps' });
    const none = await api('/apis', { headers: { Accept: 'application/json;g=apidiscovery.k8s.io;v=v3;as=APIGroupDiscoveryList' } });
    expect(none.status).toBe(406);
    // /apis is not a go-restful route: the negotiation's list.
    expect(none.body.message).toBe('only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf');
    expect(none.body.details).toBeUndefined();
    // go-restful's own 406 for text/html on a resource endpoint, /api and /apis/G/V: what the path's routes produce
    // (a collection's GET also streams watches), as kube-apiserver 1.37.2 words it (tests/conformance/edge-cases.test.ts).
    const objects = 'application/json, application/yaml, application/vnd.kubernetes.protobuf';
    const restful = (produces: string): unknown => ({ ...fixture('errors/406-not-acceptable.json'), message: `406: Not Acceptable\n\nAvailable representations: ${produces}` });
    expect((await api('/api/v1/namespaces/demo/configmaps', { headers: { Accept: 'text/html' } })).body).toEqual(
      restful(`${objects}, application/json;stream=watch, application/vnd.kubernetes.protobuf;stream=watch`),
    );
    for (const path of ['/api/v1/namespaces/demo/configmaps/feature-flags', '/api', '/apis/apps/v1']) {
      expect((await api(path, { headers: { Accept: 'text/html' } })).body, path).toEqual(restful(objects));
    }
    expect((await api('/apis/apps', { headers: { Accept: 'text/html' } })).body.message).toMatch(/^only the following media types/);
    const legacy = await api('/apis', { headers: { Accept: 'application/json' } });
    expect(legacy.body.kind).toBe('APIGroupList');
  });
});

describe('authentication and authorization', () => {
  it('no token: 403 for system:anonymous; a wrong token: 401', async () => {
    const none = await api('/api/v1/pods', { token: null });
    expect(none.status).toBe(403);
    expect(none.body.message).toBe('pods is forbidden: User "system:anonymous" cannot list resource "pods" in API group "" at the cluster scope');
    const discovery = await api('/api', { token: null });
    expect(discovery.status).toBe(403);
    expect(discovery.body).toMatchObject({ message: 'forbidden: User "system:anonymous" cannot get path "/api"', reason: 'Forbidden', details: {} });
    expect((await api('/healthz', { token: null })).status).toBe(200);
    const wrong = await api('/api/v1/pods', { token: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(fixture('errors/401-unauthorized.json'));
    expect((await api('/api', { token: 'nope' })).status).toBe(401);
  });

  it('viewer reads but cannot write or read secrets', async () => {
    expect((await api('/api/v1/namespaces/demo/pods', { token: 'viewer-t' })).status).toBe(200);
    const create = await api('/api/v1/namespaces/demo/configmaps', { token: 'viewer-t', method: 'POST', body: { metadata: { name: 'x' } } });
    expect(create.status).toBe(403);
    expect(create.body.message).toBe('configmaps is forbidden: User "viewer" cannot create resource "configmaps" in API group "" in the namespace "demo"');
    const get = await api('/api/v1/namespaces/fx/secrets', { token: 'viewer-t' });
    expect(get.status).toBe(403);
    expect(get.body.details).toEqual({ kind: 'secrets' });
  });
});

describe('CRUD', () => {
  it('404 worded like the real server', async () => {
    const res = await api('/api/v1/namespaces/demo/pods/missing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual(fixture('errors/404-not-found.json'));
  });

  it('creates, conflicts, updates and deletes a ConfigMap', async () => {
    const created = await api('/api/v1/namespaces/demo/configmaps?fieldManager=tester', { method: 'POST', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings' }, data: { color: 'blue' } } });
    expect(created.status).toBe(201);
    expect(created.body.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.body.metadata.managedFields).toEqual([
      expect.objectContaining({ manager: 'tester', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { '.': {}, 'f:color': {} } } }),
    ]);
    expect(created.body.metadata.generation).toBeUndefined();

    const again = await api('/api/v1/namespaces/demo/configmaps', { method: 'POST', body: { metadata: { name: 'settings' } } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('configmaps "settings" already exists');

    const stale = await api('/api/v1/namespaces/demo/configmaps/settings', { method: 'PUT', body: { ...created.body, metadata: { ...created.body.metadata, resourceVersion: '1' } } });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual(fixture('errors/409-conflict-put.json'));

    const updated = await api('/api/v1/namespaces/demo/configmaps/settings', {
      method: 'PUT',
      headers: { 'User-Agent': 'kubectl-edit/v1.32 (linux)' },
      body: { ...created.body, data: { color: 'red' } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.metadata.resourceVersion).not.toBe(created.body.metadata.resourceVersion);
    // Both are Updates: ordered by time (whole seconds), then manager name.
    const entries = updated.body.metadata.managedFields.map((m: Json) => [Math.floor(Date.parse(m.time) / 1000), m.manager]);
    expect(entries.map((e: [number, string]) => e[1]).sort()).toEqual(['kubectl-edit', 'tester']);
    expect(entries).toEqual([...entries].sort((a: [number, string], b: [number, string]) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1)));

    const deleted = await api('/api/v1/namespaces/demo/configmaps/settings', { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: { name: 'settings', kind: 'configmaps', uid: created.body.metadata.uid } });
  });

  it('generateName, dryRun and a missing namespace', async () => {
    const dry = await api('/api/v1/namespaces/demo/configmaps?dryRun=All', { method: 'POST', body: { metadata: { generateName: 'gen-' }, data: { a: '1' } } });
    expect(dry.status).toBe(201);
    expect(dry.body.metadata.name).toMatch(/^gen-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(dry.body.metadata.resourceVersion).toBeUndefined();
    expect((await api(`/api/v1/namespaces/demo/configmaps/${dry.body.metadata.name as string}`)).status).toBe(404);
    const noNs = await api('/api/v1/namespaces/nowhere/configmaps', { method: 'POST', body: { metadata: { name: 'a' } } });
    expect(noNs.status).toBe(404);
    expect(noNs.body.message).toBe('namespaces "nowhere" not found');
  });

  it('422 Invalid with causes', async () => {
    const res = await api('/api/v1/namespaces/demo/pods', { method: 'POST', body: { metadata: { name: 'Bad_Name' }, spec: { containers: [{ name: 'c' }] } } });
    expect(res.status).toBe(422);
    expect(res.body.reason).toBe('Invalid');
    expect(res.body.details.causes).toEqual([
      expect.objectContaining({ reason: 'FieldValueInvalid', field: 'metadata.name' }),
      { reason: 'FieldValueRequired', message: 'Required value', field: 'spec.containers[0].image' },
    ]);
    expect(res.body.message).toMatch(/^Pod "Bad_Name" is invalid: \[metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain/);
  });

  it('deleting an unbound pod answers the object; a bound one goes Terminating first', async () => {
    const created = await api('/api/v1/namespaces/demo/pods', { method: 'POST', body: { metadata: { name: 'p1' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } });
    expect(created.body.status).toEqual({ phase: 'Pending', qosClass: 'BestEffort' });
    const del = await api('/api/v1/namespaces/demo/pods/p1', { method: 'DELETE' });
    expect(del.body.kind).toBe('Pod');
    const bound = await api('/api/v1/namespaces/demo/pods?limit=1&labelSelector=app%3Dweb&fieldSelector=spec.nodeName!%3D');
    const name = bound.body.items[0].metadata.name as string;
    const pending = await api(`/api/v1/namespaces/demo/pods/${name}`, { method: 'DELETE' });
    expect(pending.body.metadata.deletionTimestamp).toBeDefined();
    expect(pending.body.metadata.deletionGracePeriodSeconds).toBe(30);
    // The simulated kubelet finishes the graceful deletion (podTerminationMs).
    await waitUntil(() => api(`/api/v1/namespaces/demo/pods/${name}`), { until: (r) => r.status === 404, what: `pod ${name} to go` });
  });
});

describe('lists', () => {
  it('pages with limit/continue at one resourceVersion', async () => {
    const first = await api('/api/v1/pods?limit=5');
    expect(first.body.items).toHaveLength(5);
    expect(first.body.items[0].kind).toBeUndefined();
    expect(first.body.metadata.remainingItemCount).toBeGreaterThan(0);
    await api('/api/v1/namespaces/default/configmaps', { method: 'POST', body: { metadata: { name: 'bump' } } });
    const all: string[] = first.body.items.map((p: Json) => `${p.metadata.namespace as string}/${p.metadata.name as string}`);
    let token = first.body.metadata.continue as string | undefined;
    while (token) {
      const page = await api(`/api/v1/pods?limit=5&continue=${encodeURIComponent(token)}`);
      expect(page.body.metadata.resourceVersion).toBe(first.body.metadata.resourceVersion);
      all.push(...page.body.items.map((p: Json) => `${p.metadata.namespace as string}/${p.metadata.name as string}`));
      token = page.body.metadata.continue as string | undefined;
    }
    const full = await api('/api/v1/pods');
    expect(all).toEqual(full.body.items.map((p: Json) => `${p.metadata.namespace as string}/${p.metadata.name as string}`));
  });

  it('rejects malformed selectors and continue tokens like the real server', async () => {
    expect((await api('/api/v1/pods?labelSelector=a%20in%20(')).body).toEqual(fixture('errors/400-bad-label-selector.json'));
    expect((await api('/api/v1/pods?fieldSelector=spec.bogus%3D1')).body).toEqual(fixture('errors/400-bad-field-selector.json'));
    const cm = await api('/api/v1/configmaps?fieldSelector=spec.bogus%3D1');
    expect(cm.body.message).toBe('"spec.bogus" is not a known field selector: only "metadata.name", "metadata.namespace"');
    expect((await api('/api/v1/pods?limit=1&continue=abc%2Bdef')).body.message).toBe(
      'invalid continue token: continue key is not valid: illegal base64 data at input byte 3',
    );
  });

  it('filters by labels and fields', async () => {
    const web = await api('/api/v1/namespaces/demo/pods?labelSelector=app%3Dweb');
    expect(web.body.items.length).toBeGreaterThan(0);
    expect(web.body.items.every((p: Json) => p.metadata.labels.app === 'web')).toBe(true);
    const pending = await api('/api/v1/pods?fieldSelector=status.phase%3DPending');
    expect(pending.body.items.every((p: Json) => p.status.phase === 'Pending')).toBe(true);
  });
});

describe('tables', () => {
  it.each([
    ['/api/v1/pods', 'tables/api__v1__pods.json'],
    ['/api/v1/namespaces', 'tables/api__v1__namespaces.json'],
    ['/api/v1/configmaps', 'tables/api__v1__configmaps.json'],
    ...[
      'api/v1/events',
      'api/v1/nodes',
      'api/v1/secrets',
      'api/v1/serviceaccounts',
      'api/v1/services',
      'apis/apps/v1/deployments',
      'apis/apps/v1/replicasets',
      'apis/apps/v1/statefulsets',
      'apis/apps/v1/daemonsets',
      'apis/batch/v1/jobs',
      'apis/batch/v1/cronjobs',
      'apis/networking.k8s.io/v1/ingresses',
      'apis/rbac.authorization.k8s.io/v1/roles',
      'apis/rbac.authorization.k8s.io/v1/clusterroles',
      'apis/rbac.authorization.k8s.io/v1/rolebindings',
    ].map((p): [string, string] => [`/${p}`, `tables/${p.replaceAll('/', '__')}.json`]),
  ])('%s has the recorded column definitions', async (path, file) => {
    const res = await api(path, { headers: { Accept: TABLE } });
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.body.kind).toBe('Table');
    expect(res.body.columnDefinitions).toEqual(recorded(file).columnDefinitions);
    expect(res.body.rows[0].object.kind).toBe('PartialObjectMetadata');
  });

  it('includeObject None/Object, single object, Completed condition', async () => {
    const none = await api('/api/v1/namespaces/demo/pods?includeObject=None', { headers: { Accept: TABLE } });
    expect(none.body.rows[0].object).toBeNull();
    const one = await api('/api/v1/namespaces/demo/configmaps/feature-flags?includeObject=Object', { headers: { Accept: TABLE } });
    expect(one.body.metadata).toEqual({ resourceVersion: one.body.rows[0].object.metadata.resourceVersion });
    expect(one.body.rows[0].object.kind).toBe('ConfigMap');
    expect(one.body.rows[0].cells.slice(0, 2)).toEqual(['feature-flags', 3]);
    const done = await api('/api/v1/namespaces/demo/pods?labelSelector=app%3Dmigrate', { headers: { Accept: TABLE } });
    expect(done.body.rows[0].cells[2]).toBe('Completed');
    expect(done.body.rows[0].conditions).toEqual([{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }]);
    expect((await api('/api/v1/pods?includeObject=Bogus', { headers: { Accept: TABLE } })).status).toBe(400);
  });
});

describe('watch', () => {
  it('streams changes after a resourceVersion over chunked HTTP', async () => {
    const list = await api('/api/v1/namespaces/demo/configmaps');
    const rv = list.body.metadata.resourceVersion as string;
    const watch = await openWatch(cluster.handle, `/api/v1/namespaces/demo/configmaps?watch=1&resourceVersion=${rv}`);
    expect(watch.status).toBe(200);
    const c = await api('/api/v1/namespaces/demo/configmaps', { method: 'POST', body: { metadata: { name: 'watched' }, data: { a: '1' } } });
    await api('/api/v1/namespaces/demo/configmaps/watched', { method: 'PUT', body: { ...c.body, data: { a: '2' } } });
    await api('/api/v1/namespaces/demo/configmaps/watched', { method: 'DELETE' });
    const events = await watch.until((ev) => ev.length >= 3);
    watch.close();
    expect(events.map((e) => e.type)).toEqual(['ADDED', 'MODIFIED', 'DELETED']);
    expect(events[0]?.object.kind).toBe('ConfigMap');
    expect(events[2]?.object.metadata.resourceVersion).not.toBe(events[1]?.object.metadata.resourceVersion);
  });

  it('Table watch: columnDefinitions on the first event only', async () => {
    const watch = await openWatch(cluster.handle, '/api/v1/namespaces/demo/pods?watch=true', { Accept: TABLE });
    const events = await watch.until((ev) => ev.length >= 2);
    watch.close();
    expect(events[0]?.object.kind).toBe('Table');
    expect(events[0]?.object.columnDefinitions).toHaveLength(9);
    expect(events[1]?.object.columnDefinitions).toBeNull();
    expect(events[1]?.object.rows).toHaveLength(1);
  });

  it('too old resourceVersion: 200 then one ERROR 410 event', async () => {
    for (let i = 0; i < 60; i++) await api('/api/v1/namespaces/shop/configmaps', { method: 'POST', body: { metadata: { generateName: 'churn-' } } });
    const watch = await openWatch(cluster.handle, '/api/v1/namespaces/shop/configmaps?watch=1&resourceVersion=2');
    expect(watch.status).toBe(200);
    expect(await watch.ended).toBe('end');
    const events = watch.events;
    expect(events).toHaveLength(1);
    expect(events[0]?.type).toBe('ERROR');
    expect(events[0]?.object).toMatchObject({ kind: 'Status', status: 'Failure', reason: 'Expired', code: 410 });
    expect(events[0]?.object.message).toMatch(/^too old resource version: 2 \(\d+\)$/);
  });

  it('bookmarks when allowed: a watch from "" is a streaming list, its first bookmark ends the initial events', async () => {
    const watch = await openWatch(cluster.handle, '/api/v1/namespaces/kube-public/configmaps?watch=1&allowWatchBookmarks=true');
    const bookmark = await watch.next((e) => e.type === 'BOOKMARK', 'a bookmark');
    watch.close();
    // 1.37 omits the zero creationTimestamp (omitzero) that 1.20 wrote as null.
    expect(bookmark?.object).toEqual({
      kind: 'ConfigMap',
      apiVersion: 'v1',
      metadata: { resourceVersion: expect.stringMatching(/^\d+$/), annotations: { 'k8s.io/initial-events-end': 'true' } },
    });
  });

  it('WebSocket: 403 without Origin, one frame per event with it', async () => {
    const wsUrl = `${cluster.handle.url.replace('http', 'ws')}/api/v1/namespaces?watch=1`;
    const refused = await new Promise<number>((resolve) => {
      const ws = new WebSocket(wsUrl, { headers: { Authorization: `Bearer ${cluster.handle.tokens.admin}` } });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
    });
    expect(refused).toBe(403);
    const frames = await new Promise<Json[]>((resolve, reject) => {
      const got: Json[] = [];
      const ws = new WebSocket(wsUrl, { headers: { Authorization: `Bearer ${cluster.handle.tokens.admin}`, Origin: 'http://localhost', Accept: TABLE } });
      ws.on('message', (data: Buffer) => {
        got.push(JSON.parse(data.toString()) as Json);
        if (got.length === 2) {
          ws.close();
          resolve(got);
        }
      });
      ws.on('error', reject);
    });
    expect(frames[0]?.object.columnDefinitions).toEqual(recorded('tables/api__v1__namespaces.json').columnDefinitions);
    expect(frames[1]?.object.columnDefinitions).toBeNull();
  });

  it('close() ends open watches promptly', async () => {
    const extra = await startDemoClusterWithOptions({});
    const watch = await openWatch(extra, '/api/v1/pods?watch=1');
    await watch.next(() => true, 'the first event');
    const started = Date.now();
    await extra.close();
    expect(await watch.ended).toBe('end');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('seed', () => {
  it('seeds 10,000 pods fast', async () => {
    const started = Date.now();
    const big = await startDemoClusterWithOptions({ seed: { pods: 10_000 } });
    const elapsed = Date.now() - started;
    try {
      const { body } = await apiFor(big)('/api/v1/pods?limit=1');
      expect(body.metadata.remainingItemCount + 1).toBeGreaterThanOrEqual(10_000);
      expect(elapsed).toBeLessThan(2000);
    } finally {
      await big.close();
    }
  });
});
