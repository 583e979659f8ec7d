// The groups a default 1.37 cluster serves beyond the workloads: local APIServices, TokenReviews of the demo's own
// tokens, HorizontalPodAutoscalers in autoscaling/v2 and their autoscaling/v1 view, and the Tables of the others.
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import type { Json } from '../testing/http.js';

const cluster = useCluster({ tokens: { admin: 'admin-t', viewer: 'viewer-t', developer: 'developer-t' } });
const { api } = cluster;
const TABLE = { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const cellsWithoutAge = (table: Json, ageAt: number): unknown[][] => (table.rows as Json[]).map((r) => (r.cells as unknown[]).filter((_, i) => i !== ageAt));

describe('APIServices', () => {
  it('lists a local, Available APIService for each built-in group-version, as kube-apiserver registers them', async () => {
    const items = (await api('/apis/apiregistration.k8s.io/v1/apiservices')).body.items as Json[];
    expect(items.map((s) => s.metadata.name)).toEqual(expect.arrayContaining(['v1.', 'v1.apps', 'v1.autoscaling', 'v2.autoscaling', 'v1.policy', 'v1.storage.k8s.io']));
    expect(items.find((s) => s.metadata.name === 'v2.autoscaling')).toMatchObject({
      metadata: { labels: { 'kube-aggregator.kubernetes.io/automanaged': 'onstart' } },
      spec: { group: 'autoscaling', version: 'v2', groupPriorityMinimum: 17500, versionPriority: 30 },
      status: { conditions: [{ type: 'Available', status: 'True', reason: 'Local', message: 'Local APIServices are always available' }] },
    });
    const table = (await api('/apis/apiregistration.k8s.io/v1/apiservices/v1.apps', { headers: TABLE })).body;
    expect(table.columnDefinitions.map((c: Json) => c.name)).toEqual(['Name', 'Service', 'Available', 'Age']);
    expect(cellsWithoutAge(table, 3)).toEqual([['v1.apps', 'Local', 'True']]);
  });
});

describe('TokenReviews', () => {
  const review = (spec: Json) => api('/apis/authentication.k8s.io/v1/tokenreviews', { method: 'POST', body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec } });

  it("authenticates the demo's tokens for the apiserver's audience and refuses others", async () => {
    const viewer = await review({ token: 'viewer-t' });
    expect(viewer.status).toBe(201);
    expect(viewer.body.status).toEqual({ authenticated: true, user: { username: 'viewer', groups: ['system:authenticated'] }, audiences: ['https://kubernetes.default.svc.cluster.local'] });
    expect(viewer.body.spec).toEqual({ token: 'viewer-t' });
    expect(viewer.body.metadata.managedFields).toMatchObject([{ operation: 'Update', apiVersion: 'authentication.k8s.io/v1', fieldsV1: { 'f:spec': { 'f:token': {} } } }]);
    expect((await review({ token: 'nope' })).body.status).toEqual({ user: {}, error: 'invalid bearer token' });
    expect((await review({ token: 'admin-t', audiences: ['elsewhere'] })).body.status).toEqual({ user: {}, error: 'invalid bearer token' });
    const empty = await review({});
    expect([empty.status, empty.body.message]).toEqual([400, 'token is required for TokenReview in authentication']);
    expect((await api('/apis/authentication.k8s.io/v1/tokenreviews')).status).toBe(405);
  });
});

describe('HorizontalPodAutoscalers', () => {
  it('defaults minReplicas and the cpu metric in autoscaling/v2, and shows the same object in autoscaling/v1', async () => {
    const created = await api('/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers', {
      method: 'POST',
      body: { metadata: { name: 'web' }, spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 5 } },
    });
    expect(created.status).toBe(201);
    expect(created.body.spec).toEqual({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
      minReplicas: 1,
      maxReplicas: 5,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }],
    });
    const v1 = (await api('/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers/web')).body;
    expect(v1).toMatchObject({ apiVersion: 'autoscaling/v1', spec: { minReplicas: 1, maxReplicas: 5, targetCPUUtilizationPercentage: 80 }, status: { currentReplicas: 0, desiredReplicas: 0 } });
    const v2Table = (await api('/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers', { headers: TABLE })).body;
    const v1Table = (await api('/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers', { headers: TABLE })).body;
    expect(cellsWithoutAge(v2Table, 6)).toEqual([['web', 'Deployment/web', 'cpu: <unknown>/80%', '1', 5, 0]]);
    expect(cellsWithoutAge(v1Table, 6)).toEqual(cellsWithoutAge(v2Table, 6));
  });

  it('writes through autoscaling/v1 reach autoscaling/v2, keeping the metrics v1 has no field for', async () => {
    const v1 = '/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers';
    const v2 = '/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers';
    const created = await api(v1, { method: 'POST', body: { metadata: { name: 'api' }, spec: { scaleTargetRef: { kind: 'Deployment', name: 'api' }, maxReplicas: 3, targetCPUUtilizationPercentage: 50 } } });
    expect([created.status, created.body.spec.minReplicas]).toEqual([201, 1]);
    const memory = { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '100Mi' } } };
    const asV2 = (await api(`${v2}/api`)).body;
    expect(asV2.spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }]);
    expect(asV2.metadata.uid).toBe(created.body.metadata.uid);
    const withMemory = await api(`${v2}/api`, { method: 'PATCH', body: { spec: { metrics: [...(asV2.spec.metrics as Json[]), memory] } }, contentType: 'application/merge-patch+json' });
    expect(withMemory.status).toBe(200);
    const patched = await api(`${v1}/api`, { method: 'PATCH', body: { spec: { targetCPUUtilizationPercentage: 70 } }, contentType: 'application/merge-patch+json' });
    expect(patched.body.spec.targetCPUUtilizationPercentage).toBe(70);
    expect((await api(`${v2}/api`)).body.spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }, memory]);
    expect((await api(`${v1}/api`, { method: 'DELETE' })).status).toBe(200);
    expect((await api(`${v2}/api`)).status).toBe(404);
  });
});

describe('Tables of the other groups', () => {
  it('prints PodDisruptionBudgets, EndpointSlices, RuntimeClasses, CSINodes and CertificateSigningRequests as printers.go does', async () => {
    const post = (path: string, body: Json) => api(path, { method: 'POST', body });
    expect((await post('/apis/policy/v1/namespaces/default/poddisruptionbudgets', { metadata: { name: 'pdb' }, spec: { minAvailable: '50%' } })).status).toBe(201);
    expect((await post('/apis/discovery.k8s.io/v1/namespaces/default/endpointslices', { metadata: { name: 'es' }, addressType: 'IPv4', ports: [{ port: 80 }, { name: 'x' }], endpoints: [{ addresses: ['10.0.0.1', '10.0.0.2'] }] })).body.ports).toEqual([
      { port: 80, name: '', protocol: 'TCP' },
      { name: 'x', protocol: 'TCP' },
    ]);
    expect((await post('/apis/node.k8s.io/v1/runtimeclasses', { metadata: { name: 'gvisor' }, handler: 'runsc' })).status).toBe(201);
    expect((await post('/apis/storage.k8s.io/v1/csinodes', { metadata: { name: 'n1' }, spec: { drivers: [{ name: 'd', nodeID: 'n1' }] } })).status).toBe(201);
    expect((await post('/apis/certificates.k8s.io/v1/certificatesigningrequests', { metadata: { name: 'csr' }, spec: { request: 'AAAA', signerName: 'example.com/signer', username: 'alice', expirationSeconds: 3600 } })).status).toBe(201);
    const table = async (path: string, ageAt: number) => cellsWithoutAge((await api(path, { headers: TABLE })).body, ageAt);
    expect(await table('/apis/policy/v1/namespaces/default/poddisruptionbudgets', 4)).toEqual([['pdb', '50%', 'N/A', 0]]);
    expect(await table('/apis/discovery.k8s.io/v1/namespaces/default/endpointslices', 4)).toEqual([['es', 'IPv4', '80,x', '10.0.0.1,10.0.0.2']]);
    expect(await table('/apis/node.k8s.io/v1/runtimeclasses', 2)).toEqual([['gvisor', 'runsc']]);
    expect(await table('/apis/storage.k8s.io/v1/csinodes', 2)).toEqual([['n1', 1]]);
    expect(await table('/apis/certificates.k8s.io/v1/certificatesigningrequests', 1)).toEqual([['csr', 'example.com/signer', 'alice', '60m', 'Pending']]);
  });
});
