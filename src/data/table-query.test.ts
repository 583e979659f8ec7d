import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Table } from '../k8s/table';
import { cleanUpAfterEach } from '../testing/clean-up-after-each';
import { stubFetch } from '../testing/stub-fetch';
import { STREAM_COMMIT_MS, tableQueryOptions, type LiveTableData } from './table-query';

cleanUpAfterEach();

const columns = [{ name: 'Name', type: 'string', format: 'name', description: '', priority: 0 }];
const page = (rv: string, names: string[], token?: string): Table => ({
  kind: 'Table',
  apiVersion: 'meta.k8s.io/v1',
  metadata: { resourceVersion: rv, ...(token ? { continue: token } : {}) },
  columnDefinitions: columns,
  rows: names.map((name) => ({ cells: [name], object: { metadata: { name, namespace: 'default', uid: name } } })),
});
const gone = () =>
  new Response(JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Expired', code: 410, message: 'too old' }), {
    status: 410,
    headers: { 'content-type': 'application/json' },
  });

/** Lists through the query options; returns every value the cache held, in order. */
async function listAndWatchCache(pages: Array<Table | (() => Response)>): Promise<LiveTableData[]> {
  stubFetch(() => {
    const next = pages.shift();
    if (!next) throw new Error('unexpected request');
    return typeof next === 'function' ? next() : new Response(JSON.stringify(next), { headers: { 'content-type': 'application/json' } });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const options = tableQueryOptions({ context: 'demo', path: '/api/v1/pods' });
  const seen: LiveTableData[] = [];
  client.getQueryCache().subscribe(() => {
    const data = client.getQueryData(options.queryKey);
    if (data && data !== seen.at(-1)) seen.push(data);
  });
  await client.fetchQuery(options);
  return seen;
}

const names = (data: LiveTableData) => data.table.rows.map((r) => r.object?.metadata.name);

describe('tableQueryOptions while pages stream', () => {
  it('writes the first page at once, then at most every STREAM_COMMIT_MS, and the whole list at the end', async () => {
    const now = vi.spyOn(performance, 'now');
    let clock = 1000;
    now.mockImplementation(() => (clock += 10));
    const seen = await listAndWatchCache([page('5', ['a'], 't1'), page('5', ['b'], 't2'), page('5', ['c'], 't3'), page('5', ['d'])]);
    // Pages 2 and 3 came within STREAM_COMMIT_MS of the first commit: not written on their own.
    expect(seen.map(names)).toEqual([['a'], ['a', 'b', 'c', 'd']]);
    expect(seen.map((d) => d.complete)).toEqual([false, true]);
    expect(STREAM_COMMIT_MS).toBe(250);
  });

  it('writes a page once STREAM_COMMIT_MS have passed since the last write', async () => {
    const now = vi.spyOn(performance, 'now');
    let clock = 1000;
    now.mockImplementation(() => (clock += STREAM_COMMIT_MS));
    const seen = await listAndWatchCache([page('5', ['a'], 't1'), page('5', ['b'], 't2'), page('5', ['c'], 't3'), page('5', ['d'])]);
    expect(seen.map(names)).toEqual([['a'], ['a', 'b'], ['a', 'b', 'c'], ['a', 'b', 'c', 'd']]);
  });

  it('writes the rows in hand once STREAM_COMMIT_MS are up, without waiting for a slow next page', async () => {
    // The real clock: the tests above pace performance.now themselves.
    vi.restoreAllMocks();
    const pages: Array<Table | (() => Response)> = [page('5', ['a'], 't1'), page('5', ['b'], 't2'), page('5', ['c'])];
    stubFetch(async () => {
      const next = pages.shift();
      if (!next) throw new Error('unexpected request');
      // The third page is slow: the second must not wait for it to be shown.
      if (pages.length === 0) await new Promise((resolve) => setTimeout(resolve, STREAM_COMMIT_MS * 3));
      return typeof next === 'function' ? next() : new Response(JSON.stringify(next), { headers: { 'content-type': 'application/json' } });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = tableQueryOptions({ context: 'demo', path: '/api/v1/pods' });
    const seen: Array<{ at: number; data: LiveTableData }> = [];
    const start = performance.now();
    client.getQueryCache().subscribe(() => {
      const data = client.getQueryData(options.queryKey);
      if (data && data !== seen.at(-1)?.data) seen.push({ at: performance.now() - start, data });
    });
    await client.fetchQuery(options);
    expect(seen.map(({ data }) => names(data))).toEqual([['a'], ['a', 'b'], ['a', 'b', 'c']]);
    // The second page was written on its interval, well before the third page came.
    expect(seen[1]?.at).toBeLessThan(STREAM_COMMIT_MS * 2.5);
    expect(seen[2]?.at).toBeGreaterThanOrEqual(STREAM_COMMIT_MS * 3 - 5);
  });

  it('shows the new first page at once after an expired continue token, never the old snapshot with it', async () => {
    const seen = await listAndWatchCache([page('5', ['a'], 't1'), gone, page('9', ['x'], 'u1'), page('9', ['y'])]);
    expect(seen.map(names)).toEqual([['a'], ['x'], ['x', 'y']]);
    expect(seen.map((d) => d.restarts)).toEqual([0, 1, 1]);
    expect(seen.at(-1)?.table.metadata.resourceVersion).toBe('9');
  });
});
