// CustomResourceDefinitions and custom resources: the fixture CRD (widgets, printer columns Size,
// Color, Age) and a PowerPlant CRD with a structural schema (validation, pruning, defaults, fieldValidation)
// under a unique group on kube-apiserver 1.37.2 and on the demo cluster.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_ACCEPT, compare, compareValues, field, must, openPair, send } from './harness.js';
import type { Json, Pair, Request, Response, Target } from './harness.js';

let pair: Pair;
const group = `g${Math.random().toString(16).slice(2, 10)}.example.com`;
const crdName = `widgets.${group}`;
/** Its own group: discovery lists a group's resources in no stable order. */
const plantGroup = `p${group}`;
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

/** PowerPlants: every structural-schema rule a client meets (required, type, enum, pattern, bounds, lengths,
 * items, nullable, int-or-string, preserve-unknown-fields, formats, additionalProperties, defaults). */
function powerPlantCrd(): unknown {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `powerplants.${plantGroup}` },
    spec: {
      group: plantGroup,
      names: { kind: 'PowerPlant', plural: 'powerplants', singular: 'powerplant' },
      scope: 'Namespaced',
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: {
                spec: {
                  type: 'object',
                  required: ['location'],
                  properties: {
                    location: { type: 'string', minLength: 2, maxLength: 20, pattern: '^[A-Z][a-z]+$' },
                    fuel: { type: 'string', enum: ['coal', 'wind', 'solar'] },
                    capacityMW: { type: 'integer', minimum: 1, maximum: 5000 },
                    efficiency: { type: 'number', minimum: 0, maximum: 1, exclusiveMaximum: true },
                    tags: { type: 'array', minItems: 1, maxItems: 3, items: { type: 'string' } },
                    port: { 'x-kubernetes-int-or-string': true },
                    note: { type: 'string', nullable: true },
                    contact: { type: 'string', format: 'email' },
                    commissioned: { type: 'string', format: 'date' },
                    tuning: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
                    mode: { type: 'string', default: 'auto' },
                    units: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, online: { type: 'boolean', default: true } } } },
                    limits: { type: 'object', additionalProperties: { type: 'integer' } },
                  },
                },
                status: { type: 'object', properties: { output: { type: 'integer' } } },
              },
            },
          },
        },
      ],
    },
  };
}

/** Scalers: x-kubernetes-validations (CEL) rules beside the schema's own checks. */
function scalerCrd(): unknown {
  const spec = {
    type: 'object',
    properties: {
      replicas: { type: 'integer', minimum: 0 },
      window: {
        type: 'object',
        properties: { min: { type: 'integer' }, max: { type: 'integer' } },
        'x-kubernetes-validations': [{ rule: 'self.min <= self.max', message: 'min must not exceed max' }, { rule: 'self.max < 100' }],
      },
      code: { type: 'string', 'x-kubernetes-validations': [{ rule: "self.startsWith('s')", messageExpression: "'bad ' + self", reason: 'FieldValueForbidden' }] },
    },
  };
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `scalers.${plantGroup}` },
    spec: {
      group: plantGroup,
      names: { kind: 'Scaler', plural: 'scalers', singular: 'scaler' },
      scope: 'Namespaced',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec } } } }],
    },
  };
}

async function waitServed(t: Target, served: boolean, path = widgets()): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const r = await send(t, { path });
    if ((r.status === 200) === served) return;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`${t.name}: ${path} ${served ? 'never served' : 'still served'}`);
}

const widgets = (): string => `/apis/${group}/v1/namespaces/${pair.ns}/widgets`;
const plants = (): string => `/apis/${plantGroup}/v1/namespaces/${pair.ns}/powerplants`;
const scalers = (): string => `/apis/${plantGroup}/v1/namespaces/${pair.ns}/scalers`;
const scaler = (name: string, spec: Json): Json => ({ apiVersion: `${plantGroup}/v1`, kind: 'Scaler', metadata: { name }, spec });
const plant = (name: string, spec: Json, extra: Record<string, Json> = {}): Json => ({ apiVersion: `${plantGroup}/v1`, kind: 'PowerPlant', metadata: { name }, spec, ...extra });

beforeAll(async () => {
  pair = await openPair('kgc-crd');
  await pair.each(async (t) => {
    await must(t, { method: 'POST', path: CRDS, body: crd() });
    await waitServed(t, true);
    await must(t, { method: 'POST', path: widgets(), body: { apiVersion: `${group}/v1`, kind: 'Widget', metadata: { name: 'w1' }, spec: { size: 3, color: 'red' } } });
    await must(t, { method: 'POST', path: CRDS, body: powerPlantCrd() });
    await waitServed(t, true, plants());
    await must(t, { method: 'POST', path: CRDS, body: scalerCrd() });
    await waitServed(t, true, scalers());
    await must(t, { method: 'POST', path: plants(), body: plant('existing', { location: 'Oslo', units: [{ name: 'u1' }] }) });
  });
});
afterAll(async () => {
  await pair?.each((t) => send(t, { method: 'DELETE', path: `${CRDS}/${crdName}` }));
  await pair?.each((t) => send(t, { method: 'DELETE', path: `${CRDS}/powerplants.${plantGroup}` }));
  await pair?.each((t) => send(t, { method: 'DELETE', path: `${CRDS}/scalers.${plantGroup}` }));
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

describe('structural schema of custom resources', () => {
  /** Sends to both and compares status, body and the Warning header. */
  /** A Strict patch's message quotes the patched object: its resourceVersion and times are each server's own. */
  const maskQuoted = (v: Json): Json => {
    if (Array.isArray(v)) return v.map(maskQuoted);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, maskQuoted(x)]));
    if (typeof v !== 'string') return v;
    return v.replace(/\\"resourceVersion\\":\\"\d+\\"/g, '\\"resourceVersion\\":\\"<rv>\\"').replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g, '<time>');
  };
  async function same(name: string, req: Request, opts: { unorderedCauses?: boolean; real?: (r: Response) => void } = {}): Promise<void> {
    const r = await pair.both(req);
    opts.real?.(r.real);
    compare(name, { ...r.real, body: maskQuoted(r.real.body) }, { ...r.demo, body: maskQuoted(r.demo.body) }, opts);
    compareValues(`${name}: warnings`, r.real.headers.warning ?? null, r.demo.headers.warning ?? null);
  }
  const create = (body: Json, query: Record<string, string> = {}): Request => ({ method: 'POST', path: plants(), body, query: { dryRun: 'All', ...query } });

  it('a missing required field: 422 spec.location: Required value', () =>
    same('required', create(plant('p0', { fuel: 'wind' })), {
      real: (r) => expect(field(r.body, 'message')).toBe(`PowerPlant.${plantGroup} "p0" is invalid: spec.location: Required value`),
    }));

  it('enum, minLength, minItems, minimum, exclusiveMaximum, int-or-string, formats, additionalProperties, item and default types', () =>
    same(
      'violations',
      create(
        plant('p1', { location: 'x', fuel: 'gas', capacityMW: 0, efficiency: 1, tags: [], port: true, note: null, contact: 'nope', commissioned: '2020-13-45', mode: 5, units: [{ name: 'a', online: 'yes' }], limits: { a: 'b' } }),
      ),
      { unorderedCauses: true },
    ));

  it('maxLength, maxItems, maximum, minimum, object type, nulls of fields that are not nullable', () =>
    same(
      'more violations',
      create(plant('p2', { location: 'Abcdefghijklmnopqrstuvw', capacityMW: 6000, efficiency: -1, tags: ['a', 'b', 'c', 'd'], fuel: null, port: 'http', contact: null, units: [{ name: 1 }], limits: 5 })),
      { unorderedCauses: true },
    ));

  it('pattern, item type, an integer that is a fraction, a number that is a string', () =>
    same('pattern and numbers', create(plant('p3', { location: 'lower', tags: [1], capacityMW: 2.5, efficiency: 'x' })), { unorderedCauses: true }));

  it('spec that is no object', () => same('spec type', create(plant('p4', 'oops'))));

  it('x-kubernetes-validations: rules that hold, a failed rule without a message, messageExpression and reason', async () => {
    const createScaler = (body: Json): Request => ({ method: 'POST', path: scalers(), body, query: { dryRun: 'All' } });
    await same('rules hold', createScaler(scaler('s1', { window: { min: 1, max: 5 }, code: 'sx' })));
    await same('rules fail', createScaler(scaler('s2', { window: { min: 9, max: 200 }, code: 'xy' })), { unorderedCauses: true });
  });

  it('x-kubernetes-validations are not run on an object the schema refuses: 422 says so', () =>
    same('rules not run', { method: 'POST', path: scalers(), body: scaler('s3', { replicas: -1, code: 'xy' }), query: { dryRun: 'All' } }, { unorderedCauses: true }));

  it('a valid object: unknown fields pruned with a warning each (Warn is the default), defaults applied, nulls dropped', () =>
    same('pruned and defaulted', create(plant('p5', { location: 'Berlin', bogus: 1, fuel: null, note: null, tuning: { x: { y: 1 } }, units: [{ name: 'a', extra: 2 }, { name: 'b', online: false }] }, { top: 1 }))));

  it('fieldValidation=Strict: 400 strict decoding error naming every unknown field', () =>
    same('strict create', create(plant('p6', { location: 'Berlin', bogus: 1, units: [{ name: 'a', extra: 2 }] }, { top: 1 }), { fieldValidation: 'Strict' })));

  it('fieldValidation=Ignore: pruned without warnings', () =>
    same('ignore create', create(plant('p7', { location: 'Berlin', bogus: 1 }), { fieldValidation: 'Ignore' })));

  it('update (PUT): defaults again, Warn and Strict', async () => {
    const { real, demo } = await pair.each((t) => must(t, { path: `${plants()}/existing` }));
    const body = (r: Response): Json => ({ ...(r.body as Record<string, Json>), spec: { location: 'Bergen', bogus: true } });
    for (const fieldValidation of ['Warn', 'Strict']) {
      const req = (b: Json): Request => ({ method: 'PUT', path: `${plants()}/existing`, body: b, query: { dryRun: 'All', fieldValidation } });
      const [r, d] = await Promise.all([send(pair.real, req(body(real))), send(pair.demo, req(body(demo)))]);
      compare(`update ${fieldValidation}`, r, d);
      compareValues(`update ${fieldValidation}: warnings`, r.headers.warning ?? null, d.headers.warning ?? null);
    }
  });

  it('update that breaks the schema: 422', () =>
    same('invalid merge patch', {
      method: 'PATCH',
      path: `${plants()}/existing`,
      query: { dryRun: 'All' },
      body: { spec: { location: null, capacityMW: 'big' } },
      headers: { 'Content-Type': 'application/merge-patch+json' },
    }, { unorderedCauses: true }));

  it.each(['Warn', 'Strict', 'Ignore'])('merge patch with an unknown field, fieldValidation=%s', (fieldValidation) =>
    same(`merge patch ${fieldValidation}`, {
      method: 'PATCH',
      path: `${plants()}/existing`,
      query: { dryRun: 'All', fieldValidation },
      body: { spec: { bogus: 1, units: [{ name: 'u2', extra: true }] } },
      headers: { 'Content-Type': 'application/merge-patch+json' },
    }));

  it.each(['Warn', 'Strict'])('JSON patch adding an unknown field, fieldValidation=%s', (fieldValidation) =>
    same(`json patch ${fieldValidation}`, {
      method: 'PATCH',
      path: `${plants()}/existing`,
      query: { dryRun: 'All', fieldValidation },
      body: [{ op: 'add', path: '/spec/bogus', value: 1 }],
      headers: { 'Content-Type': 'application/json-patch+json' },
    }));

  it.each(['Warn', 'Strict'])('server-side apply with an unknown field, fieldValidation=%s', (fieldValidation) =>
    same(`apply ${fieldValidation}`, {
      method: 'PATCH',
      path: `${plants()}/applied`,
      query: { dryRun: 'All', fieldValidation, fieldManager: 'conformance' },
      body: JSON.stringify(plant('applied', { location: 'Rome', bogus: 1 })),
      headers: { 'Content-Type': 'application/apply-patch+yaml' },
    }));

  it('a default added to the schema later shows on read, with the same resourceVersion', async () => {
    const before = await pair.each((t) => must(t, { path: `${plants()}/existing` }));
    await pair.each(async (t) => {
      const crd = (await must(t, { path: `${CRDS}/powerplants.${plantGroup}` })).body as Record<string, Json>;
      const next = JSON.parse(JSON.stringify(crd)) as { spec: { versions: { schema: { openAPIV3Schema: { properties: { spec: { properties: Record<string, Json> } } } } }[] } };
      const version = next.spec.versions[0];
      if (version) version.schema.openAPIV3Schema.properties.spec.properties.grid = { type: 'string', default: 'north' };
      await must(t, { method: 'PUT', path: `${CRDS}/powerplants.${plantGroup}`, body: next });
      for (let i = 0; i < 100; i++) {
        const got = await must(t, { path: `${plants()}/existing` });
        if (field(got.body, 'spec', 'grid') !== undefined) return;
        await new Promise((res) => setTimeout(res, 100));
      }
    });
    const after = await pair.each((t) => must(t, { path: `${plants()}/existing` }));
    compare('defaulted on read', after.real, after.demo);
    expect(field(after.real.body, 'spec', 'grid')).toBe('north');
    for (const side of ['real', 'demo'] as const) {
      expect(field(after[side].body, 'metadata', 'resourceVersion'), side).toBe(field(before[side].body, 'metadata', 'resourceVersion'));
    }
  });
});
