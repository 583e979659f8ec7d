// Former real-vs-demo differences, kept as cases: anonymous requests, unknown resources, 406 wording,
// invalid dryRun/includeObject, strategic-merge list order and managedFields order.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { TABLE_ACCEPT, compare, compareValues, field, must, normalize, openPair, send } from './harness.js';
import type { Json, Pair, Request, Response } from './harness.js';

let pair: Pair;
const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'smp' },
  spec: {
    selector: { matchLabels: { app: 'smp' } },
    template: {
      metadata: { labels: { app: 'smp' } },
      spec: { containers: [{ name: 'c', image: 'nginx', env: [{ name: 'A', value: '1' }, { name: 'C', value: '3' }] }] },
    },
  },
};

beforeAll(async () => {
  pair = await openPair('kgc-edge');
  await pair.each(async (t) => {
    await must(t, { method: 'POST', path: `/api/v1/namespaces/${pair.ns}/configmaps`, body: { metadata: { name: 'present' }, data: { a: '1' } } });
    await must(t, { method: 'POST', path: `/apis/apps/v1/namespaces/${pair.ns}/deployments`, body: deployment });
  });
});
afterAll(async () => {
  await pair?.close();
});

const ns = (): string => `/api/v1/namespaces/${pair.ns}`;
const cms = (): string => `${ns()}/configmaps`;
const dep = (): string => `/apis/apps/v1/namespaces/${pair.ns}/deployments/smp`;

async function same(name: string, req: Request): Promise<void> {
  const { real, demo } = await pair.both(req);
  compare(name, real, demo);
}

describe('anonymous and wrong tokens', () => {
  it('no token on a resource: 403 for system:anonymous', () => same('anonymous list', { path: `${ns()}/pods`, as: 'anonymous' }));
  it('no token on a named resource: 403 with the name', () => same('anonymous get', { path: `${cms()}/present`, as: 'anonymous' }));
  it('no token on /api: 403 cannot get path', () => same('anonymous /api', { path: '/api', as: 'anonymous' }));
  it('no token on /apis/apps/v1: 403 cannot get path', () => same('anonymous group version', { path: '/apis/apps/v1', as: 'anonymous' }));
  it('no token POST: 403 cannot create', () =>
    same('anonymous create', { method: 'POST', path: cms(), as: 'anonymous', body: { metadata: { name: 'anon' } } }));
  it('a wrong token on /api: 401', () => same('wrong token /api', { path: '/api', as: 'anonymous', headers: { Authorization: 'Bearer not-a-token' } }));
});

describe('unknown resources in known groups', () => {
  it('namespaced unknown resource in core v1: NotFound Status', () => same('bogus namespaced', { path: `${ns()}/bogus` }));
  it('cluster-scoped unknown resource in core v1', () => same('bogus cluster', { path: '/api/v1/bogus' }));
  it('unknown resource in apps/v1', () => same('bogus apps', { path: `/apis/apps/v1/namespaces/${pair.ns}/bogus` }));
  it('unknown subresource', () => same('bogus subresource', { path: `${cms()}/present/bogus` }));
  it('unknown version of a known group', () => same('bogus version', { path: '/apis/apps/v9/deployments' }));
  it('unknown core version', () => same('bogus core version', { path: '/api/v2/pods' }));
  it('cluster-scoped type under a namespace', () => same('nodes in a namespace', { path: `${ns()}/nodes` }));
});

describe('406 wording', () => {
  const html = { Accept: 'text/html' };
  it('list with Accept text/html: go-restful 406', () => same('406 list', { path: cms(), headers: html }));
  it('get with Accept text/html', () => same('406 get', { path: `${cms()}/present`, headers: html }));
  it('watch with Accept text/html', () => same('406 watch', { path: cms(), query: { watch: '1', timeoutSeconds: '1' }, headers: html }));
  it('create with Accept text/html', () =>
    same('406 create', { method: 'POST', path: cms(), query: { dryRun: 'All' }, headers: html, body: { metadata: { name: 'html' } } }));
  it('/api with text/html', () => same('406 /api', { path: '/api', headers: html }));
  it('/api/v1 with text/html', () => same('406 /api/v1', { path: '/api/v1', headers: html }));
  it('/apis/apps/v1 with text/html', () => same('406 /apis/apps/v1', { path: '/apis/apps/v1', headers: html }));
  it('/apis with text/html: the media type list', () => same('406 /apis', { path: '/apis', headers: html }));
  it('/apis/apps with text/html: the media type list', () => same('406 /apis/apps', { path: '/apis/apps', headers: html }));
  it('/version with text/html', () => same('406 /version', { path: '/version', headers: html }));
  it('Table on a subresource: the media type list', () => same('406 table subresource', { path: `${ns()}/pods/x/status`, headers: { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } }));
});

describe('invalid dryRun', () => {
  it('POST dryRun=Bogus: 422 CreateOptions', () =>
    same('dryRun create', { method: 'POST', path: cms(), query: { dryRun: 'Bogus' }, body: { metadata: { name: 'dr' } } }));
  it('POST dryRun=Bogus&dryRun=All: both values quoted', () =>
    same('dryRun two values', { method: 'POST', path: cms(), query: { dryRun: ['Bogus', 'All'] }, body: { metadata: { name: 'dr' } } }));
  it('POST dryRun empty', () => same('dryRun empty', { method: 'POST', path: cms(), query: { dryRun: '' }, body: { metadata: { name: 'dr' } } }));
  it('PUT: UpdateOptions', () =>
    same('dryRun update', { method: 'PUT', path: `${cms()}/present`, query: { dryRun: 'Bogus' }, body: { metadata: { name: 'present' } } }));
  it('PATCH: PatchOptions', () =>
    same('dryRun patch', { method: 'PATCH', path: `${cms()}/present`, query: { dryRun: 'Bogus' }, headers: { 'Content-Type': 'application/merge-patch+json' }, body: '{}' }));
  it('apply: PatchOptions', () =>
    same('dryRun apply', {
      method: 'PATCH',
      path: `${cms()}/present`,
      query: { dryRun: 'Bogus', fieldManager: 'x' },
      headers: { 'Content-Type': 'application/apply-patch+yaml' },
      body: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"present"}}',
    }));
  it('DELETE of a missing object: DeleteOptions before the lookup', () => same('dryRun delete', { method: 'DELETE', path: `${cms()}/missing`, query: { dryRun: 'Bogus' } }));
  it('DELETE with dryRun in the body', () =>
    same('dryRun delete body', { method: 'DELETE', path: `${cms()}/present`, body: { kind: 'DeleteOptions', apiVersion: 'v1', dryRun: ['Bogus'] } }));
  it('deletecollection', () => same('dryRun deletecollection', { method: 'DELETE', path: cms(), query: { dryRun: 'Bogus' } }));
});

describe('invalid includeObject', () => {
  const table = { Accept: TABLE_ACCEPT };
  it('list as Table', () => same('includeObject list', { path: cms(), query: { includeObject: 'Bogus' }, headers: table }));
  it('get as Table', () => same('includeObject get', { path: `${cms()}/present`, query: { includeObject: 'Bogus' }, headers: table }));
  it('get of a missing object: 404 first', () => same('includeObject missing', { path: `${cms()}/missing`, query: { includeObject: 'Bogus' }, headers: table }));
  it('lowercase none is invalid', () => same('includeObject none', { path: cms(), query: { includeObject: 'none' }, headers: table }));
  it('watch as Table', () => same('includeObject watch', { path: cms(), query: { includeObject: 'Bogus', watch: '1' }, headers: table }));
  it('without Table the parameter is ignored', () => same('includeObject json', { path: `${cms()}/present`, query: { includeObject: 'Bogus' } }));
});

describe('strategic merge patch list order (dryRun, the deployment keeps env [A, C])', () => {
  // The real server's deployment controller writes status, the revision annotation and its own managedFields
  // entry at its own pace, and no controller runs in the demo here: these cases compare the patched spec.
  const patched = (r: Response): Json => ({ code: r.status, generation: field(r.body, 'metadata', 'generation') ?? null, spec: normalize(field(r.body, 'spec') ?? null) });
  const smp = async (name: string, patch: unknown): Promise<void> => {
    const { real, demo } = await pair.both({
      method: 'PATCH',
      path: dep(),
      query: { dryRun: 'All' },
      headers: { 'Content-Type': 'application/strategic-merge-patch+json' },
      body: JSON.stringify(patch),
    });
    compareValues(name, patched(real), patched(demo));
  };
  const containers = (c: unknown[], extra: Record<string, unknown> = {}): unknown => ({ spec: { template: { spec: { containers: c, ...extra } } } });
  it('a new item goes before the live ones', () => smp('new env', containers([{ name: 'c', env: [{ name: 'B', value: '2' }] }])));
  it('two new items keep the patch order', () => smp('two new env', containers([{ name: 'c', env: [{ name: 'B', value: '2' }, { name: 'D', value: '4' }] }])));
  it('an updated item stays in place', () => smp('updated env', containers([{ name: 'c', env: [{ name: 'C', value: '9' }] }])));
  it('updated then new', () => smp('updated then new', containers([{ name: 'c', env: [{ name: 'C', value: '9' }, { name: 'B', value: '2' }] }])));
  it('new then updated', () => smp('new then updated', containers([{ name: 'c', env: [{ name: 'B', value: '2' }, { name: 'C', value: '9' }] }])));
  it('$setElementOrder places the new item', () =>
    smp('setElementOrder A B C', containers([{ name: 'c', '$setElementOrder/env': [{ name: 'A' }, { name: 'B' }, { name: 'C' }], env: [{ name: 'B', value: '2' }] }])));
  it('$setElementOrder reverses', () =>
    smp('setElementOrder C B A', containers([{ name: 'c', '$setElementOrder/env': [{ name: 'C' }, { name: 'B' }, { name: 'A' }], env: [{ name: 'B', value: '2' }] }])));
  it('$setElementOrder alone reorders', () => smp('setElementOrder only', containers([{ name: 'c', '$setElementOrder/env': [{ name: 'C' }, { name: 'A' }] }])));
  it('$setElementOrder naming part of the list', () =>
    smp('setElementOrder partial', containers([{ name: 'c', '$setElementOrder/env': [{ name: 'B' }, { name: 'C' }], env: [{ name: 'B', value: '2' }] }])));
  it('a new container goes first', () => smp('new container', containers([{ name: 'd', image: 'busybox' }])));
  it('$setElementOrder on containers (as kubectl sends)', () =>
    smp('setElementOrder containers', { spec: { template: { spec: { '$setElementOrder/containers': [{ name: 'c' }, { name: 'd' }], containers: [{ name: 'd', image: 'busybox' }] } } } }));
  it('$patch delete with a new item', () => smp('delete and add', containers([{ name: 'c', env: [{ name: 'A', $patch: 'delete' }, { name: 'B', value: '2' }] }])));
});

describe('managedFields order', () => {
  it('Apply entries before Update entries, then by time and manager', async () => {
    const { real, demo } = await pair.each(async (t) => {
      const path = `${cms()}/owners`;
      await must(t, { method: 'POST', path: cms(), query: { fieldManager: 'm1' }, body: { metadata: { name: 'owners' }, data: { a: '1' } } });
      await must(t, { method: 'PATCH', path, query: { fieldManager: 'm2' }, headers: { 'Content-Type': 'application/merge-patch+json' }, body: '{"data":{"b":"2"}}' });
      await must(t, {
        method: 'PATCH',
        path,
        query: { fieldManager: 'm3' },
        headers: { 'Content-Type': 'application/apply-patch+yaml' },
        body: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"owners"},"data":{"c":"3"}}',
      });
      return send(t, { path });
    });
    compare('managedFields order', real, demo);
  });
});
