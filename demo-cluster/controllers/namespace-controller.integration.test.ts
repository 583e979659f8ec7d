// Namespace lifecycle over real HTTP as a 1.37.2 control plane has it: /finalize replaces spec.finalizers, the status
// subresource keeps a patch's metadata, and deletion removes pods first, holding everything else (and the namespace,
// Terminating with its deletion conditions) while a pod with a finalizer remains.
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import type { Json } from '../testing/http.js';
import { waitUntil } from '../testing/wait-until.js';

const cluster = useCluster({ namespaceTerminationMs: 50 });
const { api } = cluster;

const create = async (name: string): Promise<void> => {
  expect((await api('/api/v1/namespaces', { method: 'POST', body: { metadata: { name } } })).status).toBe(201);
};

describe('namespace subresources', () => {
  it('PUT finalize replaces spec.finalizers and keeps the status', async () => {
    await create('fin');
    const ns = (await api('/api/v1/namespaces/fin')).body;
    const put = await api('/api/v1/namespaces/fin/finalize', { method: 'PUT', body: { ...ns, spec: { finalizers: ['kubernetes', 'e2e.example.com/fake'] }, status: { phase: 'Terminating' } } });
    expect(put.status).toBe(200);
    expect(put.body.spec.finalizers).toEqual(['kubernetes', 'e2e.example.com/fake']);
    expect(put.body.status.phase).toBe('Active');
    const back = await api('/api/v1/namespaces/fin/finalize', { method: 'PUT', body: { ...put.body, spec: { finalizers: ['kubernetes'] } } });
    expect(back.body.spec.finalizers).toEqual(['kubernetes']);
  });

  it('a status patch keeps its metadata change and not a spec change', async () => {
    await create('st');
    const patch = { metadata: { annotations: { 'e2e-patched-ns-status': 'st' } }, spec: { finalizers: [] }, status: { conditions: [{ type: 'StatusPatch', status: 'True', reason: 'E2E', message: 'Patched' }] } };
    const r = await api('/api/v1/namespaces/st/status', { method: 'PATCH', body: patch, contentType: 'application/merge-patch+json' });
    expect(r.status).toBe(200);
    expect(r.body.metadata.annotations).toEqual({ 'e2e-patched-ns-status': 'st' });
    expect(r.body.spec.finalizers).toEqual(['kubernetes']);
    expect(r.body.status.conditions).toEqual([{ type: 'StatusPatch', status: 'True', reason: 'E2E', message: 'Patched' }]);
  });
});

describe('namespace deletion', () => {
  it('pods go first: a pod with a finalizer holds the rest, then all goes once it is removed', async () => {
    await create('ordered');
    const pod = { metadata: { name: 'p', finalizers: ['e2e.example.com/finalizer'] }, spec: { containers: [{ name: 'c', image: 'pause' }] } };
    await waitUntil(() => api('/api/v1/namespaces/ordered/serviceaccounts/default'), { until: (r) => r.status === 200, what: 'default ServiceAccount' });
    expect((await api('/api/v1/namespaces/ordered/pods', { method: 'POST', body: pod })).status).toBe(201);
    expect((await api('/api/v1/namespaces/ordered/configmaps', { method: 'POST', body: { metadata: { name: 'cm' } } })).status).toBe(201);
    expect((await api('/api/v1/namespaces/ordered', { method: 'DELETE' })).status).toBe(200);

    const conditionTypes = (ns: Json): string[] => ((ns.status?.conditions ?? []) as Json[]).map((c) => c.type as string);
    const terminating = await waitUntil(() => api('/api/v1/namespaces/ordered'), {
      until: (r) => conditionTypes(r.body).includes('NamespaceDeletionContentFailure'),
      what: 'deletion conditions',
    });
    expect(terminating.body.status.phase).toBe('Terminating');
    // While pods remain the controller counts nothing: every condition says all is well.
    expect((terminating.body.status.conditions as Json[]).map((c) => [c.type, c.status, c.reason])).toEqual([
      ['NamespaceDeletionDiscoveryFailure', 'False', 'ResourcesDiscovered'],
      ['NamespaceDeletionGroupVersionParsingFailure', 'False', 'ParsedGroupVersions'],
      ['NamespaceDeletionContentFailure', 'False', 'ContentDeleted'],
      ['NamespaceContentRemaining', 'False', 'ContentRemoved'],
      ['NamespaceFinalizersRemaining', 'False', 'ContentHasNoFinalizers'],
    ]);
    const held = await api('/api/v1/namespaces/ordered/pods/p');
    expect(held.body.metadata.deletionTimestamp).toBeDefined();
    expect((await api('/api/v1/namespaces/ordered/configmaps/cm')).status).toBe(200);

    expect((await api('/api/v1/namespaces/ordered/pods/p', { method: 'PUT', body: { ...held.body, metadata: { ...held.body.metadata, finalizers: [] } } })).status).toBe(200);
    await waitUntil(() => api('/api/v1/namespaces/ordered'), { until: (r) => r.status === 404, what: 'namespace gone', timeoutMs: 15_000 });
    expect((await api('/api/v1/namespaces/ordered/configmaps/cm')).status).toBe(404);
  });

  it('content with a finalizer keeps the namespace, with what remains in its conditions', async () => {
    await create('held');
    expect((await api('/api/v1/namespaces/held/configmaps', { method: 'POST', body: { metadata: { name: 'cm', finalizers: ['example.com/keep'] } } })).status).toBe(201);
    expect((await api('/api/v1/namespaces/held', { method: 'DELETE' })).status).toBe(200);
    const ns = await waitUntil(() => api('/api/v1/namespaces/held'), {
      until: (r) => ((r.body.status?.conditions ?? []) as Json[]).some((c) => c.type === 'NamespaceFinalizersRemaining' && c.status === 'True'),
      what: 'finalizers remaining',
    });
    const byType = Object.fromEntries((ns.body.status.conditions as Json[]).map((c) => [c.type, c]));
    expect(byType.NamespaceContentRemaining).toMatchObject({ status: 'True', reason: 'SomeResourcesRemain', message: 'Some resources are remaining: configmaps. has 1 resource instances' });
    expect(byType.NamespaceFinalizersRemaining).toMatchObject({ status: 'True', reason: 'SomeFinalizersRemain', message: 'Some content in the namespace has finalizers remaining: example.com/keep in 1 resource instances' });
    const cm = (await api('/api/v1/namespaces/held/configmaps/cm')).body;
    expect((await api('/api/v1/namespaces/held/configmaps/cm', { method: 'PUT', body: { ...cm, metadata: { ...cm.metadata, finalizers: [] } } })).status).toBe(200);
    await waitUntil(() => api('/api/v1/namespaces/held'), { until: (r) => r.status === 404, what: 'namespace gone', timeoutMs: 15_000 });
  });
});
