// Resource quota accounting: the controller fills status from the namespace's objects, admission refuses what does
// not fit with the plugin's 403 and charges what does (no activity loop: the quota controller always runs).
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import type { Json } from '../testing/http.js';
import { waitUntil } from '../testing/wait-until.js';

const cluster = useCluster({ podTerminationMs: 20 });
const { api } = cluster;
const NS = '/api/v1/namespaces/qa';
const quotaUsed = async (name: string): Promise<Json> => (await api(`${NS}/resourcequotas/${name}`)).body.status?.used ?? {};

const pod = (name: string, requests: Record<string, string>, extra: Json = {}): Json => ({
  metadata: { name },
  spec: { containers: [{ name: 'pause', image: 'registry.k8s.io/pause:3.10', resources: { requests, limits: {} } }], ...extra },
});

describe('resource quota', () => {
  it('counts objects, refuses a create beyond hard and releases usage on delete', async () => {
    expect((await api('/api/v1/namespaces', { method: 'POST', body: { metadata: { name: 'qa' } } })).status).toBe(201);
    const created = await api(`${NS}/resourcequotas`, {
      method: 'POST',
      body: { metadata: { name: 'test-quota' }, spec: { hard: { pods: '5', configmaps: '2', cpu: '1', memory: '500Mi', resourcequotas: '1', 'count/replicasets.apps': '5', services: '10', 'services.nodeports': '1', 'requests.example.com/dongle': '3' } } },
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toEqual({});
    const first = await waitUntil(() => quotaUsed('test-quota'), { until: (u) => u.resourcequotas === '1', what: 'the quota status' });
    // kube-root-ca.crt is the namespace's one ConfigMap.
    expect(first).toEqual({ configmaps: '1', 'count/replicasets.apps': '0', cpu: '0', memory: '0', pods: '0', 'requests.example.com/dongle': '0', resourcequotas: '1', services: '0', 'services.nodeports': '0' });
    const quota = (await api(`${NS}/resourcequotas/test-quota`)).body;
    expect(Object.keys(quota.status.hard)).toEqual(Object.keys(quota.status.hard).sort());

    expect((await api(`${NS}/pods`, { method: 'POST', body: pod('fits', { cpu: '500m', memory: '252Mi', 'example.com/dongle': '2' }) })).status).toBe(201);
    await waitUntil(() => quotaUsed('test-quota'), { until: (u) => u.pods === '1' && u.cpu === '500m' && u.memory === '252Mi' && u['requests.example.com/dongle'] === '2', what: 'the pod charged' });

    const refused = await api(`${NS}/pods`, { method: 'POST', body: pod('fail-pod', { cpu: '600m', memory: '100Mi' }) });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      kind: 'Status',
      reason: 'Forbidden',
      message: 'pods "fail-pod" is forbidden: exceeded quota: test-quota, requested: cpu=600m, used: cpu=500m, limited: cpu=1',
      details: { name: 'fail-pod', kind: 'pods' },
      code: 403,
    });
    const missing = await api(`${NS}/pods`, { method: 'POST', body: { metadata: { name: 'no-requests' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } });
    expect(missing.status).toBe(403);
    expect(missing.body.message).toBe('pods "no-requests" is forbidden: failed quota: test-quota: must specify cpu for: c; memory for: c');

    const np = { metadata: { name: 'np' }, spec: { type: 'NodePort', ports: [{ port: 80 }] } };
    expect((await api(`${NS}/services`, { method: 'POST', body: np })).status).toBe(201);
    const lb = await api(`${NS}/services`, { method: 'POST', body: { metadata: { name: 'lb' }, spec: { type: 'LoadBalancer', ports: [{ port: 80 }] } } });
    expect(lb.status).toBe(403);
    expect(lb.body.message).toBe('services "lb" is forbidden: exceeded quota: test-quota, requested: services.nodeports=1, used: services.nodeports=1, limited: services.nodeports=1');

    // Services are charged on update too: a ClusterIP one turned NodePort needs a node port.
    expect((await api(`${NS}/services`, { method: 'POST', body: { metadata: { name: 'cip' }, spec: { ports: [{ port: 80 }] } } })).status).toBe(201);
    const turned = await api(`${NS}/services/cip`, { method: 'PATCH', body: { spec: { type: 'NodePort' } }, contentType: 'application/merge-patch+json' });
    expect(turned.status).toBe(403);
    expect(turned.body.message).toBe('services "cip" is forbidden: exceeded quota: test-quota, requested: services.nodeports=1, used: services.nodeports=1, limited: services.nodeports=1');
    expect((await api(`${NS}/configmaps`, { method: 'POST', body: { metadata: { name: 'c2' } } })).status).toBe(201);
    const third = await api(`${NS}/configmaps`, { method: 'POST', body: { metadata: { name: 'c3' } } });
    expect(third.body.message).toBe('configmaps "c3" is forbidden: exceeded quota: test-quota, requested: configmaps=1, used: configmaps=2, limited: configmaps=2');

    const second = await api(`${NS}/resourcequotas`, { method: 'POST', body: { metadata: { name: 'other' }, spec: { hard: { pods: '1' } } } });
    expect(second.status).toBe(403);
    expect(second.body.message).toBe('resourcequotas "other" is forbidden: exceeded quota: test-quota, requested: resourcequotas=1, used: resourcequotas=1, limited: resourcequotas=1');

    await api(`${NS}/pods/fits?gracePeriodSeconds=0`, { method: 'DELETE' });
    await waitUntil(() => quotaUsed('test-quota'), { until: (u) => u.pods === '0' && u.cpu === '0' && u.memory === '0', what: 'the pod released' });
  });

  it('scopes: a Terminating quota counts pods with activeDeadlineSeconds, a BestEffort one pods without requests', async () => {
    // test-quota allows one quota.
    await api(`${NS}/resourcequotas/test-quota`, { method: 'DELETE' });
    for (const [name, scope] of [['terminating', 'Terminating'], ['not-terminating', 'NotTerminating'], ['best-effort', 'BestEffort']]) {
      expect((await api(`${NS}/resourcequotas`, { method: 'POST', body: { metadata: { name }, spec: { hard: { pods: '5' }, scopes: [scope] } } })).status).toBe(201);
    }
    await waitUntil(() => quotaUsed('best-effort'), { until: (u) => u.pods === '0', what: 'scoped quotas calculated' });
    await api(`${NS}/pods`, { method: 'POST', body: pod('deadline', { cpu: '100m' }, { activeDeadlineSeconds: 3600 }) });
    await api(`${NS}/pods`, { method: 'POST', body: { metadata: { name: 'be' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } });
    await waitUntil(() => quotaUsed('terminating'), { until: (u) => u.pods === '1', what: 'the terminating pod counted' });
    // The best-effort pod is not terminating either.
    expect(await quotaUsed('not-terminating')).toEqual({ pods: '1' });
    expect(await quotaUsed('best-effort')).toEqual({ pods: '1' });
  });

  it('prints quotas as a Table of used/hard', async () => {
    const table = await api(`${NS}/resourcequotas/terminating`, { headers: { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } });
    expect(table.body.columnDefinitions.map((c: Json) => c.name)).toEqual(['Name', 'Request', 'Limit', 'Age']);
    expect(table.body.rows[0].cells.slice(0, 3)).toEqual(['terminating', 'pods: 1/5', '']);
  });
});
