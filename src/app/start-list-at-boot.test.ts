// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { LiveTableData } from '../data/table-query';
import { k8sKeys } from '../data/query-keys';
import { cleanUpAfterEach } from '../testing/clean-up-after-each';
import { stubFetch } from '../testing/stub-fetch';
import { atMost, startListAtBoot } from './start-list-at-boot';

cleanUpAfterEach();

const page = (names: string[], continueToken?: string) =>
  JSON.stringify({
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion: '42', ...(continueToken ? { continue: continueToken } : {}) },
    columnDefinitions: [{ name: 'Name', type: 'string', format: 'name', description: '', priority: 0 }],
    rows: names.map((name) => ({ cells: [name], object: { metadata: { name, namespace: 'default' } } })),
  });

const at = (url: string) => {
  const [pathname = '', search = ''] = url.split('?');
  return { pathname, search: search ? `?${search}` : '' };
};
const ok = () => Promise.resolve(new Response('', { status: 200 }));
const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('startListAtBoot', () => {
  it('lists at a list URL once the preloaded page answers, and resolves with the first page cached', async () => {
    const fetch = stubFetch((url) => new Response(url.includes('continue=') ? page(['web-2']) : page(['web-1'], 'next')));
    const queryClient = client();
    await startListAtBoot(queryClient, at('/c/demo/api/v1/namespaces/default/pods?labelSelector=app%3Dweb&sort=Name'), ok());
    const key = k8sKeys.table('demo', '/api/v1/namespaces/default/pods', { labelSelector: 'app=web' });
    const data = queryClient.getQueryData<LiveTableData>(key);
    expect(data?.table.rows.map((row) => row.cells[0])).toEqual(['web-1']);
    expect(fetch.mock.calls[0]?.[0]).toBe('/k8s/demo/api/v1/namespaces/default/pods?includeObject=Metadata&labelSelector=app%3Dweb&limit=100');
    // The rest of the list streams on, in the same query the list page then reads.
    await queryClient.fetchQuery({ queryKey: key, staleTime: Infinity });
    await expect.poll(() => queryClient.getQueryData<LiveTableData>(key)?.complete).toBe(true);
    expect(queryClient.getQueryData<LiveTableData>(key)?.table.rows.map((row) => row.cells[0])).toEqual(['web-1', 'web-2']);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('waits for as many rows as the pre-render drew, so the first render never shows fewer', async () => {
    stubFetch((url) => new Response(url.includes('continue=') ? page(['web-2', 'web-3']) : page(['web-1'], 'next')));
    const queryClient = client();
    await startListAtBoot(queryClient, at('/c/demo/api/v1/pods'), ok(), 3);
    const data = queryClient.getQueryData<LiveTableData>(k8sKeys.table('demo', '/api/v1/pods', {}));
    expect(data?.table.rows.map((row) => row.cells[0])).toEqual(['web-1', 'web-2', 'web-3']);
  });

  it.each([
    ['a refused preload (the list page asks and reports it)', '/c/demo/api/v1/pods', () => Promise.resolve(new Response('{}', { status: 403 }))],
    ['a preload that failed on the network', '/c/demo/api/v1/pods', () => Promise.reject(new TypeError('network'))],
    ['no preload', '/c/demo/api/v1/pods', () => null],
    ['an object URL', '/c/demo/api/v1/namespaces/default/pods/web-1', ok],
    ['a create URL', '/c/demo/api/v1/pods?create=1', ok],
  ])('starts nothing after %s', async (_, url, preloaded) => {
    const fetch = stubFetch(() => new Response(page(['web-1'])));
    const queryClient = client();
    await startListAtBoot(queryClient, at(url), preloaded());
    expect(fetch).not.toHaveBeenCalled();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('resolves when the first page fails after a 2xx preload (the list page shows the error)', async () => {
    stubFetch(() => new Response('not json', { status: 200 }));
    const queryClient = client();
    await startListAtBoot(queryClient, at('/c/demo/api/v1/pods'), ok());
    expect(queryClient.getQueryCache().getAll()[0]?.state.status).toBe('error');
  });
});

describe('atMost', () => {
  it('resolves with the promise when it is quicker', async () => {
    const started = performance.now();
    await atMost(Promise.resolve(), 10_000);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('resolves after the limit when the promise takes longer', async () => {
    let settled = false;
    await atMost(new Promise<void>(() => undefined), 20).then(() => (settled = true));
    expect(settled).toBe(true);
  });
});
