// Lists merge by what the served OpenAPI says, for built-in and custom resources alike. Expected values
// were answered by kube-apiserver 1.20.2 (tests/real-apiserver) to the same requests.
import { describe, expect, it } from 'vitest';
import { Schema } from '../openapi/schema.js';
import { customResourceTypes } from '../resources/custom-resources.js';
import { crdManifest } from '../testing/crd.js';
import type { KubeObject } from '../resources/types.js';
import { serverSideApply } from './apply.js';
import { recordUpdate } from './managed-fields.js';
import { strategicMerge } from './patch.js';

const TIME = '2026-01-01T00:00:00Z';

/** A CRD whose spec.ports is a map list keyed by name and proto (proto defaults to "tcp"). */
const GADGETS = crdManifest({
  group: 'fx.example.com',
  names: { kind: 'Gadget', plural: 'gadgets' },
  version: {
    schema: {
      openAPIV3Schema: {
        type: 'object',
        properties: {
          spec: {
            type: 'object',
            properties: {
              ports: {
                type: 'array',
                'x-kubernetes-list-type': 'map',
                'x-kubernetes-list-map-keys': ['name', 'proto'],
                items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, proto: { type: 'string', default: 'tcp' }, n: { type: 'integer' } } },
              },
              plain: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
            },
          },
        },
      },
    },
  },
});
const gadgetType = customResourceTypes(GADGETS)[0];
const gadgetSchema = gadgetType && Schema.forType(gadgetType);
const gadget = (spec: object): KubeObject => ({ apiVersion: 'fx.example.com/v1', kind: 'Gadget', metadata: { name: 'g1' }, spec });

describe('a custom resource list with x-kubernetes-list-type: map', () => {
  it('is applied by its list-map keys: two managers own their own items, a shared key merges', () => {
    expect(gadgetSchema?.property('spec')?.property('ports')?.list()).toEqual({ patchMerge: false, listType: 'map', listMapKeys: ['name', 'proto'] });
    const first = serverSideApply(undefined, gadget({ ports: [{ name: 'a', proto: 'udp', n: 1 }, { name: 'b', n: 2 }] }), gadgetSchema, 'm1', 'fx.example.com/v1', false, TIME);
    expect(first.managedFields[0]?.fieldsV1).toEqual({
      'f:spec': {
        'f:ports': {
          'k:{"name":"a","proto":"udp"}': { '.': {}, 'f:n': {}, 'f:name': {}, 'f:proto': {} },
          // The omitted key field is keyed by its schema default.
          'k:{"name":"b","proto":"tcp"}': { '.': {}, 'f:n': {}, 'f:name': {} },
        },
      },
    });
    const live: KubeObject = { ...first.object, metadata: { ...first.object.metadata, managedFields: first.managedFields } };
    const second = serverSideApply(live, gadget({ ports: [{ name: 'c', n: 3 }, { name: 'a', proto: 'udp', n: 9 }] }), gadgetSchema, 'm2', 'fx.example.com/v1', true, TIME);
    expect((second.object.spec as { ports: unknown[] }).ports).toEqual([
      { name: 'a', proto: 'udp', n: 9 },
      { name: 'b', n: 2 },
      { name: 'c', n: 3 },
    ]);
    // m2 took a's n by force; m1 keeps the rest of its items.
    expect(second.managedFields.map((m) => [m.manager, m.fieldsV1])).toEqual([
      ['m1', { 'f:spec': { 'f:ports': { 'k:{"name":"a","proto":"udp"}': { '.': {}, 'f:name': {}, 'f:proto': {} }, 'k:{"name":"b","proto":"tcp"}': { '.': {}, 'f:n': {}, 'f:name': {} } } } }],
      ['m2', { 'f:spec': { 'f:ports': { 'k:{"name":"a","proto":"udp"}': { '.': {}, 'f:n': {}, 'f:name': {}, 'f:proto': {} }, 'k:{"name":"c","proto":"tcp"}': { '.': {}, 'f:n': {}, 'f:name': {} } } } }],
    ]);
  });

  it('is owned item by item on updates too; a list without a list type is owned whole', () => {
    const next = gadget({ ports: [{ name: 'a', n: 1 }], plain: [{ name: 'p' }] });
    const fields = recordUpdate(next, undefined, { zero: {}, schema: gadgetSchema }, 'u1', 'fx.example.com/v1', TIME)[0]?.fieldsV1;
    expect(fields).toEqual({ 'f:spec': { '.': {}, 'f:plain': {}, 'f:ports': { '.': {}, 'k:{"name":"a","proto":"tcp"}': { '.': {}, 'f:n': {}, 'f:name': {} } } } });
  });

  it('refuses an applied item without a key field that has no default, like structured-merge-diff', () => {
    expect(() => serverSideApply(undefined, gadget({ ports: [{ n: 1 }] }), gadgetSchema, 'm1', 'fx.example.com/v1', false, TIME)).toThrow(
      '.spec.ports: element 0: associative list with keys has an element that omits key field "name" (and doesn\'t have default value)',
    );
  });
});

describe('built-in lists the OpenAPI keys', () => {
  const serviceAccount = Schema.forKind({ group: '', version: 'v1', kind: 'ServiceAccount' });
  const pod = Schema.forKind({ group: '', version: 'v1', kind: 'Pod' });
  const deployment = Schema.forKind({ group: 'apps', version: 'v1', kind: 'Deployment' });

  it('ServiceAccount secrets merge by name (x-kubernetes-patch-merge-key), new items first', () => {
    const merged = strategicMerge({ metadata: { name: 'sa' }, secrets: [{ name: 'a' }] }, { secrets: [{ name: 'b' }] }, serviceAccount);
    expect(merged).toEqual({ metadata: { name: 'sa' }, secrets: [{ name: 'b' }, { name: 'a' }] });
    const fields = recordUpdate({ metadata: { name: 'sa' }, secrets: [{ name: 'a' }] }, undefined, { zero: {}, schema: serviceAccount }, 'u1', 'v1', TIME)[0]?.fieldsV1;
    // 1.37's ObjectReference is x-kubernetes-map-type atomic: the item is owned whole (1.20.2 owned its f:name).
    expect(fields).toEqual({ 'f:secrets': { '.': {}, 'k:{"name":"a"}': {} } });
  });

  it('pod status: podIPs merge by ip, containerStatuses (no patch strategy) are replaced and owned whole', () => {
    const live = { status: { podIPs: [{ ip: '10.0.0.1' }], containerStatuses: [{ name: 'c', ready: true }] } };
    const merged = strategicMerge(live, { status: { podIPs: [{ ip: '10.0.0.2' }], containerStatuses: [{ name: 'd', ready: true }] } }, pod) as typeof live;
    expect(merged.status.podIPs).toEqual([{ ip: '10.0.0.2' }, { ip: '10.0.0.1' }]);
    expect(merged.status.containerStatuses).toEqual([{ name: 'd', ready: true }]);
    const prev: KubeObject = { metadata: {}, ...live };
    const fields = recordUpdate({ metadata: {}, ...merged }, prev, { zero: {}, schema: pod }, 'kubelet', 'v1', TIME)[0]?.fieldsV1;
    expect(fields).toEqual({ 'f:status': { 'f:containerStatuses': {}, 'f:podIPs': { 'k:{"ip":"10.0.0.2"}': { '.': {}, 'f:ip': {} } } } });
  });

  it('finalizers are a set: merged by value, owned member by member', () => {
    const merged = strategicMerge({ metadata: { finalizers: ['f/1'] } }, { metadata: { finalizers: ['f/2'] } }, deployment);
    expect(merged).toEqual({ metadata: { finalizers: ['f/2', 'f/1'] } });
    const fields = recordUpdate({ metadata: { finalizers: ['x/y'] } }, undefined, { zero: {}, schema: deployment }, 'u1', 'apps/v1', TIME)[0]?.fieldsV1;
    expect(fields).toEqual({ 'f:metadata': { 'f:finalizers': { '.': {}, 'v:"x/y"': {} } } });
  });

  it('apply keys topologySpreadConstraints by both list-map keys and ports by the protocol default; the selector is atomic', () => {
    const applied: KubeObject = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'd' },
      spec: {
        selector: { matchLabels: { app: 'd' } },
        template: {
          spec: {
            topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' }],
            containers: [{ name: 'c', image: 'nginx', ports: [{ containerPort: 80 }] }],
          },
        },
      },
    };
    const spec = serverSideApply(undefined, applied, deployment, 'm1', 'apps/v1', false, TIME).managedFields[0]?.fieldsV1['f:spec'];
    expect(spec).toEqual({
      'f:selector': {},
      'f:template': {
        'f:spec': {
          'f:containers': { 'k:{"name":"c"}': { '.': {}, 'f:image': {}, 'f:name': {}, 'f:ports': { 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} } } } },
          'f:topologySpreadConstraints': { 'k:{"topologyKey":"zone","whenUnsatisfiable":"DoNotSchedule"}': { '.': {}, 'f:maxSkew': {}, 'f:topologyKey': {}, 'f:whenUnsatisfiable': {} } },
        },
      },
    });
  });

  it('a Service port without a protocol cannot be applied (no default, unlike a container port)', () => {
    const service = Schema.forKind({ group: '', version: 'v1', kind: 'Service' });
    const applied: KubeObject = { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports: [{ port: 80 }] } };
    expect(() => serverSideApply(undefined, applied, service, 'm1', 'v1', false, TIME)).toThrow(
      '.spec.ports: element 0: associative list with keys has an element that omits key field "protocol" (and doesn\'t have default value)',
    );
  });
});
