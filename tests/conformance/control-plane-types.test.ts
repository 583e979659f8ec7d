// The types the e2e conformance suite leans on beyond workloads: ResourceQuota accounting and its admission 403,
// ReplicationControllers (defaults, scale, status), PodTemplates, Leases, the system PriorityClasses, the APF
// bootstrap configuration, the Events `source` field selector and the verbose health checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../demo-cluster/testing/wait-until.js';
import { compare, compareValues, field, must, normalize, openPair, send } from './harness.js';
import type { Json, Pair, Target } from './harness.js';

let pair: Pair;
beforeAll(async () => {
  pair = await openPair('kgc-cp');
});
afterAll(async () => {
  await pair?.close();
});

const core = (resource: string): string => `/api/v1/namespaces/${pair.ns}/${resource}`;
const items = (body: Json): Json[] => (field(body, 'items') as Json[] | undefined) ?? [];
const get = async (t: Target, path: string): Promise<Json> => (await must(t, { path })).body;

/** A quota's status once the controller has calculated `resource` (each server on its own clock). */
async function quotaStatus(t: Target, name: string, until: (used: Json) => boolean): Promise<Json> {
  const quota = await waitUntil(() => get(t, `${core('resourcequotas')}/${name}`), { until: (q) => until(field(q, 'status', 'used') ?? null), what: `${t.name}: ${name} status`, timeoutMs: 20_000 });
  return field(quota, 'status') ?? null;
}

describe('resource quota', () => {
  const hard = { pods: '5', configmaps: '3', secrets: '10', services: '10', 'services.nodeports': '1', resourcequotas: '1', cpu: '1', memory: '500Mi', 'count/replicasets.apps': '5', 'requests.example.com/dongle': '3' };

  it('create: the quota as stored, then status.hard and status.used from the controller', async () => {
    const { real, demo } = await pair.both({ method: 'POST', path: core('resourcequotas'), body: { metadata: { name: 'test-quota' }, spec: { hard } } });
    compare('create quota', real, demo);
    const done = (used: Json): boolean => field(used, 'resourcequotas') === '1';
    const status = await pair.each((t) => quotaStatus(t, 'test-quota', done));
    compareValues('quota status', status.real, status.demo);
  });

  it('a create beyond hard: 403 with the plugin message; usage charged and released', async () => {
    await pair.each(async (t) => {
      for (const name of ['a', 'b']) await must(t, { method: 'POST', path: core('configmaps'), body: { metadata: { name } } });
    });
    const charged = await pair.each((t) => quotaStatus(t, 'test-quota', (u) => field(u, 'configmaps') === '3'));
    compareValues('charged', charged.real, charged.demo);
    const refused = await pair.both({ method: 'POST', path: core('configmaps'), body: { metadata: { name: 'c' } } });
    compare('exceeded quota', refused.real, refused.demo);
    const pod = { metadata: { name: 'big' }, spec: { nodeSelector: { 'kubeglass.example/unschedulable': 'true' }, containers: [{ name: 'c', image: 'nginx:1.25', resources: { requests: { cpu: '1500m', memory: '100Mi' } } }] } };
    const tooBig = await pair.both({ method: 'POST', path: core('pods'), body: pod });
    compare('pod beyond cpu', tooBig.real, tooBig.demo);
    const noRequests = await pair.both({ method: 'POST', path: core('pods'), body: { metadata: { name: 'none' }, spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] } } });
    compare('pod without requests', noRequests.real, noRequests.demo);
    await pair.each((t) => must(t, { method: 'DELETE', path: `${core('configmaps')}/a` }));
    const released = await pair.each((t) => quotaStatus(t, 'test-quota', (u) => field(u, 'configmaps') === '2'));
    compareValues('released', released.real, released.demo);
  });

  it('as a Table: used/hard per resource', async () => {
    const { real, demo } = await pair.both({ path: `${core('resourcequotas')}/test-quota`, headers: { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } });
    compare('quota Table', real, demo);
  });

  it('scopes: BestEffort and NotBestEffort quotas count the pods of their class', async () => {
    await pair.each((t) => must(t, { method: 'DELETE', path: `${core('resourcequotas')}/test-quota` }));
    for (const [name, scope] of [['best-effort', 'BestEffort'], ['not-best-effort', 'NotBestEffort']]) {
      const created = await pair.both({ method: 'POST', path: core('resourcequotas'), body: { metadata: { name }, spec: { hard: { pods: '5' }, scopes: [scope] } } });
      compare(`create ${name}`, created.real, created.demo);
    }
    const pending = { 'kubeglass.example/unschedulable': 'true' };
    await pair.each(async (t) => {
      await must(t, { method: 'POST', path: core('pods'), body: { metadata: { name: 'be' }, spec: { nodeSelector: pending, containers: [{ name: 'c', image: 'nginx:1.25' }] } } });
    });
    const status = await pair.each(async (t) => ({
      bestEffort: await quotaStatus(t, 'best-effort', (u) => field(u, 'pods') === '1'),
      notBestEffort: await quotaStatus(t, 'not-best-effort', (u) => field(u, 'pods') !== undefined),
    }));
    compareValues('scoped quotas', status.real, status.demo);
    await pair.each(async (t) => {
      await must(t, { method: 'DELETE', path: `${core('pods')}/be`, query: { gracePeriodSeconds: '0' } });
      for (const name of ['best-effort', 'not-best-effort']) await must(t, { method: 'DELETE', path: `${core('resourcequotas')}/${name}` });
    });
  });

  afterAll(async () => {
    // The pods of the cases below state no requests.
    await pair.each((t) => send(t, { method: 'DELETE', path: `${core('resourcequotas')}/test-quota` }));
  });
});

describe('replicationcontrollers and podtemplates', () => {
  const template = { metadata: { labels: { app: 'rc' } }, spec: { nodeSelector: { 'kubeglass.example/unschedulable': 'true' }, containers: [{ name: 'c', image: 'nginx:1.25' }] } };

  it('create: selector and labels defaulted from the template, generation 1', async () => {
    const { real, demo } = await pair.both({ method: 'POST', path: core('replicationcontrollers'), body: { metadata: { name: 'rc' }, spec: { replicas: 2, template } } });
    compare('create rc', real, demo);
  });

  it('status.replicas from the controller, and the scale subresource', async () => {
    const status = await pair.each(async (t) => {
      const rc = await waitUntil(() => get(t, `${core('replicationcontrollers')}/rc`), { until: (o) => field(o, 'status', 'replicas') === 2, what: `${t.name}: rc replicas`, timeoutMs: 20_000 });
      return { replicas: field(rc, 'status', 'replicas') ?? null, fullyLabeledReplicas: field(rc, 'status', 'fullyLabeledReplicas') ?? null, observedGeneration: field(rc, 'status', 'observedGeneration') ?? null };
    });
    compareValues('rc status', status.real, status.demo);
    const scale = await pair.both({ path: `${core('replicationcontrollers')}/rc/scale` });
    compare('rc scale', scale.real, scale.demo);
    const owners = await pair.each(async (t) => items(await get(t, `${core('pods')}?labelSelector=app%3Drc`)).map((p) => normalize(field(p, 'metadata', 'ownerReferences') ?? null)));
    compareValues('pod owners', owners.real, owners.demo);
    await pair.each((t) => must(t, { method: 'DELETE', path: `${core('replicationcontrollers')}/rc` }));
  });

  it('podtemplates: create and get', async () => {
    const created = await pair.both({ method: 'POST', path: core('podtemplates'), body: { metadata: { name: 'pt' }, template } });
    compare('create podtemplate', created.real, created.demo);
    const table = await pair.both({ path: `${core('podtemplates')}/pt`, headers: { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } });
    compare('podtemplate Table', table.real, table.demo);
  });
});

describe('leases, priority classes, flow control', () => {
  it('leases: create', async () => {
    const body = { metadata: { name: 'lease' }, spec: { holderIdentity: 'me', leaseDurationSeconds: 30, renewTime: '2026-01-01T00:00:00.000000Z' } };
    const { real, demo } = await pair.both({ method: 'POST', path: `/apis/coordination.k8s.io/v1/namespaces/${pair.ns}/leases`, body });
    compare('create lease', real, demo);
  });

  it('the system priority classes', async () => {
    for (const name of ['system-node-critical', 'system-cluster-critical']) {
      const { real, demo } = await pair.both({ path: `/apis/scheduling.k8s.io/v1/priorityclasses/${name}` });
      const view = (b: Json): Json => ({ value: field(b, 'value') ?? null, description: field(b, 'description') ?? null, preemptionPolicy: field(b, 'preemptionPolicy') ?? null, globalDefault: field(b, 'globalDefault') ?? null });
      compareValues(name, view(real.body), view(demo.body));
    }
    const reserved = await pair.both({ method: 'POST', path: '/apis/scheduling.k8s.io/v1/priorityclasses', body: { metadata: { name: 'system-mine' }, value: 10 } });
    compare('system- prefix', reserved.real, reserved.demo);
  });

  it('a priority class of its own: create, an immutable value, delete', async () => {
    const path = '/apis/scheduling.k8s.io/v1/priorityclasses';
    const created = await pair.both({ method: 'POST', path, body: { metadata: { name: pair.ns }, value: 1000, description: 'conformance' } });
    compare('create priority class', created.real, created.demo);
    const changed = await pair.both({ method: 'PATCH', path: `${path}/${pair.ns}`, headers: { 'Content-Type': 'application/merge-patch+json' }, body: { value: 5 } });
    compare('value changed', changed.real, changed.demo);
    const removed = await pair.both({ method: 'DELETE', path: `${path}/${pair.ns}` });
    compare('delete priority class', removed.real, removed.demo);
  });

  it('a FlowSchema of its own: defaults, the consumer marks it dangling, delete', async () => {
    const path = '/apis/flowcontrol.apiserver.k8s.io/v1/flowschemas';
    const body = { metadata: { name: pair.ns }, spec: { priorityLevelConfiguration: { name: `${pair.ns}-missing` }, rules: [{ subjects: [{ kind: 'User', user: { name: 'nobody' } }], nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/nothing'] }] }] } };
    const created = await pair.both({ method: 'POST', path, body });
    compare('create flow schema', created.real, created.demo);
    const status = await pair.each(async (t) => {
      const fs = await waitUntil(() => get(t, `${path}/${pair.ns}`), { until: (o) => ((field(o, 'status', 'conditions') as Json[] | undefined) ?? []).length > 0, what: `${t.name}: Dangling`, timeoutMs: 20_000 });
      const conditions = ((field(fs, 'status', 'conditions') as Json[] | undefined) ?? []).map((c) => ({ ...(c as object), lastTransitionTime: '<time>' }));
      return { conditions, managedFields: normalize(field(fs, 'metadata', 'managedFields') ?? null) };
    });
    compareValues('dangling', status.real, status.demo);
    const removed = await pair.both({ method: 'DELETE', path: `${path}/${pair.ns}` });
    compare('delete flow schema', removed.real, removed.demo);
  });

  it('the bootstrap objects carry the managedFields of the writers that made them', async () => {
    for (const path of [
      '/apis/scheduling.k8s.io/v1/priorityclasses/system-node-critical',
      '/apis/flowcontrol.apiserver.k8s.io/v1/flowschemas/exempt',
      '/apis/flowcontrol.apiserver.k8s.io/v1/prioritylevelconfigurations/exempt',
      '/apis/flowcontrol.apiserver.k8s.io/v1/prioritylevelconfigurations/global-default',
    ]) {
      const { real, demo } = await pair.both({ path });
      compareValues(`${path} managedFields`, normalize(field(real.body, 'metadata', 'managedFields') ?? null), normalize(field(demo.body, 'metadata', 'managedFields') ?? null));
    }
  });

  it('the APF bootstrap configuration: FlowSchemas and PriorityLevelConfigurations with their specs', async () => {
    for (const resource of ['flowschemas', 'prioritylevelconfigurations']) {
      const lists = await pair.each(async (t) => {
        const list = await get(t, `/apis/flowcontrol.apiserver.k8s.io/v1/${resource}`);
        return items(list).map((o) => ({ name: field(o, 'metadata', 'name') ?? null, annotations: field(o, 'metadata', 'annotations') ?? null, spec: field(o, 'spec') ?? null }));
      });
      compareValues(resource, lists.real, lists.demo);
    }
    const dangling = await pair.each(async (t) => {
      const fs = await get(t, '/apis/flowcontrol.apiserver.k8s.io/v1/flowschemas/exempt');
      return ((field(fs, 'status', 'conditions') as Json[] | undefined) ?? []).map((c) => ({ ...(c as object), lastTransitionTime: '<time>' }));
    });
    compareValues('exempt status', dangling.real, dangling.demo);
  });
});

describe('events and health', () => {
  it('the Events field selector source= falls back to reportingController', async () => {
    const event = (name: string, extra: Json): Json => ({ metadata: { name }, involvedObject: { kind: 'Pod', namespace: pair.ns, name: 'p' }, reason: 'Test', message: 'm', type: 'Normal', ...(extra as object) });
    await pair.each(async (t) => {
      await must(t, { method: 'POST', path: core('events'), body: event('by-source', { source: { component: 'kubelet' } }) });
      await must(t, { method: 'POST', path: core('events'), body: event('by-reporter', { reportingComponent: 'kubelet', reportingInstance: 'n1', eventTime: '2026-01-01T00:00:00.000000Z', action: 'Tested' }) });
    });
    const { real, demo } = await pair.both({ path: core('events'), query: { fieldSelector: 'source=kubelet' } });
    const names = (b: Json): Json[] => items(b).map((e) => field(e, 'metadata', 'name') ?? null);
    expect(names(real.body)).toEqual(['by-reporter', 'by-source']);
    compareValues('source=kubelet', names(real.body), names(demo.body));
  });

  it.each(['/healthz', '/livez', '/readyz'])('%s?verbose: the check list', async (path) => {
    const [real, demo] = await Promise.all([send(pair.real, { path, query: { verbose: '1' }, as: 'anonymous' }), send(pair.demo, { path, query: { verbose: '1' }, as: 'anonymous' })]);
    expect(real.status).toBe(200);
    compareValues(`${path}?verbose`, { status: real.status, contentType: real.headers.contentType ?? null, text: real.text }, { status: demo.status, contentType: demo.headers.contentType ?? null, text: demo.text });
  });
});
