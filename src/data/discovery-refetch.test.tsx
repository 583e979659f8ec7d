// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixtureFetch, statusResponse } from '../k8s/discovery/discovery-test-support';
import type { DiscoveryResult } from '../k8s/discovery/types';
import { stubFetch } from '../testing/stub-fetch';
import { hasTransientFailures, partialDiscoveryDelayMs } from './discovery-refetch';
import { useDiscovery } from './discovery-query';

const failed = (code: number): DiscoveryResult => ({
  groups: [],
  resources: [],
  failedGroupVersions: [{ groupVersion: 'apps/v1', error: { code, reason: 'r', message: 'm' } }],
  staleGroupVersions: [],
  source: 'legacy',
  etags: { api: null, apis: null },
});

afterEach(() => vi.unstubAllGlobals());

describe('discovery refetch after transient failures', () => {
  it('retries group-versions that got no answer, 429 or 5xx; not 403/404 or a clean result', () => {
    expect([0, 429, 500, 503].map((code) => hasTransientFailures(failed(code)))).toEqual([true, true, true, true]);
    expect([403, 404].map((code) => hasTransientFailures(failed(code)))).toEqual([false, false]);
    expect(hasTransientFailures({ ...failed(503), failedGroupVersions: [] })).toBe(false);
    expect(hasTransientFailures(undefined)).toBe(false);
  });

  it('waits 2 s, doubling up to 60 s while the failures stay', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(partialDiscoveryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
  });

  it('a group-version unreachable during an apiserver restart is fetched again by itself and stops being unavailable', async () => {
    let appsAnswers = 0;
    const { fetch } = fixtureFetch({
      '/apis/apps/v1': () => (appsAnswers++ === 0 ? statusResponse(503, 'ServiceUnavailable', 'kubeglass could not reach the API server') : fixtureFetch().fetch('/apis/apps/v1', { headers: {} }) as unknown as Response),
    });
    stubFetch((url, init) => fetch(url.replace(/^\/k8s\/real/, ''), { headers: (init?.headers ?? {}) as Record<string, string> }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useDiscovery('real'), { wrapper });
    await waitFor(() => expect(result.current.data?.discovery.failedGroupVersions.map((f) => f.groupVersion)).toEqual(['apps/v1']));
    await waitFor(() => expect(result.current.data?.discovery.failedGroupVersions).toEqual([]), { timeout: 4_000 });
    expect(result.current.data?.discovery.resources.some((r) => r.group === 'apps' && r.version === 'v1' && r.resource === 'deployments')).toBe(true);
    expect(appsAnswers).toBe(2);
  });
});
