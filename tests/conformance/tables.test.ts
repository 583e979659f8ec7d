// Tables (meta.k8s.io/v1): column definitions per type, rows for the same objects, includeObject.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRegistry } from '../../demo-cluster/resources/index.js';
import { TABLE_ACCEPT, compare, compareValues, field, must, openPair } from './harness.js';
import type { Pair } from './harness.js';

let pair: Pair;
beforeAll(async () => {
  pair = await openPair('kgc-tbl');
  await pair.each(async (t) => {
    await must(t, { method: 'POST', path: `/api/v1/namespaces/${pair.ns}/configmaps`, body: { metadata: { name: 'one', labels: { app: 'x' } }, data: { a: '1', b: '2' } } });
    await must(t, { method: 'POST', path: `/api/v1/namespaces/${pair.ns}/configmaps`, body: { metadata: { name: 'two' } } });
    await must(t, {
      method: 'POST',
      path: `/api/v1/namespaces/${pair.ns}/pods`,
      // A node selector no node matches: the pod stays Pending where a scheduler and nodes run (the real tier's KWOK).
      body: { metadata: { name: 'p1' }, spec: { nodeSelector: { 'kubeglass.example/unschedulable': 'true' }, containers: [{ name: 'c', image: 'nginx:1.25' }] } },
    });
  });
});
afterAll(async () => {
  await pair?.close();
});

const printed = defaultRegistry()
  .all()
  .filter((t) => t.printer !== undefined);

describe('tables', () => {
  it.each(printed.map((t) => [t.group === '' ? t.resource : `${t.resource}.${t.group}`, t] as const))('%s: columnDefinitions', async (_n, t) => {
    const base = t.group === '' ? `/api/${t.version}` : `/apis/${t.group}/${t.version}`;
    const path = t.namespaced ? `${base}/namespaces/${pair.ns}/${t.resource}` : `${base}/${t.resource}`;
    const { real, demo } = await pair.both({ path, query: { limit: '1' }, headers: { Accept: TABLE_ACCEPT } });
    expect(real.status).toBe(200);
    compareValues(`${path} columns`, { kind: field(real.body, 'kind'), columns: field(real.body, 'columnDefinitions') }, { kind: field(demo.body, 'kind'), columns: field(demo.body, 'columnDefinitions') });
  });

  it('configmaps Table: rows, cells and row objects (includeObject=Metadata default)', async () => {
    const { real, demo } = await pair.both({ path: `/api/v1/namespaces/${pair.ns}/configmaps`, headers: { Accept: TABLE_ACCEPT } });
    compare('configmaps Table', real, demo);
  });

  it('pods Table: a Pending pod row', async () => {
    const { real, demo } = await pair.both({ path: `/api/v1/namespaces/${pair.ns}/pods`, headers: { Accept: TABLE_ACCEPT }, query: { includeObject: 'None' } });
    compare('pods Table', real, demo);
  });

  it('includeObject=None: rows without objects', async () => {
    const { real, demo } = await pair.both({ path: `/api/v1/namespaces/${pair.ns}/configmaps`, query: { includeObject: 'None' }, headers: { Accept: TABLE_ACCEPT } });
    compare('includeObject=None', real, demo);
  });

  it('includeObject=Object on a single object: one row with the full object', async () => {
    const { real, demo } = await pair.both({ path: `/api/v1/namespaces/${pair.ns}/configmaps/one`, query: { includeObject: 'Object' }, headers: { Accept: TABLE_ACCEPT } });
    compare('single object Table', real, demo);
  });

  it('the namespace itself as a Table', async () => {
    const { real, demo } = await pair.both({ path: `/api/v1/namespaces/${pair.ns}`, headers: { Accept: TABLE_ACCEPT } });
    compare('namespace Table', real, demo);
  });

  it('Table v1beta1 is served too', async () => {
    const accept = 'application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';
    const { real, demo } = await pair.both({ path: `/api/v1/namespaces/${pair.ns}/configmaps`, query: { includeObject: 'None' }, headers: { Accept: accept } });
    compare('Table v1beta1', real, demo);
  });

  it('PartialObjectMetadataList', async () => {
    const accept = 'application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io,application/json';
    const { real, demo } = await pair.both({ path: `/api/v1/namespaces/${pair.ns}/configmaps`, headers: { Accept: accept } });
    compare('PartialObjectMetadataList', real, demo);
  });
});
