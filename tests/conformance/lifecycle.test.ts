// Behaviours the e2e conformance set of the release checks, compared request by request: StorageVersionMigrations,
// a namespace's finalize and status subresources, ordered namespace deletion with its conditions, the events.k8s.io
// field selectors, repeated keys in an apply body, and how /openapi/v2 publishes a CRD that preserves unknown
// fields at its root.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../demo-cluster/testing/wait-until.js';
import { compare, compareValues, field, must, normalize, openPair, send, uniqueName } from './harness.js';
import type { Json, JsonObject, Pair, Target } from './harness.js';

let pair: Pair;
beforeAll(async () => {
  pair = await openPair('kgc-life');
});
afterAll(async () => {
  await pair?.close();
});

const SVMS = '/apis/storagemigration.k8s.io/v1/storageversionmigrations';
const asObject = (v: Json): JsonObject => (typeof v === 'object' && v !== null && !Array.isArray(v) ? v : {});

describe('storagemigration.k8s.io/v1', () => {
  const name = uniqueName('kgc-svm');
  afterAll(async () => {
    await pair.each((t) => send(t, { method: 'DELETE', path: `${SVMS}/${name}` }));
  });

  it('create, a status patch and an update that tries to change the spec', async () => {
    const created = await pair.both({ method: 'POST', path: SVMS, query: { fieldValidation: 'Strict' }, body: { apiVersion: 'storagemigration.k8s.io/v1', kind: 'StorageVersionMigration', metadata: { name }, spec: { resource: { group: 'apps', resource: 'foo' } } } });
    compare('create', created.real, created.demo);
    const condition = { type: 'TestCondition', status: 'True', reason: 'TestReason', message: 'TestMessage', lastTransitionTime: '2026-01-01T00:00:00Z' };
    const patched = await pair.both({ method: 'PATCH', path: `${SVMS}/${name}/status`, headers: { 'Content-Type': 'application/merge-patch+json' }, body: { metadata: { labels: { a: 'b' } }, status: { conditions: [condition] } } });
    // kube-controller-manager's migrator writes conditions of its own meanwhile: the label is what is compared.
    compareValues('status patch drops the label', [patched.real.status, field(patched.real.body, 'metadata', 'labels') ?? null], [patched.demo.status, field(patched.demo.body, 'metadata', 'labels') ?? null]);
    const both = await pair.each(async (t) => {
      const got = asObject((await must(t, { path: `${SVMS}/${name}` })).body);
      return send(t, { method: 'PUT', path: `${SVMS}/${name}`, body: { ...got, spec: { resource: { group: 'apps', resource: 'deployments' } } } });
    });
    compare('spec is immutable', both.real, both.demo);
    const invalid = await pair.both({ method: 'POST', path: SVMS, body: { metadata: { name: uniqueName('kgc-svm') }, spec: { resource: { group: 'Bad_Group', resource: '9foo' } } } });
    compare('invalid spec', invalid.real, invalid.demo);
  });
});

describe('namespace subresources', () => {
  it('PUT finalize replaces spec.finalizers; a status patch keeps its annotation', async () => {
    const ns = pair.ns;
    const finalized = await pair.each(async (t) => {
      const got = asObject((await must(t, { path: `/api/v1/namespaces/${ns}` })).body);
      return send(t, { method: 'PUT', path: `/api/v1/namespaces/${ns}/finalize`, body: { ...got, spec: { finalizers: ['kubernetes', 'e2e.example.com/fakeFinalizer'] } } });
    });
    compare('finalize', finalized.real, finalized.demo);
    const removed = await pair.each(async (t) => {
      const got = asObject((await must(t, { path: `/api/v1/namespaces/${ns}` })).body);
      return send(t, { method: 'PUT', path: `/api/v1/namespaces/${ns}/finalize`, body: { ...got, spec: { finalizers: ['kubernetes'] } } });
    });
    compare('finalizer removed', removed.real, removed.demo);
    const patch = { metadata: { annotations: { 'e2e-patched-ns-status': ns } }, status: { conditions: [{ type: 'StatusPatch', status: 'True', reason: 'E2E', message: 'Patched by an e2e test', lastTransitionTime: '2026-01-01T00:00:00Z' }] } };
    const patched = await pair.both({ method: 'PATCH', path: `/api/v1/namespaces/${ns}/status`, headers: { 'Content-Type': 'application/merge-patch+json' }, body: patch });
    compare('status patch', patched.real, patched.demo);
  });
});

describe('ordered namespace deletion', () => {
  const ns = uniqueName('kgc-order');
  const conditions = (t: Target): Promise<Json> =>
    waitUntil(async () => asObject((await send(t, { path: `/api/v1/namespaces/${ns}` })).body), {
      until: (body) => ((field(body, 'status', 'conditions') as Json[] | undefined) ?? []).some((c) => field(c, 'type') === 'NamespaceDeletionContentFailure'),
      what: `${t.name}: deletion conditions`,
      timeoutMs: 60_000,
    }).then((body) => normalize(field(body, 'status') ?? null));

  it('a pod with a finalizer keeps the namespace Terminating and its other content; then all goes', async () => {
    // Unschedulable on both servers: deleted at once but for its finalizer.
    const pod = { metadata: { name: 'test-pod', finalizers: ['e2e.example.com/finalizer'] }, spec: { nodeSelector: { 'kubeglass.example/unschedulable': 'true' }, containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.10' }] } };
    await pair.each(async (t) => {
      await must(t, { method: 'POST', path: '/api/v1/namespaces', body: { metadata: { name: ns } } });
      await waitUntil(() => send(t, { path: `/api/v1/namespaces/${ns}/serviceaccounts/default` }), { until: (r) => r.status === 200, what: `${t.name}: default ServiceAccount` });
      await must(t, { method: 'POST', path: `/api/v1/namespaces/${ns}/pods`, body: pod });
      await must(t, { method: 'POST', path: `/api/v1/namespaces/${ns}/configmaps`, body: { metadata: { name: 'test-configmap' }, data: { key: 'value' } } });
      await must(t, { method: 'DELETE', path: `/api/v1/namespaces/${ns}` });
    });
    const status = await pair.each(conditions);
    compareValues('terminating namespace status', status.real, status.demo);
    const left = await pair.each(async (t) => ({
      configmap: (await send(t, { path: `/api/v1/namespaces/${ns}/configmaps/test-configmap` })).status,
      podDeleting: field((await send(t, { path: `/api/v1/namespaces/${ns}/pods/test-pod` })).body, 'metadata', 'deletionTimestamp') !== undefined,
    }));
    compareValues('content held', left.real, left.demo);
    expect(left.demo).toEqual({ configmap: 200, podDeleting: true });
    await pair.each(async (t) => {
      const got = asObject((await must(t, { path: `/api/v1/namespaces/${ns}/pods/test-pod` })).body);
      await must(t, { method: 'PUT', path: `/api/v1/namespaces/${ns}/pods/test-pod`, body: { ...got, metadata: { ...asObject(got.metadata ?? null), finalizers: [] } } });
      await waitUntil(() => send(t, { path: `/api/v1/namespaces/${ns}` }), { until: (r) => r.status === 404, what: `${t.name}: namespace gone`, timeoutMs: 120_000 });
    });
  });
});

describe('events.k8s.io/v1 field selectors', () => {
  it('reportingController, regarding.* and an unsupported label', async () => {
    const event = (name: string, controller: string): Json => ({
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { name },
      eventTime: '2026-01-01T00:00:00.000000Z',
      reportingController: controller,
      reportingInstance: 'i',
      action: 'Test',
      reason: 'Testing',
      type: 'Normal',
      regarding: { kind: 'Pod', name: 'p', namespace: pair.ns },
    });
    const path = `/apis/events.k8s.io/v1/namespaces/${pair.ns}/events`;
    await pair.each(async (t) => {
      await must(t, { method: 'POST', path, body: event('one', 'test-controller') });
      await must(t, { method: 'POST', path, body: event('two', 'other-controller') });
    });
    for (const selector of ['reportingController=test-controller', 'regarding.kind=Pod,type=Normal', 'regarding.name!=p', 'source=test-controller']) {
      const { real, demo } = await pair.both({ path, query: { fieldSelector: selector } });
      compare(`fieldSelector ${selector}`, real, demo);
    }
  });
});

describe('apply with repeated keys', () => {
  const body = `
apiVersion: v1
kind: ConfigMap
metadata:
  name: dup
data:
  foo: foo1
  foo: foo2
  bar: bar1`;
  it.each(['Strict', 'Warn'])('fieldValidation=%s', async (directive) => {
    const { real, demo } = await pair.both({
      method: 'PATCH',
      path: `/api/v1/namespaces/${pair.ns}/configmaps/dup`,
      query: { fieldManager: 'field_validation_mgr', fieldValidation: directive },
      headers: { 'Content-Type': 'application/apply-patch+yaml' },
      body,
    });
    compare(`apply ${directive}`, real, demo);
  });
});

describe('/openapi/v2 of a CRD without a schema of its own', () => {
  const group = `u${Math.random().toString(16).slice(2, 10)}.example.com`;
  const crdName = `empties.${group}`;
  const definition = [...group.split('.').reverse(), 'v1', 'Empty'].join('.');
  afterAll(async () => {
    await pair.each((t) => send(t, { method: 'DELETE', path: `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crdName}` }));
  });

  it('preserving unknown fields at the root: a plain object', async () => {
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: crdName },
      spec: {
        group,
        names: { kind: 'Empty', plural: 'empties', singular: 'empty', listKind: 'EmptyList' },
        scope: 'Namespaced',
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
      },
    };
    const published = await pair.each(async (t) => {
      await must(t, { method: 'POST', path: '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', body: crd });
      const doc = await waitUntil(async () => (await send(t, { path: '/openapi/v2' })).body, { until: (d) => field(d, 'definitions', definition) !== undefined, what: `${t.name}: ${definition} published`, timeoutMs: 60_000 });
      return { kind: field(doc, 'definitions', definition) ?? null, list: field(doc, 'definitions', `${definition}List`) ?? null };
    });
    compareValues('published definitions', published.real, published.demo);
  });
});
