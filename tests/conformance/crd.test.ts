// CustomResourceDefinitions and custom resources: the fixture CRD (widgets, printer columns Size,
// Color, Age) under a unique group on kube-apiserver 1.20.2 and on the demo cluster.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { TABLE_ACCEPT, compare, field, must, openPair, send } from './harness.js';
import type { Pair, Target } from './harness.js';

let pair: Pair;
const group = `g${Math.random().toString(16).slice(2, 10)}.example.com`;
const crdName = `widgets.${group}`;
const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

function crd(name = crdName): unknown {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name },
    spec: {
      group,
      names: { kind: 'Widget', plural: 'widgets', shortNames: ['wdg'], singular: 'widget' },
      scope: 'Namespaced',
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          additionalPrinterColumns: [
            { jsonPath: '.spec.size', name: 'Size', type: 'integer' },
            { jsonPath: '.spec.color', name: 'Color', priority: 1, type: 'string' },
            { jsonPath: '.metadata.creationTimestamp', name: 'Age', type: 'date' },
          ],
          schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { color: { type: 'string' }, size: { type: 'integer' } } } } } },
        },
      ],
    },
  };
}

async function waitServed(t: Target, served: boolean): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const r = await send(t, { path: `/apis/${group}/v1/namespaces/${pair.ns}/widgets` });
    if ((r.status === 200) === served) return;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`${t.name}: widgets ${served ? 'never served' : 'still served'}`);
}

const widgets = (): string => `/apis/${group}/v1/namespaces/${pair.ns}/widgets`;

beforeAll(async () => {
  pair = await openPair('kgc-crd');
  await pair.each(async (t) => {
    await must(t, { method: 'POST', path: CRDS, body: crd() });
    await waitServed(t, true);
    await must(t, { method: 'POST', path: widgets(), body: { apiVersion: `${group}/v1`, kind: 'Widget', metadata: { name: 'w1' }, spec: { size: 3, color: 'red' } } });
  });
});
afterAll(async () => {
  await pair?.each((t) => send(t, { method: 'DELETE', path: `${CRDS}/${crdName}` }));
  await pair?.close();
});

describe('custom resources', () => {
  it('CRD name that is not plural.group: 422', async () => {
    const { real, demo } = await pair.both({ method: 'POST', path: CRDS, body: crd(`gadgets.${group}`), query: { dryRun: 'All' } });
    compare('422 crd name', real, demo);
  });

  it('discovery of the CRD group-version', async () => {
    const { real, demo } = await pair.both({ path: `/apis/${group}/v1` });
    compare('custom group-version resource list', real, demo);
  });

  it('the CRD status once established', async () => {
    const { real, demo } = await pair.both({ path: `${CRDS}/${crdName}` });
    compare('crd status', { ...real, body: field(real.body, 'status') ?? null }, { ...demo, body: field(demo.body, 'status') ?? null });
  });

  it('Table of widgets with the printer columns', async () => {
    const { real, demo } = await pair.both({ path: widgets(), headers: { Accept: TABLE_ACCEPT } });
    compare('widgets table', real, demo);
  });

  it('GET a widget', async () => {
    const { real, demo } = await pair.both({ path: `${widgets()}/w1` });
    compare('get widget', real, demo);
  });

  it('PUT without resourceVersion: 422', async () => {
    const body = { apiVersion: `${group}/v1`, kind: 'Widget', metadata: { name: 'w1' }, spec: { size: 4 } };
    const { real, demo } = await pair.both({ method: 'PUT', path: `${widgets()}/w1`, body });
    compare('422 put without rv', real, demo);
  });

  it('strategic merge patch: 415', async () => {
    const req = { method: 'PATCH', path: `${widgets()}/w1`, body: { spec: { size: 5 } }, headers: { 'Content-Type': 'application/strategic-merge-patch+json' } };
    const { real, demo } = await pair.both(req);
    compare('415 strategic', real, demo);
  });

  it('merge patch then JSON patch (dry run)', async () => {
    const merge = await pair.both({ method: 'PATCH', path: `${widgets()}/w1`, query: { dryRun: 'All' }, body: { spec: { color: 'blue' } }, headers: { 'Content-Type': 'application/merge-patch+json' } });
    compare('merge patch widget', merge.real, merge.demo);
    const json = await pair.both({ method: 'PATCH', path: `${widgets()}/w1`, query: { dryRun: 'All' }, body: [{ op: 'replace', path: '/spec/size', value: 7 }], headers: { 'Content-Type': 'application/json-patch+json' } });
    compare('json patch widget', json.real, json.demo);
  });
});
