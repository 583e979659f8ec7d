// CRDs over real HTTP: discovery/OpenAPI appearance, custom resource verbs and Tables, the
// custom-resource error bodies recorded from 1.20.2 (in 1.37.2's wording), status subresource, and cleanup on delete.
import { beforeAll, describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import { crdManifest } from '../testing/crd.js';
import type { CrdObject } from '../testing/crd.js';
import { readJsonFixture, recording } from '../../tests/fixtures/recorded.js';
import type { Json } from '../testing/http.js';
import { waitUntil } from '../testing/wait-until.js';
import { openWatch } from '../testing/watch-stream.js';

const fixture = (path: string): unknown => readJsonFixture<unknown>(path);
const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json';
const AGGREGATED = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

const cluster = useCluster();
const { api } = cluster;

/** The fixture CRD (optionally reshaped). */
function widgetCrd(extra: (spec: Json) => void = () => undefined): CrdObject {
  const crd = crdManifest({
    group: 'fx.example.com',
    names: { categories: ['all'], kind: 'Widget', plural: 'widgets', shortNames: ['wdg'], singular: 'widget' },
    version: {
      additionalPrinterColumns: [
        { jsonPath: '.spec.size', name: 'Size', type: 'integer' },
        { jsonPath: '.spec.color', name: 'Color', priority: 1, type: 'string' },
        { jsonPath: '.metadata.creationTimestamp', name: 'Age', type: 'date' },
      ],
      schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { color: { type: 'string' }, size: { type: 'integer' } } } } } },
    },
  });
  extra(crd.spec);
  return crd;
}

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const WIDGETS = '/apis/fx.example.com/v1/namespaces/demo/widgets';

describe('CustomResourceDefinitions', () => {
  it('rejects a name that is not plural.group, worded like the real server', async () => {
    const res = await api(CRDS, { method: 'POST', body: { ...widgetCrd(), metadata: { name: 'gadgets.fx.example.com' } } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('CustomResourceDefinition.apiextensions.k8s.io "gadgets.fx.example.com" is invalid: metadata.name: Invalid value: "gadgets.fx.example.com": must be spec.names.plural+"."+spec.group');
  });

  it('a created CRD appears in discovery and OpenAPI, serves widgets, and takes them along when deleted', async () => {
    const before = await api('/apis', { headers: { Accept: AGGREGATED } });
    expect((await api('/apis/fx.example.com')).status).toBe(404);
    const created = await api(CRDS, { method: 'POST', body: widgetCrd() });
    expect(created.status).toBe(201);
    expect(created.body.status).toEqual({ acceptedNames: { kind: '', plural: '' }, conditions: null, storedVersions: ['v1'] });
    expect(created.body.spec.names.listKind).toBe('WidgetList');

    const list = await waitUntil(() => api('/apis/fx.example.com/v1'), { until: (r) => r.status === 200, what: 'the group version to be served' });
    expect(list.body).toEqual(fixture('discovery/apis__fx.example.com__v1.json'));
    expect((await api('/apis')).body.groups.map((g: Json) => g.name)).toContain('fx.example.com');
    expect((await api('/apis/fx.example.com')).body.preferredVersion).toEqual({ groupVersion: 'fx.example.com/v1', version: 'v1' });
    const after = await api('/apis', { headers: { Accept: AGGREGATED } });
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const crd = (await waitUntil(() => api(`${CRDS}/widgets.fx.example.com`), { until: (r) => Boolean(r.body.status.conditions), what: 'the CRD conditions' })).body;
    expect(crd.status.conditions.map((c: Json) => [c.type, c.status, c.reason])).toEqual([
      ['NamesAccepted', 'True', 'NoConflicts'],
      ['Established', 'True', 'InitialNamesAccepted'],
    ]);
    expect(crd.status.acceptedNames.plural).toBe('widgets');

    const v2 = (await api('/openapi/v2')).body;
    expect(v2.definitions['com.example.fx.v1.Widget'].properties.spec).toEqual({ type: 'object', properties: { color: { type: 'string' }, size: { type: 'integer' } } });
    expect(v2.definitions['com.example.fx.v1.Widget']['x-kubernetes-group-version-kind']).toEqual([{ group: 'fx.example.com', kind: 'Widget', version: 'v1' }]);
    expect(v2.paths['/apis/fx.example.com/v1/namespaces/{namespace}/widgets/{name}'].patch.consumes).toEqual([
      'application/json-patch+json',
      'application/merge-patch+json',
      'application/apply-patch+yaml',
    ]);
    const v3 = (await api('/openapi/v3')).body;
    const v3doc = (await api(v3.paths['apis/fx.example.com/v1'].serverRelativeURL)).body;
    // v3 wraps a $ref that has a description of its own in allOf, as 1.37.2's document does.
    expect(v3doc.components.schemas['com.example.fx.v1.Widget'].properties.metadata.allOf).toEqual([{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' }]);

    // A watch opened before the CRD goes sees its widgets deleted.
    expect((await api(WIDGETS, { method: 'POST', body: { apiVersion: 'fx.example.com/v1', kind: 'Widget', metadata: { name: 'w1' }, spec: { size: 3, color: 'red' } } })).status).toBe(201);
    const watch = await openWatch(cluster.handle, `${WIDGETS}?watch=1`);
    expect((await api(`${CRDS}/widgets.fx.example.com`, { method: 'DELETE' })).status).toBe(200);
    const deleted = await watch.next((e) => e.type === 'DELETED', 'the widget to be deleted');
    watch.close();
    expect(deleted.object.metadata.name).toBe('w1');
    await waitUntil(() => api('/apis/fx.example.com/v1'), { until: (r) => r.status === 404, what: 'the group version to go' });
    expect((await api('/apis')).body.groups.map((g: Json) => g.name)).not.toContain('fx.example.com');
    expect((await api('/openapi/v2')).body.definitions['com.example.fx.v1.Widget']).toBeUndefined();
    expect((await api(WIDGETS)).status).toBe(404);
  });
});

describe('custom resources', () => {
  beforeAll(async () => {
    const crd = widgetCrd((spec) => {
      spec.versions[0].subresources = { status: {} };
      // A structural schema prunes what it does not declare: status.phase must be declared to be kept.
      spec.versions[0].schema.openAPIV3Schema.properties.status = { type: 'object', properties: { phase: { type: 'string' } } };
    });
    expect((await api(CRDS, { method: 'POST', body: crd })).status).toBe(201);
    await waitUntil(() => api(WIDGETS), { until: (r) => r.status === 200, what: 'widgets to be served' });
  });

  it('Table with the printer columns of the fixture; date cells as ages, missing values null', async () => {
    await api(WIDGETS, { method: 'POST', body: { apiVersion: 'fx.example.com/v1', kind: 'Widget', metadata: { name: 't1' }, spec: { size: 3, color: 'red' } } });
    await api(WIDGETS, { method: 'POST', body: { apiVersion: 'fx.example.com/v1', kind: 'Widget', metadata: { name: 't2' }, spec: {} } });
    const table = (await api(WIDGETS, { headers: { Accept: TABLE } })).body;
    expect(table.columnDefinitions).toEqual(recording('1.37.2').readJson<Json>('tables/apis__fx.example.com__v1__widgets.json').columnDefinitions);
    const rows = table.rows.map((r: Json) => r.cells);
    expect(rows[0]).toEqual(['t1', 3, 'red', expect.stringMatching(/^\d+s$/)]);
    expect(rows[1]).toEqual(['t2', null, null, expect.stringMatching(/^\d+s$/)]);
  });

  it('PUT without resourceVersion and strategic merge patch answer the recorded errors', async () => {
    await api(WIDGETS, { method: 'POST', body: { apiVersion: 'fx.example.com/v1', kind: 'Widget', metadata: { name: 'w1' }, spec: { size: 3 } } });
    const put = await api(`${WIDGETS}/w1`, { method: 'PUT', body: { apiVersion: 'fx.example.com/v1', kind: 'Widget', metadata: { name: 'w1' }, spec: { size: 4 } } });
    expect(put.status).toBe(422);
    // 1.37 prints the int64 zero as 0 where 1.20.2 printed 0x0.
    const recorded = JSON.stringify(fixture('errors/422-custom-resource-put-without-rv.json')).replaceAll('Invalid value: 0x0', 'Invalid value: 0');
    expect(put.body).toEqual(JSON.parse(recorded));
    const smp = await api(`${WIDGETS}/w1`, { method: 'PATCH', body: { spec: { size: 4 } }, headers: { 'Content-Type': 'application/strategic-merge-patch+json' } });
    expect(smp.status).toBe(415);
    expect(smp.body).toEqual(fixture('errors/415-strategic-on-custom-resource.json'));
    const merge = await api(`${WIDGETS}/w1`, { method: 'PATCH', body: { spec: { size: 4 } }, headers: { 'Content-Type': 'application/merge-patch+json' } });
    expect(merge.status).toBe(200);
    expect(merge.body.spec.size).toBe(4);
    expect(merge.body.metadata.generation).toBe(2);
  });

  it('status subresource: main writes ignore status, /status writes only status', async () => {
    const created = await api(WIDGETS, { method: 'POST', body: { apiVersion: 'fx.example.com/v1', kind: 'Widget', metadata: { name: 's1' }, spec: { size: 1 }, status: { phase: 'x' } } });
    expect(created.body.status).toBeUndefined();
    const st = await api(`${WIDGETS}/s1/status`, { method: 'PATCH', body: { status: { phase: 'Ready' }, spec: { size: 9 } }, headers: { 'Content-Type': 'application/merge-patch+json' } });
    expect(st.status).toBe(200);
    expect(st.body.status).toEqual({ phase: 'Ready' });
    expect(st.body.spec.size).toBe(1);
    const main = await api(`${WIDGETS}/s1`, { method: 'PATCH', body: { status: { phase: 'Gone' }, spec: { size: 2 } }, headers: { 'Content-Type': 'application/merge-patch+json' } });
    expect(main.body.status).toEqual({ phase: 'Ready' });
    expect(main.body.spec.size).toBe(2);
  });

  it('cluster-scoped CRD without printer columns: the default Age column', async () => {
    const crd = widgetCrd((spec) => {
      spec.names = { kind: 'Gizmo', plural: 'gizmos' };
      spec.scope = 'Cluster';
      delete spec.versions[0].additionalPrinterColumns;
    });
    crd.metadata.name = 'gizmos.fx.example.com';
    expect((await api(CRDS, { method: 'POST', body: crd })).status).toBe(201);
    await waitUntil(() => api('/apis/fx.example.com/v1/gizmos'), { until: (r) => r.status === 200, what: 'gizmos to be served' });
    expect((await api('/apis/fx.example.com/v1/gizmos', { method: 'POST', body: { apiVersion: 'fx.example.com/v1', kind: 'Gizmo', metadata: { name: 'g1' } } })).status).toBe(201);
    const table = (await api('/apis/fx.example.com/v1/gizmos', { headers: { Accept: TABLE } })).body;
    expect(table.columnDefinitions.map((c: Json) => [c.name, c.type])).toEqual([
      ['Name', 'string'],
      ['Age', 'date'],
    ]);
    expect(table.rows[0].cells).toEqual(['g1', expect.stringMatching(/^\d+s$/)]);
    expect((await api('/apis/fx.example.com/v1/namespaces/demo/gizmos')).status).toBe(404);
  });
});
