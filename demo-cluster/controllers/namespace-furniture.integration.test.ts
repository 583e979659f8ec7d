// kube-root-ca.crt and the default ServiceAccount in every namespace over real HTTP, as the controller manager
// of a 1.37.2 cluster keeps them (no activity loop: these controllers always run).
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import { waitUntil } from '../testing/wait-until.js';

const cluster = useCluster();
const { api } = cluster;

describe('namespace furniture', () => {
  it('a seeded namespace holds both, the ConfigMap with the serving CA', async () => {
    const cm = await api('/api/v1/namespaces/demo/configmaps/kube-root-ca.crt');
    expect(cm.status).toBe(200);
    expect(cm.body.data['ca.crt']).toBe(cluster.handle.certificateAuthority);
    expect(cm.body.metadata.managedFields).toEqual([
      expect.objectContaining({ manager: 'kube-controller-manager', operation: 'Update', fieldsV1: { 'f:data': { '.': {}, 'f:ca.crt': {} }, 'f:metadata': { 'f:annotations': { '.': {}, 'f:kubernetes.io/description': {} } } } }),
    ]);
    const sa = await api('/api/v1/namespaces/demo/serviceaccounts/default');
    expect(sa.status).toBe(200);
    expect(sa.body.secrets).toBeUndefined();
  });

  it('a new namespace gets both, and a deleted kube-root-ca.crt comes back', async () => {
    expect((await api('/api/v1/namespaces', { method: 'POST', body: { metadata: { name: 'furnished' } } })).status).toBe(201);
    const cm = '/api/v1/namespaces/furnished/configmaps/kube-root-ca.crt';
    await waitUntil(() => api(cm), { until: (r) => r.status === 200, what: 'kube-root-ca.crt' });
    expect((await api('/api/v1/namespaces/furnished/serviceaccounts/default')).status).toBe(200);
    const first = (await api(cm)).body.metadata.uid as string;
    expect((await api(cm, { method: 'DELETE' })).status).toBe(200);
    const again = await waitUntil(() => api(cm), { until: (r) => r.status === 200, what: 'kube-root-ca.crt again' });
    expect(again.body.metadata.uid).not.toBe(first);
  });
});
