import { describe, expect, it, vi } from 'vitest';
import { KubeApiError } from '../k8s/kube-api-error';
import type { ListTableOptions, TablePage } from '../k8s/list-table';
import type { Table } from '../k8s/table';
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
});
