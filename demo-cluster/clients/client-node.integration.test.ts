// @kubernetes/client-node (the official JS client) against the demo cluster over HTTPS with its CA:
// list, watch (the Watch class) and patch through CoreV1Api and KubernetesObjectApi.
import { CoreV1Api, KubeConfig, KubernetesObjectApi, PatchStrategy, Watch, setHeaderOptions } from '@kubernetes/client-node';
import type { V1ConfigMap, V1Pod } from '@kubernetes/client-node';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';

const cluster = useCluster();
let kc: KubeConfig;

beforeAll(async () => {
  kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'demo', server: cluster.handle.httpsUrl, caData: Buffer.from(cluster.handle.certificateAuthority).toString('base64'), skipTLSVerify: false }],
    users: [{ name: 'admin', token: cluster.handle.tokens.admin }],
    contexts: [{ name: 'demo', cluster: 'demo', user: 'admin' }],
    currentContext: 'demo',
  });
});

describe('@kubernetes/client-node against the demo cluster', () => {
  it('lists pods and namespaces with CoreV1Api', async () => {
    const core = kc.makeApiClient(CoreV1Api);
    const pods = await core.listPodForAllNamespaces({ limit: 5 });
    expect(pods.items).toHaveLength(5);
    expect(pods.metadata?._continue).toBeTruthy();
    expect(pods.items[0]?.metadata?.name).toBeTruthy();
    const namespaces = await core.listNamespace();
    expect(namespaces.items.map((n) => n.metadata?.name)).toContain('default');
  });

  it('watches configmaps with the Watch class', async () => {
    const core = kc.makeApiClient(CoreV1Api);
    const rv = (await core.listNamespacedConfigMap({ namespace: 'default' })).metadata?.resourceVersion ?? '';
    const seen: string[] = [];
    let done!: () => void;
    let failed!: (err: Error) => void;
    const got = new Promise<void>((resolve, reject) => {
      done = resolve;
      failed = reject;
    });
    // watch() resolves once the request is answered; the watch resumes from rv in any case.
    const controller = await new Watch(kc).watch(
      '/api/v1/namespaces/default/configmaps',
      { resourceVersion: rv, allowWatchBookmarks: true },
      (phase: string, obj: V1ConfigMap) => {
        seen.push(`${phase} ${obj.metadata?.name ?? ''}`);
        if (phase === 'DELETED' && obj.metadata?.name === 'cn-watched') done();
      },
      (err: unknown) => {
        if (err) failed(err instanceof Error ? err : new Error(String(err)));
      },
    );
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'cn-watched' }, data: { a: '1' } } });
    await core.replaceNamespacedConfigMap({ name: 'cn-watched', namespace: 'default', body: { metadata: { name: 'cn-watched' }, data: { a: '2' } } });
    await core.deleteNamespacedConfigMap({ name: 'cn-watched', namespace: 'default' });
    await got;
    controller.abort();
    expect(seen).toEqual(['ADDED cn-watched', 'MODIFIED cn-watched', 'DELETED cn-watched']);
  });

  it('patches with CoreV1Api (merge patch) and KubernetesObjectApi (strategic merge, server-side apply)', async () => {
    const core = kc.makeApiClient(CoreV1Api);
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'cn-patched', labels: { a: '1' } }, data: { x: '1' } } });
    const merged = await core.patchNamespacedConfigMap(
      { name: 'cn-patched', namespace: 'default', body: { data: { y: '2' }, metadata: { labels: { a: null } } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    expect(merged.data).toEqual({ x: '1', y: '2' });
    expect(merged.metadata?.labels).toBeUndefined();

    const objects = KubernetesObjectApi.makeApiClient(kc);
    const pod = await objects.read<V1Pod>({ apiVersion: 'v1', kind: 'Pod', metadata: { name: (await core.listNamespacedPod({ namespace: 'shop' })).items[0]?.metadata?.name ?? '', namespace: 'shop' } });
    const name = pod.metadata?.name ?? '';
    const patched = await objects.patch<V1Pod>(
      { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'shop', labels: { patchedBy: 'client-node' } } },
      undefined,
      undefined,
      'client-node-test',
      undefined,
      PatchStrategy.StrategicMergePatch,
    );
    expect(patched.metadata?.labels?.patchedBy).toBe('client-node');
    expect(patched.metadata?.managedFields?.some((m) => m.manager === 'client-node-test' && m.operation === 'Update')).toBe(true);

    const applied = await objects.patch<V1ConfigMap>(
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cn-applied', namespace: 'default' }, data: { k: 'v' } },
      undefined,
      undefined,
      'client-node-apply',
      true,
      PatchStrategy.ServerSideApply,
    );
    expect(applied.data).toEqual({ k: 'v' });
    expect(applied.metadata?.managedFields?.[0]).toMatchObject({ manager: 'client-node-apply', operation: 'Apply' });
  });

  it('surfaces API errors as ApiException with the Status body', async () => {
    const core = kc.makeApiClient(CoreV1Api);
    await expect(core.readNamespacedConfigMap({ name: 'cn-missing', namespace: 'default' })).rejects.toMatchObject({ code: 404 });
  });
});
