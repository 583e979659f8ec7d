import { describe, expect, it } from 'vitest';
import {
  aggregatedCoreDoc,
  aggregatedGroupsDoc,
  aggregatedRoute,
  fixtureFetch,
  statusResponse,
} from './discovery-test-support';
import { AGGREGATED_DISCOVERY_ACCEPT, DiscoveryError, fetchDiscovery } from './fetch-discovery';
import type { ApiResource, DiscoveryResult } from './types';
import { recording } from '../../testing/fixtures';

async function discover(...args: Parameters<typeof fetchDiscovery>): Promise<DiscoveryResult> {
  const result = await fetchDiscovery(...args);
  if (result === 'not-modified') throw new Error('unexpected not-modified');
  return result;
}

function find(result: DiscoveryResult, groupVersion: string, resource: string): ApiResource {
  const found = result.resources.find((r) => r.groupVersion === groupVersion && r.resource === resource);
  if (!found) throw new Error(`${groupVersion} ${resource} not discovered`);
  return found;
}

describe('fetchDiscovery against kube-apiserver 1.20.2 (legacy discovery)', () => {
  it('asks for aggregated discovery, gets legacy lists, then fetches every group-version as JSON', async () => {
    const { fetch, calls } = fixtureFetch();
    const result = await discover(fetch);

    expect(calls.slice(0, 2)).toEqual([
      { path: '/api', headers: { Accept: AGGREGATED_DISCOVERY_ACCEPT } },
      { path: '/apis', headers: { Accept: AGGREGATED_DISCOVERY_ACCEPT } },
    ]);
    const gvCalls = calls.slice(2);
    expect(gvCalls.every((c) => c.headers.Accept === 'application/json')).toBe(true);
    const paths = gvCalls.map((c) => c.path);
    expect(paths).toContain('/api/v1');
    expect(paths).toContain('/apis/apps/v1');
    expect(paths).toContain('/apis/autoscaling/v2beta2');
    expect(paths).toContain('/apis/fx.example.com/v1');
    // 1 core version + the 37 group-versions listed by /apis, each fetched once.
    expect(new Set(paths).size).toBe(38);
    expect(paths).toHaveLength(38);

    expect(result.source).toBe('legacy');
    expect(result.etags).toEqual({ api: null, apis: null });
    expect(result.failedGroupVersions).toEqual([]);
    expect(result.staleGroupVersions).toEqual([]);
  });

  it('lists the core group first, then the groups in the server order of /apis', async () => {
    const result = await discover(fixtureFetch().fetch);
    expect(result.groups[0]).toEqual({ name: '', preferredVersion: 'v1', versions: ['v1'] });
    expect(result.groups.slice(1, 4).map((g) => g.name)).toEqual(['apiregistration.k8s.io', 'apps', 'events.k8s.io']);
    expect(result.groups.at(-1)?.name).toBe('fx.example.com');
    expect(result.groups.find((g) => g.name === 'autoscaling')).toEqual({
      name: 'autoscaling',
      preferredVersion: 'v1',
      versions: ['v1', 'v2beta1', 'v2beta2'],
    });
    expect(result.resources[0]?.groupVersion).toBe('v1');
  });

  it('folds subresources into their parent and never lists them as resources', async () => {
    const result = await discover(fixtureFetch().fetch);
    expect(result.resources.filter((r) => r.resource.includes('/'))).toEqual([]);

    const pods = find(result, 'v1', 'pods');
    expect(pods).toMatchObject({ group: '', version: 'v1', kind: 'Pod', namespaced: true, shortNames: ['po'], categories: ['all'] });
    expect(pods.subresources.map((s) => s.name)).toEqual([
      'attach', 'binding', 'eviction', 'exec', 'log', 'portforward', 'proxy', 'status',
    ]);
    // The kind of pods/eviction lives in policy (the entry carries group/version); pods/log answers in its own group-version.
    expect(pods.subresources.find((s) => s.name === 'eviction')).toEqual({
      name: 'eviction', kind: 'Eviction', group: 'policy', version: 'v1beta1', verbs: ['create'],
    });
    expect(pods.subresources.find((s) => s.name === 'log')).toEqual({
      name: 'log', kind: 'Pod', group: '', version: 'v1', verbs: ['get'],
    });
    expect(find(result, 'v1', 'serviceaccounts').subresources).toEqual([
      { name: 'token', kind: 'TokenRequest', group: 'authentication.k8s.io', version: 'v1', verbs: ['create'] },
    ]);

    const deployments = find(result, 'apps/v1', 'deployments');
    expect(deployments.preferredVersion).toBe(true);
    expect(deployments.shortNames).toEqual(['deploy']);
    expect(deployments.subresources).toEqual([
      { name: 'scale', kind: 'Scale', group: 'autoscaling', version: 'v1', verbs: ['get', 'patch', 'update'] },
      { name: 'status', kind: 'Deployment', group: 'apps', version: 'v1', verbs: ['get', 'patch', 'update'] },
    ]);
  });

  it('derives singular names from the kind, since 1.20 sends singularName "" for built-in resources', async () => {
    const result = await discover(fixtureFetch().fetch);
    expect(find(result, 'v1', 'pods').singularName).toBe('pod');
    expect(find(result, 'rbac.authorization.k8s.io/v1', 'clusterrolebindings').singularName).toBe('clusterrolebinding');
    // The CRD is the only one that sends its own.
    expect(find(result, 'fx.example.com/v1', 'widgets')).toMatchObject({
      singularName: 'widget', kind: 'Widget', shortNames: ['wdg'], categories: ['all'], namespaced: true, preferredVersion: true,
    });
  });

  it('marks the version kubectl prefers per group/resource, falling back to the first version that serves it', async () => {
    const result = await discover(fixtureFetch().fetch);
    const hpaVersions = result.resources
      .filter((r) => r.resource === 'horizontalpodautoscalers')
      .map((r) => [r.version, r.preferredVersion]);
    expect(hpaVersions).toEqual([['v1', true], ['v2beta1', false], ['v2beta2', false]]);
    // batch prefers v1, but cronjobs exist only in v1beta1 on 1.20.
    expect(find(result, 'batch/v1', 'jobs').preferredVersion).toBe(true);
    expect(find(result, 'batch/v1beta1', 'cronjobs').preferredVersion).toBe(true);
    // ingresses exist in two groups: each group has its own preferred copy.
    expect(find(result, 'networking.k8s.io/v1', 'ingresses').preferredVersion).toBe(true);
    expect(find(result, 'networking.k8s.io/v1beta1', 'ingresses').preferredVersion).toBe(false);
    expect(find(result, 'extensions/v1beta1', 'ingresses').preferredVersion).toBe(true);
    // events in both the core group and events.k8s.io.
    expect(find(result, 'v1', 'events').preferredVersion).toBe(true);
    expect(find(result, 'events.k8s.io/v1', 'events').preferredVersion).toBe(true);
  });
});

describe('fetchDiscovery with failing group-versions', () => {
  it('records a 503 Status for one group-version and keeps every other one', async () => {
    const { fetch } = fixtureFetch({
      '/apis/fx.example.com/v1': () => statusResponse(503, 'ServiceUnavailable', 'service unavailable'),
    });
    const result = await discover(fetch);
    expect(result.failedGroupVersions).toEqual([
      { groupVersion: 'fx.example.com/v1', error: { code: 503, reason: 'ServiceUnavailable', message: 'service unavailable' } },
    ]);
    expect(result.resources.some((r) => r.group === 'fx.example.com')).toBe(false);
    expect(result.groups.map((g) => g.name)).toContain('fx.example.com');
    expect(find(result, 'v1', 'pods').kind).toBe('Pod');
    expect(find(result, 'apps/v1', 'deployments').kind).toBe('Deployment');
  });

  it('decodes a text/plain failure (the aggregator proxy answers "service unavailable") from the HTTP code', async () => {
    const { fetch } = fixtureFetch({
      '/apis/fx.example.com/v1': () =>
        new Response('service unavailable\n', { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }),
      '/apis/batch/v1beta1': () => {
        throw new TypeError('fetch failed');
      },
    });
    const result = await discover(fetch);
    expect(result.failedGroupVersions).toEqual([
      { groupVersion: 'batch/v1beta1', error: { code: 0, reason: 'NetworkError', message: 'fetch failed' } },
      { groupVersion: 'fx.example.com/v1', error: { code: 503, reason: 'ServiceUnavailable', message: 'service unavailable' } },
    ]);
    expect(result.resources.some((r) => r.resource === 'cronjobs')).toBe(false);
  });

  it('moves the preferred mark to the next version when the preferred group-version fails', async () => {
    const { fetch } = fixtureFetch({
      '/apis/autoscaling/v1': () => statusResponse(500, 'InternalError', 'Internal error occurred: boom'),
    });
    const result = await discover(fetch);
    expect(find(result, 'autoscaling/v2beta1', 'horizontalpodautoscalers').preferredVersion).toBe(true);
    expect(find(result, 'autoscaling/v2beta2', 'horizontalpodautoscalers').preferredVersion).toBe(false);
  });

  it('rejects with a DiscoveryError carrying the Status when /apis itself fails', async () => {
    const message = 'forbidden: User "viewer" cannot get path "/apis"';
    const { fetch } = fixtureFetch({ '/apis': () => statusResponse(403, 'Forbidden', message) });
    const error: unknown = await fetchDiscovery(fetch).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscoveryError);
    expect(error).toMatchObject({ path: '/apis', status: { code: 403, reason: 'Forbidden', message } });
  });

  it('rejects a root document that is not discovery (e.g. an HTML login page answering 200)', async () => {
    const { fetch } = fixtureFetch({ '/api': () => new Response('<html>login</html>', { status: 200 }) });
    await expect(fetchDiscovery(fetch)).rejects.toMatchObject({ path: '/api', status: { reason: 'BadResponse' } });
  });

  it('lets an abort propagate instead of recording it as a failed group-version', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const { fetch } = fixtureFetch({
      '/apis/apps/v1': () => {
        throw abort;
      },
    });
    await expect(fetchDiscovery(fetch)).rejects.toBe(abort);
  });
});

describe.each(['apidiscovery.k8s.io/v2', 'apidiscovery.k8s.io/v2beta1'])('fetchDiscovery with aggregated discovery (%s)', (apiVersion) => {
  const aggregatedFetch = () =>
    fixtureFetch({
      '/api': aggregatedRoute(aggregatedCoreDoc(apiVersion), '"CORE-ETAG"'),
      '/apis': aggregatedRoute(aggregatedGroupsDoc(apiVersion), '"APIS-ETAG"'),
    });

  it('reads everything from the two root documents and keeps their ETags', async () => {
    const { fetch, calls } = aggregatedFetch();
    const result = await discover(fetch);
    expect(calls.map((c) => c.path)).toEqual(['/api', '/apis']);
    expect(result.source).toBe('aggregated');
    expect(result.etags).toEqual({ api: '"CORE-ETAG"', apis: '"APIS-ETAG"' });
    expect(result.groups.map((g) => g.name)).toEqual(['', 'apps', 'events.k8s.io', 'fx.example.com', 'metrics.k8s.io']);
  });

  it('resolves empty responseKind group/version to the enclosing group-version and folds subresources', async () => {
    const result = await discover(aggregatedFetch().fetch);
    const pods = find(result, 'v1', 'pods');
    expect(pods).toMatchObject({ kind: 'Pod', singularName: 'pod', namespaced: true, shortNames: ['po'], categories: ['all'] });
    expect(pods.subresources.map((s) => [s.name, s.kind, s.group, s.version])).toEqual([
      ['eviction', 'Eviction', 'policy', 'v1'],
      ['exec', 'PodExecOptions', '', 'v1'],
      ['log', 'Pod', '', 'v1'],
      ['status', 'Pod', '', 'v1'],
    ]);
    expect(find(result, 'v1', 'namespaces').namespaced).toBe(false);
    expect(find(result, 'apps/v1', 'deployments').subresources).toEqual([
      { name: 'scale', kind: 'Scale', group: 'autoscaling', version: 'v1', verbs: ['get', 'patch', 'update'] },
      { name: 'status', kind: 'Deployment', group: 'apps', version: 'v1', verbs: ['get', 'patch', 'update'] },
    ]);
  });

  it('takes the first listed version as preferred (CRD group) and records Stale versions', async () => {
    const result = await discover(aggregatedFetch().fetch);
    expect(result.groups.find((g) => g.name === 'fx.example.com')).toEqual({
      name: 'fx.example.com', preferredVersion: 'v1', versions: ['v1', 'v1beta1'],
    });
    expect(find(result, 'fx.example.com/v1', 'widgets')).toMatchObject({ kind: 'Widget', shortNames: ['wdg'], preferredVersion: true });
    expect(find(result, 'fx.example.com/v1beta1', 'widgets').preferredVersion).toBe(false);
    expect(find(result, 'fx.example.com/v1beta1', 'gadgets')).toMatchObject({ namespaced: false, preferredVersion: true });
    expect(result.staleGroupVersions).toEqual(['metrics.k8s.io/v1beta1']);
    expect(result.groups.find((g) => g.name === 'metrics.k8s.io')?.versions).toEqual(['v1beta1']);
  });

  it("answers 'not-modified' when both documents revalidate with 304", async () => {
    const { fetch, calls } = aggregatedFetch();
    const first = await discover(fetch);
    const second = await fetchDiscovery(fetch, { ifNoneMatch: first.etags });
    expect(second).toBe('not-modified');
    expect(calls.slice(2).map((c) => [c.path, c.headers['If-None-Match']])).toEqual([
      ['/api', '"CORE-ETAG"'],
      ['/apis', '"APIS-ETAG"'],
    ]);
  });

  it('refetches the unchanged document when only the other one changed', async () => {
    const { fetch, calls } = aggregatedFetch();
    const result = await discover(fetch, { ifNoneMatch: { api: '"CORE-ETAG"', apis: '"OLD-APIS-ETAG"' } });
    expect(result.etags).toEqual({ api: '"CORE-ETAG"', apis: '"APIS-ETAG"' });
    expect(find(result, 'v1', 'pods').kind).toBe('Pod');
    expect(calls.map((c) => [c.path, c.headers['If-None-Match'] ?? null])).toEqual([
      ['/api', '"CORE-ETAG"'],
      ['/apis', '"OLD-APIS-ETAG"'],
      ['/api', null],
    ]);
  });
});

describe('fetchDiscovery against kube-apiserver 1.37.2 (aggregated discovery v2, as recorded)', () => {
  const real = recording('1.37.2');
  const v2 = (file: string) => () =>
    new Response(real.read(`discovery/${file}`), { headers: { 'Content-Type': 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList', ETag: `"${file}"` } });

  it('asks for v2 first and reads both root documents without walking any group-version', async () => {
    expect(AGGREGATED_DISCOVERY_ACCEPT.startsWith('application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,')).toBe(true);
    const { fetch, calls } = fixtureFetch({ '/api': v2('api-aggregated-v2.json'), '/apis': v2('apis-aggregated-v2.json') });
    const result = await discover(fetch);
    expect(calls.map((c) => c.path)).toEqual(['/api', '/apis']);
    expect(result.source).toBe('aggregated');
    expect(result.staleGroupVersions).toEqual([]);
    expect(result.groups[0]).toMatchObject({ name: '', versions: ['v1'] });
    expect(result.groups.find((g) => g.name === 'batch')?.versions).toEqual(['v1']);
    expect(find(result, 'batch/v1', 'cronjobs')).toMatchObject({ kind: 'CronJob', singularName: 'cronjob', shortNames: ['cj'], preferredVersion: true });
    expect(find(result, 'v1', 'pods').subresources).toContainEqual({ name: 'eviction', kind: 'Eviction', group: 'policy', version: 'v1', verbs: ['create'] });
    expect(result.resources.some((r) => r.groupVersion === 'policy/v1beta1' || r.groupVersion === 'batch/v1beta1')).toBe(false);
  });
});

describe('fetchDiscovery with mixed or unknown documents', () => {
  it('walks the core group-version when only /apis is aggregated, and reports the result as legacy', async () => {
    const { fetch, calls } = fixtureFetch({
      '/apis': aggregatedRoute(aggregatedGroupsDoc('apidiscovery.k8s.io/v2'), '"APIS-ETAG"'),
    });
    const result = await discover(fetch);
    expect(calls.map((c) => c.path)).toEqual(['/api', '/apis', '/api/v1']);
    expect(result.source).toBe('legacy');
    expect(result.etags).toEqual({ api: null, apis: '"APIS-ETAG"' });
    expect(find(result, 'v1', 'pods').subresources).toHaveLength(8);
    expect(find(result, 'fx.example.com/v1', 'widgets').kind).toBe('Widget');
  });

  it('rejects an APIGroupDiscoveryList of a version it does not understand', async () => {
    const { fetch } = fixtureFetch({
      '/apis': aggregatedRoute(aggregatedGroupsDoc('apidiscovery.k8s.io/v3'), '"X"'),
    });
    await expect(fetchDiscovery(fetch)).rejects.toMatchObject({ path: '/apis', status: { reason: 'BadResponse' } });
  });
});
