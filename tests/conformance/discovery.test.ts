// Discovery: the demo cluster's /api, /apis and resource lists against kube-apiserver 1.20.2, per
// entry for what both serve (the demo serves a subset of the built-in types).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRegistry } from '../../demo-cluster/resources/index.js';
import { compare, compareValues, demoTarget, field, isObject, normalize, realTarget, send } from './harness.js';
import type { Json, JsonObject, Target } from './harness.js';

const registry = defaultRegistry();
// Types newer than 1.20.2 (SelfSubjectReview, 1.28) are absent from its resource lists: nothing to compare them with.
const types = registry.all().filter((t) => t.beyondRecorded === undefined);
// Groups of aggregated APIs (metrics.k8s.io: metrics-server, not kube-apiserver) are not served by 1.20.2 at all.
const aggregated = (group: string) => registry.all().every((t) => t.group !== group || (t.beyondRecorded !== undefined && !/^1\.\d+$/.test(t.beyondRecorded)));
const groups = registry.groups().filter((g) => !aggregated(g));

let real: Target;
let demo: Target;
beforeAll(async () => {
  real = realTarget();
  demo = await demoTarget();
});
afterAll(async () => {
  await demo?.close();
});

function entries(list: Json): JsonObject[] {
  const resources = field(list, 'resources');
  return Array.isArray(resources) ? resources.filter(isObject) : [];
}


describe('discovery', () => {
  it('/api: APIVersions with serverAddressByClientCIDRs', async () => {
    const [r, d] = await Promise.all([send(real, { path: '/api' }), send(demo, { path: '/api' })]);
    compare('/api', r, d);
  });

  it('/version: the same keys and version numbers', async () => {
    const [r, d] = await Promise.all([send(real, { path: '/version' }), send(demo, { path: '/version' })]);
    expect(d.status).toBe(r.status);
    const keys = (v: Json): string[] => (isObject(v) ? Object.keys(v).sort() : []);
    compareValues('/version keys', keys(r.body), keys(d.body));
    compareValues('/version numbers', [field(r.body, 'major'), field(r.body, 'minor')], [field(d.body, 'major'), field(d.body, 'minor')]);
  });

  it('/api/v1: the list header (kind, groupVersion, apiVersion)', async () => {
    const [r, d] = await Promise.all([send(real, { path: '/api/v1' }), send(demo, { path: '/api/v1' })]);
    const head = (v: Json): JsonObject => ({ kind: field(v, 'kind') ?? null, apiVersion: field(v, 'apiVersion') ?? null, groupVersion: field(v, 'groupVersion') ?? null });
    compareValues('/api/v1 header', { status: r.status, ...head(r.body) }, { status: d.status, ...head(d.body) });
  });

  describe.each(groups)('/apis group %s', (group) => {
    it('group entry: preferred version, and the demo versions in the real order', async () => {
      const [r, d] = await Promise.all([send(real, { path: `/apis/${group}` }), send(demo, { path: `/apis/${group}` })]);
      expect(d.status).toBe(r.status);
      compareValues(`/apis/${group} kind`, field(r.body, 'kind'), field(d.body, 'kind'));
      compareValues(`/apis/${group} preferredVersion`, field(r.body, 'preferredVersion'), field(d.body, 'preferredVersion'));
      const realVersions = (field(r.body, 'versions') as Json[]).map((v) => field(v, 'version'));
      const demoVersions = (field(d.body, 'versions') as Json[]).map((v) => field(v, 'version'));
      compareValues(`/apis/${group} versions`, realVersions.filter((v) => demoVersions.includes(v)), demoVersions);
      // The same entry inside /apis.
      const [rl, dl] = await Promise.all([send(real, { path: '/apis' }), send(demo, { path: '/apis' })]);
      const pick = (list: Json): Json | undefined => (field(list, 'groups') as Json[]).find((g) => field(g, 'name') === group);
      compareValues(`/apis entry ${group} preferredVersion`, field(pick(rl.body), 'preferredVersion'), field(pick(dl.body), 'preferredVersion'));
    });
  });

  describe.each(types.map((t) => [t.group === '' ? t.resource : `${t.resource}.${t.group}`, t] as const))('resource %s', (_name, t) => {
    it('APIResource entry and its subresources as the real list has them', async () => {
      const path = t.group === '' ? `/api/${t.version}` : `/apis/${t.group}/${t.version}`;
      const [r, d] = await Promise.all([send(real, { path }), send(demo, { path })]);
      expect(r.status).toBe(200);
      expect(d.status).toBe(200);
      const names = [t.resource, ...t.subresources.map((s) => `${t.resource}/${s.name}`)];
      const pick = (list: Json, n: string): Json => normalize(entries(list).find((e) => e.name === n) ?? null);
      for (const n of names) compareValues(`${path} ${n}`, pick(r.body, n), pick(d.body, n));
    });
  });
});
