// The demo cluster speaking protobuf as kube-apiserver does to Go clients: objects, lists, errors, discovery and
// watches in application/vnd.kubernetes.protobuf when the client asks for it first (or alone), JSON for custom
// resources, and protobuf request bodies of any built-in kind.
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useCluster } from '../testing/cluster.js';
import { decodeKubernetesProtobuf, decodeWatchStream, withoutZeroValues as meaningful } from './decode.js';
import { encodeKubernetesProtobuf } from './encode.js';
import { lengthPrefixed } from './wire.js';

const cluster = useCluster({ tokens: { admin: 'admin-t', viewer: 'viewer-t' }, bookmarkIntervalMs: 0 });
const PB = 'application/vnd.kubernetes.protobuf';

async function raw(path: string, init: { method?: string; accept?: string; body?: Buffer; contentType?: string } = {}): Promise<{ status: number; type: string; bytes: Buffer }> {
  const c = cluster.handle;
  const headers: Record<string, string> = { Authorization: `Bearer ${c.tokens.admin}`, Accept: init.accept ?? PB };
  if (init.body) headers['Content-Type'] = init.contentType ?? PB;
  const res = await fetch(c.url + path, { method: init.method ?? 'GET', headers, ...(init.body ? { body: init.body } : {}) });
  return { status: res.status, type: res.headers.get('content-type') ?? '', bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('protobuf answers', () => {
  it('creates from a protobuf body and answers it in protobuf; gets and lists in protobuf when it is asked first', async () => {
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'pb-cm', namespace: 'default' }, data: { a: '1' }, binaryData: { b: 'AAEC' } };
    const created = await raw('/api/v1/namespaces/default/configmaps', { method: 'POST', body: encodeKubernetesProtobuf(cm) });
    expect(created.status).toBe(201);
    expect(created.type).toBe(PB);
    const obj = decodeKubernetesProtobuf(created.bytes);
    expect(obj).toMatchObject({ kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'pb-cm', namespace: 'default' }, data: { a: '1' }, binaryData: { b: 'AAEC' } });
    expect((obj.metadata as { uid?: string }).uid).toMatch(/^[0-9a-f-]{36}$/);

    const got = await raw('/api/v1/namespaces/default/configmaps/pb-cm', { accept: `${PB}, application/json` });
    expect(got.type).toBe(PB);
    expect(decodeKubernetesProtobuf(got.bytes)).toEqual(obj);

    const list = await raw('/api/v1/namespaces/default/configmaps?labelSelector=', { accept: PB });
    const decoded = decodeKubernetesProtobuf(list.bytes);
    expect(decoded).toMatchObject({ kind: 'ConfigMapList', apiVersion: 'v1' });
    expect((decoded.items as { metadata: { name: string } }[]).map((i) => i.metadata.name)).toContain('pb-cm');

    // JSON first is JSON, as before.
    const json = await raw('/api/v1/namespaces/default/configmaps/pb-cm', { accept: `application/json, ${PB}` });
    expect(json.type).toBe('application/json');
  });

  it('answers errors as a protobuf Status, and deletes with a protobuf DeleteOptions of another group version', async () => {
    const missing = await raw('/apis/apps/v1/namespaces/default/deployments/nope');
    expect(missing.status).toBe(404);
    expect(missing.type).toBe(PB);
    expect(decodeKubernetesProtobuf(missing.bytes)).toMatchObject({ kind: 'Status', status: 'Failure', reason: 'NotFound', code: 404, message: 'deployments.apps "nope" not found' });

    const options = encodeKubernetesProtobuf({ apiVersion: 'v1', kind: 'DeleteOptions', propagationPolicy: 'Background' });
    const deleted = await raw('/api/v1/namespaces/default/configmaps/pb-cm', { method: 'DELETE', body: options });
    expect(deleted.status).toBe(200);
    expect(decodeKubernetesProtobuf(deleted.bytes)).toMatchObject({ kind: 'Status', status: 'Success', details: { name: 'pb-cm', kind: 'configmaps' } });
  });

  it('refuses a JSON MicroTime without six fraction digits as Go does, and stores times in UTC', async () => {
    const event = (name: string, eventTime: string): Record<string, unknown> => ({
      metadata: { name },
      eventTime,
      reportingController: 'kubeglass.example/test',
      reportingInstance: 'i',
      action: 'A',
      reason: 'R',
      type: 'Normal',
      regarding: { kind: 'ConfigMap', namespace: 'default', name: 'x' },
    });
    const post = (body: Record<string, unknown>) => cluster.api('/apis/events.k8s.io/v1/namespaces/default/events', { method: 'POST', body });
    const bad = await post(event('mt-bad', '2026-01-02T03:04:05Z'));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Event in version "v1" cannot be handled as a Event: parsing time "2026-01-02T03:04:05Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "Z" as ".000000"');
    const good = await post(event('mt-good', '2026-01-02T03:04:05.123456+02:00'));
    expect(good.body.eventTime).toBe('2026-01-02T01:04:05.123456Z');
  });

  it('serves discovery documents in protobuf', async () => {
    const core = await raw('/api');
    expect(core.type).toBe(PB);
    expect(decodeKubernetesProtobuf(core.bytes)).toMatchObject({ kind: 'APIVersions', versions: ['v1'] });
    const apps = decodeKubernetesProtobuf((await raw('/apis/apps/v1')).bytes);
    const deployments = (apps.resources as { name: string; verbs: string[] }[]).find((r) => r.name === 'deployments');
    expect(deployments?.verbs).toContain('watch');
  });

  it('serves aggregated discovery in protobuf with the ETag of the JSON document', async () => {
    const v2 = 'g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';
    const json = await raw('/apis', { accept: `application/json;${v2}` });
    const pb = await raw('/apis', { accept: `${PB};${v2}` });
    expect(pb.type).toBe(`${PB};${v2}`);
    expect(meaningful(decodeKubernetesProtobuf(pb.bytes))).toEqual(meaningful(JSON.parse(json.bytes.toString('utf8'))));
  });

  it('streams a watch that accepts only protobuf as length-prefixed WatchEvents', async () => {
    const c = cluster.handle;
    const controller = new AbortController();
    const res = await fetch(`${c.url}/api/v1/namespaces/default/configmaps?watch=true&labelSelector=pbwatch%3Dyes`, {
      headers: { Authorization: `Bearer ${c.tokens.admin}`, Accept: `${PB};stream=watch` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(`${PB};stream=watch`);
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'pb-watched', namespace: 'default', labels: { pbwatch: 'yes' } }, data: { k: 'v' } };
    expect((await raw('/api/v1/namespaces/default/configmaps', { method: 'POST', body: encodeKubernetesProtobuf(cm) })).status).toBe(201);
    expect((await raw('/api/v1/namespaces/default/configmaps/pb-watched', { method: 'DELETE' })).status).toBe(200);
    let stream = Buffer.alloc(0);
    while (decodeWatchStream(stream).length < 2) {
      const { value, done } = await reader.read();
      if (done) break;
      stream = Buffer.concat([stream, Buffer.from(value)]);
    }
    controller.abort();
    const events = decodeWatchStream(stream);
    expect(events.map((e) => [e.type, e.object.kind, (e.object.metadata as { name: string }).name])).toEqual([
      ['ADDED', 'ConfigMap', 'pb-watched'],
      ['DELETED', 'ConfigMap', 'pb-watched'],
    ]);
  });

  it('sends a protobuf watch over a WebSocket as one binary WatchEvent a message', async () => {
    const c = cluster.handle;
    const url = `${c.url.replace(/^http/, 'ws')}/api/v1/namespaces/default/configmaps?watch=true&labelSelector=pbws%3Dyes`;
    const ws = new WebSocket(url, { headers: { Authorization: `Bearer ${c.tokens.admin}`, Origin: 'http://localhost', Accept: PB } });
    const messages: { binary: boolean; data: Buffer }[] = [];
    const got = new Promise<void>((resolve, reject) => {
      ws.on('message', (data: Buffer, binary: boolean) => {
        messages.push({ binary, data });
        if (messages.length === 2) resolve();
      });
      ws.on('error', reject);
    });
    await new Promise<void>((resolve) => ws.on('open', () => resolve()));
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'pb-ws', namespace: 'default', labels: { pbws: 'yes' } } };
    expect((await raw('/api/v1/namespaces/default/configmaps', { method: 'POST', body: encodeKubernetesProtobuf(cm) })).status).toBe(201);
    expect((await raw('/api/v1/namespaces/default/configmaps/pb-ws', { method: 'DELETE' })).status).toBe(200);
    await got;
    ws.close();
    expect(messages.map((m) => m.binary)).toEqual([true, true]);
    const events = messages.flatMap((m) => decodeWatchStream(lengthPrefixed(m.data)));
    expect(events.map((e) => [e.type, (e.object.metadata as { name: string }).name])).toEqual([
      ['ADDED', 'pb-ws'],
      ['DELETED', 'pb-ws'],
    ]);
  });

  it('answers PartialObjectMetadata in protobuf, and a Table only in JSON', async () => {
    const partial = await raw('/api/v1/namespaces', { accept: `${PB};as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json` });
    expect(partial.type).toBe(PB);
    const list = decodeKubernetesProtobuf(partial.bytes);
    expect(list.kind).toBe('PartialObjectMetadataList');
    expect((list.items as { metadata: { name: string } }[]).map((i) => i.metadata.name)).toContain('default');
    const table = await raw('/api/v1/namespaces', { accept: `${PB};as=Table;g=meta.k8s.io;v=v1,application/json;as=Table;g=meta.k8s.io;v=v1` });
    expect(table.type).toBe('application/json');
    expect(JSON.parse(table.bytes.toString('utf8'))).toMatchObject({ kind: 'Table' });
  });

  it('lists every served built-in type in protobuf with all the fields its JSON has', async () => {
    const discovery = await raw('/apis', { accept: 'application/json' });
    const groups = (JSON.parse(discovery.bytes.toString('utf8')) as { groups: { preferredVersion: { groupVersion: string } }[] }).groups.map((g) => g.preferredVersion.groupVersion);
    const checked: string[] = [];
    for (const gv of ['v1', ...groups]) {
      const base = gv === 'v1' ? '/api/v1' : `/apis/${gv}`;
      const resources = JSON.parse((await raw(base, { accept: 'application/json' })).bytes.toString('utf8')) as { resources: { name: string; kind: string; verbs: string[] }[] };
      for (const r of resources.resources) {
        if (r.name.includes('/') || !r.verbs.includes('list')) continue;
        const json = await raw(`${base}/${r.name}`, { accept: 'application/json' });
        const proto = await raw(`${base}/${r.name}`, { accept: `${PB}, application/json` });
        if (proto.type !== PB) continue; // custom resources, aggregated APIs
        const fromJson = JSON.parse(json.bytes.toString('utf8')) as { items: unknown[] };
        const fromProto = decodeKubernetesProtobuf(proto.bytes) as { items?: unknown[] };
        // Protobuf has no empty repeated field: an empty list comes without items.
        expect((fromProto.items ?? []).map(meaningful), `${gv} ${r.name}`).toEqual(fromJson.items.map(meaningful));
        checked.push(`${gv}/${r.name}`);
      }
    }
    // What the demo serves today; types added later are checked the same way.
    const served = 'v1/configmaps v1/events v1/namespaces v1/nodes v1/pods v1/podtemplates v1/replicationcontrollers v1/resourcequotas v1/secrets v1/serviceaccounts v1/services apps/v1/controllerrevisions apps/v1/daemonsets apps/v1/deployments apps/v1/replicasets apps/v1/statefulsets events.k8s.io/v1/events batch/v1/cronjobs batch/v1/jobs networking.k8s.io/v1/ingresses rbac.authorization.k8s.io/v1/clusterrolebindings rbac.authorization.k8s.io/v1/clusterroles rbac.authorization.k8s.io/v1/rolebindings rbac.authorization.k8s.io/v1/roles apiextensions.k8s.io/v1/customresourcedefinitions scheduling.k8s.io/v1/priorityclasses coordination.k8s.io/v1/leases flowcontrol.apiserver.k8s.io/v1/flowschemas flowcontrol.apiserver.k8s.io/v1/prioritylevelconfigurations admissionregistration.k8s.io/v1/validatingwebhookconfigurations admissionregistration.k8s.io/v1/mutatingwebhookconfigurations admissionregistration.k8s.io/v1/validatingadmissionpolicies admissionregistration.k8s.io/v1/validatingadmissionpolicybindings admissionregistration.k8s.io/v1/mutatingadmissionpolicies admissionregistration.k8s.io/v1/mutatingadmissionpolicybindings apiregistration.k8s.io/v1/apiservices autoscaling/v2/horizontalpodautoscalers certificates.k8s.io/v1/certificatesigningrequests discovery.k8s.io/v1/endpointslices node.k8s.io/v1/runtimeclasses policy/v1/poddisruptionbudgets storage.k8s.io/v1/csinodes';
    expect(checked).toEqual(expect.arrayContaining(served.split(' ')));
  });
});
