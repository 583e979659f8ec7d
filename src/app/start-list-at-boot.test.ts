// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { LiveTableData } from '../data/table-query';
import { k8sKeys } from '../data/query-keys';
import { cleanUpAfterEach } from '../testing/clean-up-after-each';
import { stubFetch } from '../testing/stub-fetch';
import { firstPagePath } from '../../wire/list-paging';
import { startListAtBoot } from './start-list-at-boot';

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
const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('startListAtBoot', () => {
  it("starts a list URL's query with the list page's key, and the list pages on in it", async () => {
    const fetch = stubFetch((url) => new Response(url.includes('continue=') ? page(['web-2']) : page(['web-1'], 'next')));
    const queryClient = client();
    startListAtBoot(queryClient, at('/c/demo/api/v1/namespaces/default/pods?labelSelector=app%3Dweb&sort=Name'));
    expect(fetch.mock.calls[0]?.[0]).toBe('/k8s/demo/api/v1/namespaces/default/pods?includeObject=Metadata&labelSelector=app%3Dweb&limit=100');
    const key = k8sKeys.table('demo', '/api/v1/namespaces/default/pods', { labelSelector: 'app=web' });
    await expect.poll(() => queryClient.getQueryData<LiveTableData>(key)?.complete).toBe(true);
    expect(queryClient.getQueryData<LiveTableData>(key)?.table.rows.map((row) => row.cells[0])).toEqual(['web-1', 'web-2']);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it.each([
    '/c/demo/api/v1/pods',
    '/c/demo/api/v1/namespaces/default/pods?labelSelector=app%3Dweb%2Ctier+in+(a%2Cb)&fieldSelector=status.phase%3DRunning&sort=Name',
    '/c/my%20ctx/apis/apps/v1/namespaces/kube-system/deployments/',
  ])('asks at %s the first page the server reads ahead for its document (wire/list-paging firstPagePath)', (url) => {
    const fetch = stubFetch(() => new Response(page(['web-1'])));
    startListAtBoot(client(), at(url));
    const [pathname = '', search = ''] = url.split('?');
    expect(fetch.mock.calls[0]?.[0]).toBe(firstPagePath(pathname, search ? `?${search}` : ''));
  });

  it.each([
    ['an object URL', '/c/demo/api/v1/namespaces/default/pods/web-1'],
    ['a create URL', '/c/demo/api/v1/pods?create=1'],
    ['the context list', '/'],
  ])('starts nothing at %s', (_, url) => {
    const fetch = stubFetch(() => new Response(page(['web-1'])));
    const queryClient = client();
    startListAtBoot(queryClient, at(url));
    expect(fetch).not.toHaveBeenCalled();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
