import { describe, expect, it, vi } from 'vitest';
import { KubeApiError } from '../k8s/kube-api-error';
import type { ListTableOptions, TablePage } from '../k8s/list-table';
import type { Table } from '../k8s/table';
import { FIRST_PAGE_SIZE, NEXT_PAGE_SIZE } from '../../wire/list-paging';
import { listTablePages, type ListProgress } from './table-pages';

function page(rv: string, names: string[], token?: string): TablePage {
  const table: Table = {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion: rv, ...(token ? { continue: token } : {}) },
    columnDefinitions: [{ name: 'Name', type: 'string', format: 'name', description: '', priority: 0 }],
    rows: names.map((name) => ({ cells: [name], object: { metadata: { name } } })),
  };
  return { table, warnings: [] };
}

const expired = new KubeApiError({
  code: 410,
  reason: 'Expired',
  message: 'The provided continue parameter is too old to display a consistent list result.',
  raw: { method: 'GET', url: '/api/v1/pods', httpStatus: 410, statusText: 'Gone', contentType: 'application/json', body: '', status: null },
});

async function collect(fetchPage: (c: string, p: string, o?: ListTableOptions) => Promise<TablePage>): Promise<ListProgress[]> {
  const out: ListProgress[] = [];
  for await (const progress of listTablePages('demo', '/api/v1/pods', { fetchPage, pageSize: 2, labelSelector: 'app=x' })) out.push(progress);
  return out;
}

const names = (p: ListProgress | undefined) => p?.table.rows.map((r) => r.object?.metadata.name);

describe('listTablePages', () => {
  it('yields the first page at once, then the growing list, at the first page resourceVersion', async () => {
    const fetchPage = vi.fn(async (_c: string, _p: string, o?: ListTableOptions) => {
      if (!o?.continue) return page('10', ['a', 'b'], 't1');
      if (o.continue === 't1') return page('10', ['c', 'd'], 't2');
      return page('10', ['e']);
    });
    const progress = await collect(fetchPage);
    expect(progress.map(names)).toEqual([['a', 'b'], ['a', 'b', 'c', 'd'], ['a', 'b', 'c', 'd', 'e']]);
    expect(progress.map((p) => p.complete)).toEqual([false, false, true]);
    expect(progress.at(-1)?.table.metadata).toEqual({ resourceVersion: '10' });
    expect(fetchPage.mock.calls.map(([, , o]) => [o?.limit, o?.continue, o?.labelSelector])).toEqual([
      [2, undefined, 'app=x'],
      [2, 't1', 'app=x'],
      [2, 't2', 'app=x'],
    ]);
  });

  it('starts over from scratch when a continue token expires, never mixing snapshots', async () => {
    let call = 0;
    const fetchPage = vi.fn(async (_c: string, _p: string, o?: ListTableOptions) => {
      call++;
      if (call === 1) return page('10', ['a', 'b'], 'old');
      if (call === 2) throw expired;
      if (!o?.continue) return page('20', ['a2', 'b2'], 'new');
      return page('20', ['c2']);
    });
    const progress = await collect(fetchPage);
    expect(progress.map(names)).toEqual([['a', 'b'], ['a2', 'b2'], ['a2', 'b2', 'c2']]);
    expect(progress.map((p) => p.restarts)).toEqual([0, 1, 1]);
    expect(progress.at(-1)?.table.metadata.resourceVersion).toBe('20');
  });

  it('gives up after repeated expiries and reports the 410', async () => {
    const fetchPage = vi.fn(async (_c: string, _p: string, o?: ListTableOptions) => {
      if (!o?.continue) return page('10', ['a'], 'tok');
      throw expired;
    });
    await expect(collect(fetchPage)).rejects.toBe(expired);
    expect(fetchPage).toHaveBeenCalledTimes(8);
  });

  it('asks for larger continue pages and requests the next page before the caller takes this one', async () => {
    const fetchPage = vi.fn(async (_c: string, _p: string, o?: ListTableOptions) => {
      if (!o?.continue) return page('10', ['a'], 't1');
      if (o.continue === 't1') return page('10', ['b', 'c'], 't2');
      return page('10', ['d']);
    });
    const pages = listTablePages('demo', '/api/v1/pods', { fetchPage, pageSize: 1, nextPageSize: 3 });
    const first = await pages.next();
    expect(names(first.value as ListProgress)).toEqual(['a']);
    // The continue request left while the first page was handed over.
    expect(fetchPage.mock.calls.map(([, , o]) => [o?.limit, o?.continue])).toEqual([
      [1, undefined],
      [3, 't1'],
    ]);
    const second = await pages.next();
    expect(fetchPage).toHaveBeenCalledTimes(3);
    const rest: ListProgress[] = [];
    for await (const progress of pages) rest.push(progress);
    expect(names(second.value as ListProgress)).toEqual(['a', 'b', 'c']);
    expect(rest.map(names)).toEqual([['a', 'b', 'c', 'd']]);
    // Earlier yields keep their rows: later pages never grow an array a caller already holds.
    expect(names(first.value as ListProgress)).toEqual(['a']);
  });

  it("carries the last page's remainingItemCount while pages are still to come, and none once the list is whole", async () => {
    const counted = (names: string[], token: string | undefined, remainingItemCount?: number): TablePage => {
      const answer = page('5', names, token);
      if (remainingItemCount !== undefined) answer.table.metadata.remainingItemCount = remainingItemCount;
      return answer;
    };
    const fetchPage = vi.fn(async (_c: string, _p: string, o?: ListTableOptions) => {
      if (!o?.continue) return counted(['a'], 't1', 3);
      if (o.continue === 't1') return counted(['b', 'c'], 't2', 1);
      return counted(['d'], undefined);
    });
    const seen: Array<[number, number | undefined, boolean]> = [];
    for await (const progress of listTablePages('demo', '/api/v1/pods', { fetchPage, pageSize: 1, nextPageSize: 2 })) {
      seen.push([progress.table.rows.length, progress.remainingItemCount, progress.complete]);
    }
    expect(seen).toEqual([
      [1, 3, false],
      [3, 1, false],
      [4, undefined, true],
    ]);
  });

  it('defaults to a first page of two screens of rows and larger continue pages', async () => {
    const fetchPage = vi.fn(async (_c: string, _p: string, o?: ListTableOptions) => (o?.continue ? page('1', ['b']) : page('1', ['a'], 't')));
    for await (const progress of listTablePages('demo', '/api/v1/pods', { fetchPage })) void progress;
    expect(fetchPage.mock.calls.map(([, , o]) => o?.limit)).toEqual([FIRST_PAGE_SIZE, NEXT_PAGE_SIZE]);
    expect(FIRST_PAGE_SIZE).toBe(100);
    expect(NEXT_PAGE_SIZE).toBeGreaterThan(FIRST_PAGE_SIZE);
  });

  it('reports a failed prefetched page when it is reached, not as an unhandled rejection', async () => {
    const boom = new KubeApiError({
      code: 500,
      reason: 'InternalError',
      message: 'boom',
      raw: { method: 'GET', url: '/api/v1/pods', httpStatus: 500, statusText: 'Internal Server Error', contentType: 'application/json', body: '', status: null },
    });
    const fetchPage = vi.fn(async (_c: string, _p: string, o?: ListTableOptions) => {
      if (!o?.continue) return page('10', ['a'], 't1');
      throw boom;
    });
    const seen: ListProgress[] = [];
    await expect(
      (async () => {
        for await (const progress of listTablePages('demo', '/api/v1/pods', { fetchPage, pageSize: 1 })) seen.push(progress);
      })(),
    ).rejects.toBe(boom);
    expect(seen.map(names)).toEqual([['a']]);
  });

  it('asks the next page when the page body is in (its token peeked), before that page is parsed, and once', async () => {
    const order: string[] = [];
    const fetchPage = vi.fn(async (_c: string, _p: string, o?: ListTableOptions) => {
      const name = o?.continue ?? 'first';
      order.push(`ask ${name}`);
      // The body arrived: the peek runs before the parse finishes.
      await Promise.resolve();
      const token = { first: 't1', t1: 't2', t2: undefined }[name];
      if (token) o?.onContinue?.(token);
      await new Promise((r) => setTimeout(r, 5));
      order.push(`parsed ${name}`);
      return page('10', [name], token);
    });
    const progress = await collect(fetchPage);
    expect(names(progress.at(-1))).toEqual(['first', 't1', 't2']);
    expect(order).toEqual(['ask first', 'ask t1', 'ask t2', 'parsed first', 'parsed t1', 'parsed t2']);
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('asks again when the parsed token is not the peeked one', async () => {
    const fetchPage = vi.fn(async (_c: string, _p: string, o?: ListTableOptions) => {
      if (!o?.continue) {
        o?.onContinue?.('peeked-wrong');
        return page('10', ['a'], 't1');
      }
      return page('10', [o.continue]);
    });
    const progress = await collect(fetchPage);
    expect(names(progress.at(-1))).toEqual(['a', 't1']);
    expect(fetchPage.mock.calls.map(([, , o]) => o?.continue)).toEqual([undefined, 'peeked-wrong', 't1']);
  });
});
