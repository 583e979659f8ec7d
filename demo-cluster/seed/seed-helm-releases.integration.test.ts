// The seeded Helm releases, read as helm reads them: the release Secrets by label (metadata only), data.release
// gunzipped, and every object of the current manifests served by the demo cluster.
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { useCluster } from '../testing/cluster.js';
import type { Json } from '../testing/http.js';

const cluster = useCluster();
const { api } = cluster;
const METADATA = 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1';

function decode(secret: Json): Json {
  const helm = Buffer.from(secret.data.release, 'base64').toString();
  const gz = Buffer.from(helm, 'base64');
  expect([...gz.subarray(0, 3)]).toEqual([0x1f, 0x8b, 0x08]);
  return JSON.parse(gunzipSync(gz).toString());
}

describe('seeded Helm releases', () => {
  it('lists the release Secrets by owner=helm as metadata, labelled as helm labels them', async () => {
    const list = await api('/api/v1/secrets?labelSelector=owner%3Dhelm', { headers: { Accept: METADATA } });
    expect(list.status).toBe(200);
    expect(list.body.kind).toBe('PartialObjectMetadataList');
    const names = list.body.items.map((i: Json) => `${i.metadata.namespace}/${i.metadata.name} ${i.metadata.labels.status}`).sort();
    expect(names).toEqual(['default/sh.helm.release.v1.hello.v1 deployed', 'shop/sh.helm.release.v1.shop.v1 superseded', 'shop/sh.helm.release.v1.shop.v2 deployed']);
  });

  it('stores release shop: revision 2 upgraded the frontend image and the tax rate', async () => {
    const secret = await api('/api/v1/namespaces/shop/secrets/sh.helm.release.v1.shop.v2');
    expect(secret.body.type).toBe('helm.sh/release.v1');
    const v2 = decode(secret.body);
    const v1 = decode((await api('/api/v1/namespaces/shop/secrets/sh.helm.release.v1.shop.v1')).body);
    expect([v1.version, v1.info.status, v2.version, v2.info.status]).toEqual([1, 'superseded', 2, 'deployed']);
    expect(v1.manifest).toContain('shop-frontend:1.1.0');
    expect(v2.manifest).toContain('shop-frontend:1.2.0');
    expect(v2.config).toEqual({ settings: { currency: 'EUR', taxRate: '0.19' }, frontend: { tag: '1.2.0' } });
  });

  it("renders objects the demo cluster serves, with the current revision's image", async () => {
    for (const [namespace, name] of [['shop', 'shop'], ['default', 'hello']] as const) {
      const list = await api(`/api/v1/namespaces/${namespace}/secrets?labelSelector=owner%3Dhelm,name%3D${name},status%3Ddeployed`);
      const release = decode(list.body.items[0]);
      for (const doc of parseAllDocuments(release.manifest)) {
        const o = doc.toJS() as Json;
        const base = o.apiVersion === 'v1' ? '/api/v1' : `/apis/${o.apiVersion}`;
        const served = await api(`${base}/namespaces/${namespace}/${o.kind.toLowerCase()}s/${o.metadata.name}`);
        expect(served.status, `${o.kind} ${o.metadata.name}`).toBe(200);
        if (o.kind === 'Deployment') expect(served.body.spec.template.spec.containers[0].image).toBe(o.spec.template.spec.containers[0].image);
      }
    }
  });
});
