import { describe, expect, it } from 'vitest';
import { createOpenApiCache, fetchKindSchema, OpenApiError, type OpenApiFetch } from './fetch-openapi';
import { DEPLOYMENT_GVK, openApiV2Fixture } from './openapi-test-support';
import { recording } from '../../testing/fixtures';

interface Call {
  path: string;
  headers: Record<string, string>;
}

function fakeFetch(route: (path: string, headers: Record<string, string>) => Response): { fetchFn: OpenApiFetch; calls: Call[] } {
  const calls: Call[] = [];
  const fetchFn: OpenApiFetch = (path, init) => {
    calls.push({ path, headers: init.headers });
    return Promise.resolve(route(path, init.headers));
  };
  return { fetchFn, calls };
}

const json = (body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });

// A hand-written v3 group-version document in the shape kube-apiserver >= 1.27 serves.
function appsV1Doc(description: string): unknown {
  return {
    openapi: '3.0.0',
    paths: {
      '/apis/apps/v1/namespaces/{namespace}/deployments/{name}': {
        put: { 'x-kubernetes-group-version-kind': DEPLOYMENT_GVK, parameters: [{ name: 'fieldValidation', in: 'query' }] },
      },
    },
    components: {
      schemas: {
        'io.k8s.api.apps.v1.Deployment': {
          description,
          type: 'object',
          'x-kubernetes-group-version-kind': [{ group: 'apps', version: 'v1', kind: 'Deployment' }],
          properties: { spec: { allOf: [{ $ref: '#/components/schemas/io.k8s.api.apps.v1.DeploymentSpec' }] } },
        },
        'io.k8s.api.apps.v1.DeploymentSpec': {
          type: 'object',
          properties: { strategy: { allOf: [{ $ref: '#/components/schemas/io.k8s.api.apps.v1.DeploymentStrategy' }], 'x-kubernetes-patch-strategy': 'retainKeys' } },
        },
        'io.k8s.api.apps.v1.DeploymentStrategy': { type: 'object', properties: { type: { type: 'string' } } },
      },
    },
  };
}

describe('fetchKindSchema over v3', () => {
  it('reads a 1.37.2 server: its /openapi/v3 index and the hashed batch/v1 document, as recorded', async () => {
    const real = recording('1.37.2');
    const index = real.readJson<{ paths: Record<string, { serverRelativeURL: string }> }>('openapi-v3.json');
    const url = index.paths['apis/batch/v1']?.serverRelativeURL ?? '';
    const { fetchFn, calls } = fakeFetch((path) => {
      if (path === '/openapi/v3') return new Response(real.read('openapi-v3.json'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
      if (path === url) return new Response(real.read('openapi-v3/apis__batch__v1.json'), { headers: { 'Content-Type': 'application/json' } });
      return new Response('not found', { status: 404 });
    });
    const schema = await fetchKindSchema(fetchFn, { group: 'batch', version: 'v1', kind: 'CronJob' }, createOpenApiCache());
    expect(calls.map((c) => c.path)).toEqual(['/openapi/v3', url]);
    expect(schema).toMatchObject({ source: 'v3', definitionName: 'io.k8s.api.batch.v1.CronJob', fieldValidationListed: true });
    expect(schema.lookup(['spec', 'jobTemplate', 'spec', 'template', 'spec', 'containers'])).toMatchObject({ patchMergeKey: 'name', patchStrategy: ['merge'] });
    expect(schema.lookup(['spec', 'schedule'])?.type).toBe('string');
  });


  it('follows the index to the hashed document and caches it by URL until the hash changes', async () => {
    let hash = 'AAA';
    const { fetchFn, calls } = fakeFetch((path) => {
      if (path === '/openapi/v3') return json({ paths: { 'apis/apps/v1': { serverRelativeURL: `/openapi/v3/apis/apps/v1?hash=${hash}` }, 'api/v1': { serverRelativeURL: '/openapi/v3/api/v1?hash=C' } } });
      if (path.startsWith('/openapi/v3/apis/apps/v1?hash=')) return json(appsV1Doc(`doc ${path.slice(-3)}`));
      return new Response('not found', { status: 404 });
    });
    const cache = createOpenApiCache();
    const first = await fetchKindSchema(fetchFn, DEPLOYMENT_GVK, cache);
    expect(first.source).toBe('v3');
    expect(first.jsonSchema.description).toBe('doc AAA');
    expect(first.fieldValidationListed).toBe(true);
    expect(first.lookup(['spec', 'strategy'])).toMatchObject({ patchStrategy: ['retainKeys'], type: 'object' });
    expect(calls.map((c) => c.path)).toEqual(['/openapi/v3', '/openapi/v3/apis/apps/v1?hash=AAA']);
    expect(calls[0]?.headers.Accept).toBe('application/json');

    await fetchKindSchema(fetchFn, DEPLOYMENT_GVK, cache);
    expect(calls.map((c) => c.path)).toEqual(['/openapi/v3', '/openapi/v3/apis/apps/v1?hash=AAA', '/openapi/v3']);

    hash = 'BBB';
    const third = await fetchKindSchema(fetchFn, DEPLOYMENT_GVK, cache);
    expect(third.jsonSchema.description).toBe('doc BBB');
    expect(calls.at(-1)?.path).toBe('/openapi/v3/apis/apps/v1?hash=BBB');
  });

  it('answers OpenApiError 404 when the kind is in neither document', async () => {
    const { fetchFn } = fakeFetch((path) => {
      if (path === '/openapi/v3') return json({ paths: { 'apis/apps/v1': { serverRelativeURL: '/openapi/v3/apis/apps/v1?hash=A' } } });
      if (path === '/openapi/v2') return json({ definitions: {} });
      return json(appsV1Doc('x'));
    });
    const error = await fetchKindSchema(fetchFn, { group: 'apps', version: 'v1', kind: 'StatefulSet' }, createOpenApiCache()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenApiError);
    expect((error as OpenApiError).code).toBe(404);
    expect((error as OpenApiError).message).toContain('StatefulSet in apps/v1');
  });
});

describe('fetchKindSchema over v2 (1.20: /openapi/v3 is 404)', () => {
  it('falls back to v2, remembers that v3 is absent, and revalidates v2 with its ETag', async () => {
    const doc = openApiV2Fixture();
    const { fetchFn, calls } = fakeFetch((path, headers) => {
      if (path === '/openapi/v2') return headers['If-None-Match'] === '"E1"' ? new Response(null, { status: 304 }) : json(doc, { ETag: '"E1"' });
      return new Response('404 page not found', { status: 404 });
    });
    const cache = createOpenApiCache();
    const first = await fetchKindSchema(fetchFn, DEPLOYMENT_GVK, cache);
    expect(first.source).toBe('v2');
    expect(first.definitionName).toBe('io.k8s.api.apps.v1.Deployment');
    expect(first.fieldValidationListed).toBe(false);
    expect(cache.v3Served).toBe(false);
    expect(cache.v2?.etag).toBe('"E1"');

    const pod = await fetchKindSchema(fetchFn, { group: '', version: 'v1', kind: 'Pod' }, cache);
    expect(pod.lookup(['spec', 'containers'])?.patchMergeKey).toBe('name');
    expect(calls.map((c) => [c.path, c.headers['If-None-Match'] ?? null])).toEqual([
      ['/openapi/v3', null],
      ['/openapi/v2', null],
      ['/openapi/v2', '"E1"'],
    ]);
  });

  it('reports the HTTP code of a failing document', async () => {
    const { fetchFn } = fakeFetch((path) => (path === '/openapi/v2' ? new Response('boom', { status: 503 }) : new Response('', { status: 404 })));
    const error = await fetchKindSchema(fetchFn, DEPLOYMENT_GVK, createOpenApiCache()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenApiError);
    expect((error as OpenApiError).code).toBe(503);
  });
});
