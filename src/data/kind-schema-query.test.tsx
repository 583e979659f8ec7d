// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEach } from '../testing/clean-up-after-each';
import { stubFetch } from '../testing/stub-fetch';
import { SCHEMA_RECHECK_DELAYS_MS, useKindSchemaState } from './kind-schema-query';

cleanUpAfterEach();

const TURBINE = { group: 'energy.example.io', version: 'v1', kind: 'Turbine' };

/** /openapi/v2 as kube-apiserver 1.20 serves it right after a CRD is Established: without the CRD's kind until `publishAfter` reads. */
function lateOpenApi(context: string, publishAfter: number) {
  let reads = 0;
  const without = { swagger: '2.0', definitions: {} };
  const withTurbine = {
    swagger: '2.0',
    definitions: {
      'io.example.energy.v1.Turbine': {
        type: 'object',
        'x-kubernetes-group-version-kind': [TURBINE],
        properties: { spec: { type: 'object', properties: { watts: { type: 'integer' } } } },
      },
    },
  };
  const fetch = stubFetch((url, init) => {
    if (url === `/k8s/${context}/openapi/v3`) return new Response('404 page not found', { status: 404 });
    if (url !== `/k8s/${context}/openapi/v2`) return new Response('unexpected', { status: 500 });
    reads++;
    const published = reads > publishAfter;
    const etag = published ? '"with"' : '"without"';
    if ((init?.headers as Record<string, string> | undefined)?.['If-None-Match'] === etag) return new Response(null, { status: 304, headers: { ETag: etag } });
    return new Response(JSON.stringify(published ? withTurbine : without), { status: 200, headers: { 'Content-Type': 'application/json', ETag: etag } });
  });
  return { fetch, reads: () => reads };
}

function renderState(context: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useKindSchemaState(context, 'energy.example.io/v1', 'Turbine'), { wrapper });
}

const realSetTimeout = globalThis.setTimeout;

/** The query's clock is faked; a Response's body is read on real turns (see elapse). */
function fakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}

/** Lets the clock run `ms`, then the reads it started answer (their bodies are parsed on real turns). */
async function elapse(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    // The answer's body, then react-query's notification (a timeout of 0).
    for (let i = 0; i < 10; i++) {
      await new Promise((resolve) => realSetTimeout(resolve, 1));
      await vi.advanceTimersByTimeAsync(0);
    }
  });
}

describe('useKindSchemaState', () => {
  it('reads a missing schema again until the cluster publishes it, waiting meanwhile', async () => {
    fakeClock();
    const openApi = lateOpenApi('late', 3);
    const { result } = renderState('late');
    expect(result.current).toEqual({ schema: undefined, waiting: false });
    await elapse(0);
    expect(result.current).toEqual({ schema: null, waiting: true });
    // 1 s, then 2 s: still not published (unchanged documents answer 304).
    await elapse(1_000);
    await elapse(2_000);
    expect(openApi.reads()).toBe(3);
    expect(result.current).toEqual({ schema: null, waiting: true });
    await elapse(4_000);
    expect(openApi.reads()).toBe(4);
    await vi.waitFor(() => expect(result.current.schema?.gvk).toEqual(TURBINE));
    expect(result.current.waiting).toBe(false);
    expect(result.current.schema?.definitionName).toBe('io.example.energy.v1.Turbine');
    // Published: no more reads.
    await elapse(60_000);
    expect(openApi.reads()).toBe(4);
  });

  it('stops after about a minute when the schema never comes and then says there is none', async () => {
    fakeClock();
    const openApi = lateOpenApi('never', Number.POSITIVE_INFINITY);
    const { result } = renderState('never');
    await elapse(0);
    for (const delay of SCHEMA_RECHECK_DELAYS_MS) {
      expect(result.current).toEqual({ schema: null, waiting: true });
      await elapse(delay);
    }
    expect(openApi.reads()).toBe(SCHEMA_RECHECK_DELAYS_MS.length + 1);
    await vi.waitFor(() => expect(result.current).toEqual({ schema: null, waiting: false }));
    await elapse(120_000);
    expect(openApi.reads()).toBe(SCHEMA_RECHECK_DELAYS_MS.length + 1);
  });
});
