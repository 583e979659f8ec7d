// Discovery: the demo cluster's /api, /apis, resource lists and aggregated discovery against the real kube-apiserver
// (1.37.2), per entry for what both serve (the demo serves a subset of the built-in types).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRegistry } from '../../demo-cluster/resources/index.js';
import { compare, compareValues, demoTarget, field, isObject, normalize, realTarget, send } from './harness.js';
import type { Json, JsonObject, Target } from './harness.js';

const registry = defaultRegistry();
// Aggregated APIs (metrics.k8s.io: metrics-server, not kube-apiserver) are not served by the real server at all.
const types = registry.all().filter((t) => t.aggregatedApi === undefined);
const aggregated = (group: string) => registry.all().every((t) => t.group !== group || t.aggregatedApi !== undefined);
const groups = registry.groups().filter((g) => !aggregated(g));
const V2 = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';
const V2BETA1 = 'application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList';

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

  it.each(['/api', '/apis'])('%s: aggregated discovery v2 headers, document header and the demo groups in the real order', async (path) => {
    const [r, d] = await Promise.all([send(real, { path, headers: { Accept: `${V2},application/json` } }), send(demo, { path, headers: { Accept: `${V2},application/json` } })]);
    const head = (res: typeof r): JsonObject => ({
      status: res.status,
      contentType: res.allHeaders['content-type'] ?? null,
      cacheControl: res.allHeaders['cache-control'] ?? null,
      vary: res.allHeaders.vary ?? null,
      etag: /^"[0-9A-F]{128}"$/.test(res.allHeaders.etag ?? ''),
      kind: field(res.body, 'kind') ?? null,
      apiVersion: field(res.body, 'apiVersion') ?? null,
      metadata: field(res.body, 'metadata') ?? null,
    });
    compareValues(`${path} aggregated headers`, head(r), head(d));
    const items = (v: Json): JsonObject[] => ((field(v, 'items') as Json[] | undefined) ?? []).filter(isObject);
    const demoNames = items(d.body).map((i) => field(i, 'metadata', 'name') ?? '').filter((n) => !aggregated(String(n)));
    const realNames = items(r.body).map((i) => field(i, 'metadata', 'name') ?? '');
    compareValues(`${path} aggregated groups`, realNames.filter((n) => demoNames.includes(n)), demoNames);
    for (const item of items(d.body)) {
      const name = field(item, 'metadata', 'name') ?? '';
      if (aggregated(String(name))) continue;
      const realItem = items(r.body).find((i) => (field(i, 'metadata', 'name') ?? '') === name);
      compareValues(`${path} aggregated ${String(name)} metadata`, field(realItem, 'metadata'), field(item, 'metadata'));
      for (const version of (field(item, 'versions') as Json[]).filter(isObject)) {
        const realVersion = ((field(realItem, 'versions') as Json[] | undefined) ?? []).find((v) => field(v, 'version') === field(version, 'version'));
        compareValues(`${path} aggregated ${String(name)}/${String(field(version, 'version'))} freshness`, field(realVersion, 'freshness'), field(version, 'freshness'));
        for (const resource of (field(version, 'resources') as Json[]).filter(isObject)) {
          const realResource = ((field(realVersion, 'resources') as Json[] | undefined) ?? []).find((e) => field(e, 'resource') === resource.resource);
          // The demo lists only the subresources it serves; compare those with the real entry's.
          const subs = new Set(((resource.subresources as Json[] | undefined) ?? []).map((e) => field(e, 'subresource')));
          const trimmed = (e: Json | undefined): Json | null => {
            if (!isObject(e)) return null;
            const out: JsonObject = { ...e };
            const own = ((e.subresources as Json[] | undefined) ?? []).filter((x) => subs.has(field(x, 'subresource')));
            if (own.length > 0) out.subresources = own;
            else delete out.subresources;
            return out;
          };
          compareValues(`${path} aggregated ${String(name)}/${String(field(version, 'version'))} ${String(resource.resource)}`, trimmed(realResource), trimmed(resource));
        }
      }
    }
  });

  it.each([
    ['v2beta1 only', V2BETA1],
    ['v2beta1, then plain JSON', `${V2BETA1},application/json`],
  ])('/apis with an Accept for aggregated discovery %s: answered as the real server answers it', async (_name, accept) => {
    const [r, d] = await Promise.all([send(real, { path: '/apis', headers: { Accept: accept } }), send(demo, { path: '/apis', headers: { Accept: accept } })]);
    const head = (res: typeof r): JsonObject => ({ status: res.status, contentType: res.allHeaders['content-type'] ?? null, cacheControl: res.allHeaders['cache-control'] ?? null, kind: field(res.body, 'kind') ?? null });
    compareValues('/apis v2beta1 Accept', head(r), head(d));
    if (r.status !== 200) compare('/apis v2beta1 Accept', r, d);
  });

  it('/api with an Accept for aggregated discovery v2beta1 only: the same 406', async () => {
    const [r, d] = await Promise.all([send(real, { path: '/api', headers: { Accept: V2BETA1 } }), send(demo, { path: '/api', headers: { Accept: V2BETA1 } })]);
    compare('/api v2beta1 Accept', r, d);
  });

  it('/openapi/v3: the index lists every group-version the demo serves, with a hashed URL', async () => {
    const [r, d] = await Promise.all([send(real, { path: '/openapi/v3' }), send(demo, { path: '/openapi/v3' })]);
    const head = (res: typeof r): JsonObject => ({ status: res.status, contentType: res.allHeaders['content-type'] ?? null, cacheControl: res.allHeaders['cache-control'] ?? null });
    compareValues('/openapi/v3 headers', head(r), head(d));
    const keys = (v: Json): string[] => (isObject(field(v, 'paths')) ? Object.keys(field(v, 'paths') as JsonObject) : []);
    const demoKeys = keys(d.body).filter((k) => !aggregated(k.split('/')[1] ?? '') || k.startsWith('api/'));
    compareValues('/openapi/v3 group-versions', keys(r.body).filter((k) => demoKeys.includes(k)), demoKeys);
    for (const k of demoKeys) expect(String(field(d.body, 'paths', k, 'serverRelativeURL'))).toMatch(new RegExp(`^/openapi/v3/${k}\\?hash=[0-9A-F]{128}$`));
  });

  const v3GroupVersions = [...new Set(types.map((t) => (t.group === '' ? `api/${t.version}` : `apis/${t.group}/${t.version}`)))];
  it.each(v3GroupVersions)('/openapi/v3/%s: hashed, unhashed and stale-hash answers; the served paths and schemas as the real document has them', async (gv) => {
    const index = await Promise.all([send(real, { path: '/openapi/v3' }), send(demo, { path: '/openapi/v3' })]);
    const [realUrl, demoUrl] = index.map((i) => String(field(i.body, 'paths', gv, 'serverRelativeURL')));
    const [r, d] = await Promise.all([send(real, { path: realUrl ?? '' }), send(demo, { path: demoUrl ?? '' })]);
    const head = (res: typeof r): JsonObject => ({
      status: res.status,
      contentType: res.allHeaders['content-type'] ?? null,
      cacheControl: res.allHeaders['cache-control'] ?? null,
      vary: res.allHeaders.vary ?? null,
      expiresInAYear: Math.round((Date.parse(res.allHeaders.expires ?? '') - Date.now()) / 86_400_000),
      expiresZone: (res.allHeaders.expires ?? '').slice(-3),
      lastModified: Number.isFinite(Date.parse(res.allHeaders['last-modified'] ?? '')),
    });
    compareValues(`${gv} hashed headers`, head(r), head(d));
    const plain = (res: typeof r): JsonObject => ({ status: res.status, cacheControl: res.allHeaders['cache-control'] ?? null, expires: res.allHeaders.expires ?? null });
    const [ru, du] = await Promise.all([send(real, { path: `/openapi/v3/${gv}` }), send(demo, { path: `/openapi/v3/${gv}` })]);
    compareValues(`${gv} unhashed headers`, plain(ru), plain(du));
    const [rs, ds] = await Promise.all([send(real, { path: `/openapi/v3/${gv}?hash=0123` }), send(demo, { path: `/openapi/v3/${gv}?hash=0123` })]);
    const moved = (res: typeof r, url: string | undefined): JsonObject => ({ status: res.status, location: res.allHeaders.location === url, cacheControl: res.allHeaders['cache-control'] ?? null, contentType: res.allHeaders['content-type'] ?? null });
    compareValues(`${gv} stale hash`, moved(rs, realUrl), moved(ds, demoUrl));
    compareValues(`${gv} document header`, { openapi: field(r.body, 'openapi'), info: field(r.body, 'info') }, { openapi: field(d.body, 'openapi'), info: field(d.body, 'info') });
    const demoPaths = (field(d.body, 'paths') ?? {}) as JsonObject;
    expect(Object.keys(demoPaths).length, `${gv}: the demo document has paths`).toBeGreaterThan(1);
    for (const p of Object.keys(demoPaths)) compareValues(`${gv} path ${p}`, field(r.body, 'paths', p) ?? null, demoPaths[p]);
    const demoSchemas = (field(d.body, 'components', 'schemas') ?? {}) as JsonObject;
    expect(Object.keys(demoSchemas).length, `${gv}: the demo document has schemas`).toBeGreaterThan(1);
    for (const n of Object.keys(demoSchemas)) compareValues(`${gv} schema ${n}`, field(r.body, 'components', 'schemas', n) ?? null, demoSchemas[n]);
  });

  it('/openapi/v2: the definitions of the served kinds as the real document has them', async () => {
    const [r, d] = await Promise.all([send(real, { path: '/openapi/v2' }), send(demo, { path: '/openapi/v2' })]);
    compareValues('/openapi/v2 info', field(r.body, 'info'), field(d.body, 'info'));
    const defs = (field(d.body, 'definitions') ?? {}) as JsonObject;
    const builtIn = Object.keys(defs).filter((n) => n.startsWith('io.k8s.'));
    expect(builtIn.length).toBeGreaterThan(100);
    for (const n of builtIn) compareValues(`/openapi/v2 definition ${n}`, field(r.body, 'definitions', n) ?? null, defs[n]);
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
