// The Edit protocol modules (src/k8s/patch, merge, openapi) against the real demo cluster through the kubeglass
// proxy: each patch type as a dryRun=All preview, the JSON patch resourceVersion test, server-side apply
// conflicts, and a three-way merge saved with PUT after a concurrent write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningKubeglass } from '../../server/cli.js';
import { threeWayMerge } from '../../src/k8s/merge/three-way.js';
import { createOpenApiCache, fetchKindSchema, type KindSchema } from '../../src/k8s/openapi/index.js';
import { cloneJson, patchRequest, type JsonObject, type PatchKind, type PatchRequest } from '../../src/k8s/patch/index.js';
import { startHarness, uniqueName } from './kubeglass-harness.js';

let kg: RunningKubeglass;
let schema: KindSchema;
const NAME = uniqueName('edit');
const PATH = `/apis/apps/v1/namespaces/default/deployments/${NAME}`;

interface Container extends JsonObject {
  name: string;
  image: string;
  env: JsonObject[];
}

async function call(method: string, path: string, init: { body?: string; contentType?: string; query?: Record<string, string> } = {}): Promise<{ status: number; body: JsonObject }> {
  const qs = init.query ? `?${new URLSearchParams(init.query).toString()}` : '';
  const res = await fetch(`${kg.url}/k8s/demo${path}${qs}`, {
    method,
    headers: { Accept: 'application/json', ...(init.contentType ? { 'Content-Type': init.contentType } : {}) },
    body: init.body,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as JsonObject };
}

async function live(): Promise<JsonObject> {
  const res = await call('GET', PATH);
  expect(res.status).toBe(200);
  return res.body;
}

function send(req: PatchRequest): Promise<{ status: number; body: JsonObject }> {
  return call(req.method, PATH, { body: req.body, contentType: req.contentType, query: req.query });
}

const containersOf = (o: JsonObject): Container[] => (o.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers;
const rvOf = (o: JsonObject): unknown => (o.metadata as JsonObject).resourceVersion;
const labelsOf = (o: JsonObject): JsonObject => ((o.metadata as JsonObject).labels ?? {}) as JsonObject;

beforeAll(async () => {
  kg = await startHarness();
  // Created by server-side apply, so kubeglass owns the fields it later applies (no conflict with the creator).
  const created = await call('PATCH', PATH, {
    contentType: 'application/apply-patch+yaml',
    query: { fieldManager: 'kubeglass' },
    body: JSON.stringify({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: NAME, namespace: 'default', labels: { app: NAME } },
      spec: {
        replicas: 1,
        selector: { matchLabels: { app: NAME } },
        template: {
          metadata: { labels: { app: NAME } },
          spec: { containers: [{ name: 'web', image: 'nginx:1.27', env: [{ name: 'A', value: '1' }] }] },
        },
      },
    }),
  });
  expect(created.status).toBe(201);
  schema = await fetchKindSchema((path, init) => fetch(`${kg.url}/k8s/demo${path}`, init), { group: 'apps', version: 'v1', kind: 'Deployment' }, createOpenApiCache());
});

afterAll(async () => {
  await kg?.close();
});

describe('Edit patches against the demo cluster', () => {
  it('reads the Deployment schema from the cluster (OpenAPI v3) with merge keys', () => {
    expect(schema.source).toBe('v3');
    expect(schema.lookup(['spec', 'template', 'spec', 'containers', 'env'])).toMatchObject({ patchStrategy: ['merge'], patchMergeKey: 'name' });
  });

  it.each<PatchKind>(['json', 'merge', 'strategic', 'apply'])('previews a %s patch with dryRun=All: the change, the old resourceVersion, nothing stored', async (kind) => {
    const original = await live();
    const modified = cloneJson(original);
    (modified.spec as JsonObject).replicas = 3;
    containersOf(modified)[0]!.image = 'nginx:1.28';
    containersOf(modified)[0]!.env.push({ name: 'B', value: kind });

    const req = patchRequest(kind, { original, modified, schemaLookup: schema.lookup, dryRun: true });
    expect(req.query.dryRun).toBe('All');
    const res = await send(req);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.spec as JsonObject).replicas).toBe(3);
    expect(containersOf(res.body)[0]).toMatchObject({ name: 'web', image: 'nginx:1.28' });
    expect(containersOf(res.body)[0]!.env).toEqual([
      { name: 'A', value: '1' },
      { name: 'B', value: kind },
    ]);
    // dryRun: the answer carries the resourceVersion it was computed from, and the stored object is unchanged.
    expect(rvOf(res.body)).toBe(rvOf(original));
    const after = await live();
    expect(rvOf(after)).toBe(rvOf(original));
    expect((after.spec as JsonObject).replicas).toBe(1);
  });

  it('fails the JSON patch test op with 422 once the object moved on', async () => {
    const original = await live();
    const bumped = await call('PATCH', PATH, { contentType: 'application/merge-patch+json', query: { fieldManager: 'other-tool' }, body: JSON.stringify({ metadata: { labels: { bumped: 'yes' } } }) });
    expect(bumped.status).toBe(200);
    expect(rvOf(bumped.body)).not.toBe(rvOf(original));

    const modified = cloneJson(original);
    (modified.spec as JsonObject).replicas = 4;
    const res = await send(patchRequest('json', { original, modified, dryRun: true }));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ kind: 'Status', reason: 'Invalid', code: 422 });
    // Same patch without the test op would have been accepted: it is the test that protects the edit.
    const unguarded = await send(patchRequest('json', { original, modified, dryRun: true, testResourceVersion: false }));
    expect(unguarded.status).toBe(200);
  });

  it('answers 409 to a merge patch guarded by a stale resourceVersion', async () => {
    const original = await live();
    const bumped = await call('PATCH', PATH, { contentType: 'application/merge-patch+json', query: { fieldManager: 'other-tool' }, body: JSON.stringify({ metadata: { labels: { bumped: 'again' } } }) });
    expect(bumped.status).toBe(200);
    const modified = cloneJson(original);
    (modified.spec as JsonObject).replicas = 4;
    const res = await send(patchRequest('merge', { original, modified, dryRun: true, includeResourceVersion: true }));
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe('Conflict');
  });

  it('has the server honour strategic directives: $patch delete of an env var, $retainKeys on strategy', async () => {
    const original = await live();
    // Defaulted by the server on create; $retainKeys must drop it when the type changes.
    expect((original.spec as JsonObject).strategy).toMatchObject({ type: 'RollingUpdate', rollingUpdate: expect.anything() });
    const modified = cloneJson(original);
    containersOf(modified)[0]!.env = [];
    (modified.spec as JsonObject).strategy = { type: 'Recreate' };
    const req = patchRequest('strategic', { original, modified, schemaLookup: schema.lookup, dryRun: true });
    expect(req.body).toContain('"$patch":"delete"');
    expect(req.body).toContain('"$retainKeys":["type"]');
    const res = await send(req);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.spec as JsonObject).strategy).toEqual({ type: 'Recreate' });
    expect(containersOf(res.body)[0]!.env ?? []).toEqual([]);
  });

  it('answers 409 with FieldManagerConflict causes when applying a field another manager owns, unless forced', async () => {
    const taken = await call('PATCH', PATH, { contentType: 'application/merge-patch+json', query: { fieldManager: 'other-tool' }, body: JSON.stringify({ spec: { replicas: 7 } }) });
    expect(taken.status).toBe(200);

    const original = await live();
    const modified = cloneJson(original);
    (modified.spec as JsonObject).replicas = 2;
    const res = await send(patchRequest('apply', { original, modified, dryRun: true }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ reason: 'Conflict', code: 409 });
    const causes = (res.body.details as { causes: JsonObject[] }).causes;
    expect(causes).toContainEqual(expect.objectContaining({ reason: 'FieldManagerConflict', field: '.spec.replicas' }));
    expect(String(causes[0]?.message)).toContain('other-tool');

    const forced = await send(patchRequest('apply', { original, modified, dryRun: true, force: true }));
    expect(forced.status).toBe(200);
    expect((forced.body.spec as JsonObject).replicas).toBe(2);
  });

  it('saves an edit over a concurrent PUT with a three-way merge', async () => {
    const base = await live();
    const yours = cloneJson(base);
    containersOf(yours)[0]!.image = 'nginx:1.29';
    containersOf(yours)[0]!.env.push({ name: 'MINE', value: 'y' });

    // Someone else (kubectl edit / replace) changes other fields meanwhile.
    const other = cloneJson(base);
    labelsOf(other).tier = 'frontend';
    containersOf(other)[0]!.env.push({ name: 'THEIRS', value: 't' });
    const put = await call('PUT', PATH, { contentType: 'application/json', query: { fieldManager: 'kubectl-edit' }, body: JSON.stringify(other) });
    expect(put.status).toBe(200);

    const stale = await call('PUT', PATH, { contentType: 'application/json', query: { fieldManager: 'kubeglass' }, body: JSON.stringify(yours) });
    expect(stale.status).toBe(409);
    expect(stale.body.reason).toBe('Conflict');

    const theirs = await live();
    const result = threeWayMerge(base, yours, theirs, schema.lookup);
    expect(result.conflicts).toEqual([]);
    expect(rvOf(result.merged)).toBe(rvOf(theirs));
    const saved = await call('PUT', PATH, { contentType: 'application/json', query: { fieldManager: 'kubeglass' }, body: JSON.stringify(result.merged) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const final = await live();
    expect(labelsOf(final).tier).toBe('frontend');
    expect(containersOf(final)[0]!.image).toBe('nginx:1.29');
    expect(containersOf(final)[0]!.env.map((e) => e.name)).toEqual(['A', 'MINE', 'THEIRS']);
  });
});
