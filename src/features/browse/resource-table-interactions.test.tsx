// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WireWatchEvent } from '../../../wire/ws-protocol';
import type { Table, TableRow } from '../../k8s/table';
import { readFixture, readJsonFixture } from '../../testing/fixtures';
import { renderAppAt } from '../../testing/render-app';
import { stubFetch } from '../../testing/stub-fetch';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';

const NOW = Date.parse('2026-11-21T22:30:00Z');
const podColumns = readJsonFixture<Table>('tables/api__v1__pods.json').columnDefinitions;

function pod(name: string, restarts: number, createdSecondsAgo: number, namespace = 'default', rv = '1'): TableRow {
  return {
    cells: [name, '1/1', 'Running', restarts, '9d', '10.0.0.1', 'node-a', '<none>', '<none>'],
    object: {
      kind: 'PartialObjectMetadata',
      apiVersion: 'meta.k8s.io/v1',
      metadata: { name, namespace, uid: `uid-${namespace}-${name}`, resourceVersion: rv, creationTimestamp: new Date(NOW - createdSecondsAgo * 1000).toISOString() },
    },
  };
}

const pods = [pod('pod-10', 0, 50), pod('pod-2', 12, 300), pod('pod-1', 3, 10), pod('web-a', 1, 900, 'shop')];

function table(rows: TableRow[], rv = '500', token?: string): Table {
  return { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: { resourceVersion: rv, ...(token ? { continue: token } : {}) }, columnDefinitions: podColumns, rows };
}

function json(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const badSelector = {
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: "unable to parse requirement: found '', expected: ',' or ')'",
  reason: 'BadRequest',
  code: 400,
};

let listHandler: (url: URL) => Response | Promise<Response>;

function routeFetch(raw: string): Response | Promise<Response> {
  const url = new URL(raw, 'http://localhost');
  if (url.pathname === '/-/contexts') return json({ contexts: [{ name: 'demo', server: 'https://127.0.0.1:6443', demo: true }], default: 'demo' });
  if (url.pathname.endsWith('/api/v1/namespaces')) return json(readFixture('tables/api__v1__namespaces.json'));
  if (/^\/k8s\/demo\/api\/v1\/(namespaces\/[^/]+\/)?pods$/.test(url.pathname)) return listHandler(url);
  return json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'not found', reason: 'NotFound', code: 404 }, 404);
}

const names = () => screen.getAllByRole('row').filter((r) => r.hasAttribute('data-row-key')).map((r) => r.getAttribute('data-row-key'));
const header = (name: string) => within(screen.getByTestId('resource-table')).getByRole('columnheader', { name });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  listHandler = (url) => (url.searchParams.get('labelSelector') === 'app in (x' ? json(badSelector, 400) : json(table(pods)));
  stubFetch(routeFetch);
});

cleanUpAfterEach();

describe('resource table interactions', () => {
  it('sorts by header clicks: typed, asc -> desc -> none, with aria-sort and the URL', async () => {
    renderAppAt('/c/demo/api/v1/pods');
    await screen.findByTestId('resource-table');
    expect(names()).toEqual(['default/pod-10', 'default/pod-2', 'default/pod-1', 'shop/web-a']);
    fireEvent.click(screen.getByTestId('sort-Restarts'));
    expect(header('Restarts').getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['default/pod-10', 'shop/web-a', 'default/pod-1', 'default/pod-2']);
    expect(window.location.search).toBe('?sort=Restarts');
    fireEvent.click(screen.getByTestId('sort-Restarts'));
    expect(header('Restarts').getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['default/pod-2', 'default/pod-1', 'shop/web-a', 'default/pod-10']);
    expect(window.location.search).toBe('?sort=Restarts&desc=1');
    fireEvent.click(screen.getByTestId('sort-Restarts'));
    expect(header('Restarts').getAttribute('aria-sort')).toBe('none');
    expect(names()).toEqual(['default/pod-10', 'default/pod-2', 'default/pod-1', 'shop/web-a']);
    // Names in natural order; Age by creationTimestamp (youngest first).
    fireEvent.click(screen.getByTestId('sort-Name'));
    expect(names()).toEqual(['default/pod-1', 'default/pod-2', 'default/pod-10', 'shop/web-a']);
    fireEvent.click(screen.getByTestId('sort-Age'));
    expect(names()).toEqual(['default/pod-1', 'default/pod-10', 'default/pod-2', 'shop/web-a']);
  });

  it('restores sort, filter and wide from the URL and keeps a sorted view sorted through watch events', async () => {
    const { channel } = renderAppAt('/c/demo/api/v1/pods?wide=1&sort=Restarts&desc=1&filter=pod');
    await screen.findByTestId('resource-table');
    expect(screen.getByTestId('wide-toggle').getAttribute('aria-pressed')).toBe('true');
    expect(header('Node')).toBeTruthy();
    expect((screen.getByTestId('table-filter') as HTMLInputElement).value).toBe('pod');
    expect(names()).toEqual(['default/pod-2', 'default/pod-1', 'default/pod-10']);
    expect(screen.getByTestId('row-count').textContent).toBe('3 of 4 items');
    await waitFor(() => expect(channel.watches.length).toBe(1));
    const event = (row: TableRow): WireWatchEvent => ({
      type: 'MODIFIED',
      object: { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: { resourceVersion: '501' }, columnDefinitions: null, rows: [row] },
    });
    act(() => channel.watches[0]?.onEvent(event(pod('pod-10', 40, 50, 'default', '501'))));
    await waitFor(() => expect(names()).toEqual(['default/pod-10', 'default/pod-2', 'default/pod-1']));
    fireEvent.click(screen.getByTestId('wide-toggle'));
    expect(window.location.search).toBe('?sort=Restarts&desc=1&filter=pod');
    expect(within(screen.getByTestId('resource-table')).queryByRole('columnheader', { name: 'Node' })).toBeNull();
  });

  it('filters on any visible cell, case-insensitively, and / focuses the filter', async () => {
    renderAppAt('/c/demo/api/v1/pods');
    await screen.findByTestId('resource-table');
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(screen.getByTestId('table-filter'));
    fireEvent.change(screen.getByTestId('table-filter'), { target: { value: 'SHOP' } });
    await waitFor(() => expect(names()).toEqual(['shop/web-a']));
    expect(window.location.search).toBe('?filter=SHOP');
    fireEvent.change(screen.getByTestId('table-filter'), { target: { value: 'nothing-like-this' } });
    await waitFor(() => expect(screen.getByTestId('no-matches')).toBeTruthy());
  });

  it('a selector the server rejects shows its 400 Status and keeps the previous rows', async () => {
    const { channel } = renderAppAt('/c/demo/api/v1/pods');
    await screen.findByTestId('resource-table');
    await waitFor(() => expect(channel.watches.length).toBe(1));
    fireEvent.change(screen.getByTestId('label-selector'), { target: { value: 'app in (x' } });
    expect(screen.getByTestId('selector-hint').textContent).toContain('app in (x');
    fireEvent.click(screen.getByTestId('apply-selectors'));
    expect(new URLSearchParams(window.location.search).get('labelSelector')).toBe('app in (x');
    const alert = await screen.findByTestId('kube-error');
    expect(within(alert).getByTestId('error-code').textContent).toBe('400');
    expect(within(alert).getByTestId('error-reason').textContent).toBe('BadRequest');
    expect(within(alert).getByTestId('error-message').textContent).toBe(badSelector.message);
    expect(names()).toEqual(['default/pod-10', 'default/pod-2', 'default/pod-1', 'shop/web-a']);
    expect(screen.getByTestId('previous-rows-note')).toBeTruthy();
    // The old watch stopped with the old selector; no watch with the bad one.
    expect(channel.watches.every((w) => w.stopped)).toBe(true);
    const lists = vi.mocked(fetch).mock.calls.map(([u]) => String(u)).filter((u) => u.includes('/pods'));
    expect(lists.at(-1)).toContain('labelSelector=app+in+%28x');
  });

  it('applying a good selector re-lists and re-watches with it', async () => {
    const { channel } = renderAppAt('/c/demo/api/v1/pods');
    await screen.findByTestId('resource-table');
    listHandler = (url) => json(table(url.searchParams.get('labelSelector') === 'app=web' ? [pods[3] as TableRow] : pods, '600'));
    fireEvent.change(screen.getByTestId('label-selector'), { target: { value: 'app=web' } });
    fireEvent.change(screen.getByTestId('field-selector'), { target: { value: 'status.phase=Running' } });
    fireEvent.submit(screen.getByTestId('selector-bar'));
    await waitFor(() => expect(names()).toEqual(['shop/web-a']));
    await waitFor(() => expect(channel.watches.filter((w) => !w.stopped)).toHaveLength(1));
    expect(channel.watches.at(-1)?.params.query).toEqual({
      allowWatchBookmarks: 'true',
      resourceVersion: '600',
      labelSelector: 'app=web',
      fieldSelector: 'status.phase=Running',
    });
  });

  it('moves the selection with arrows, j/k, Home/End, PageUp/PageDown and opens the object on Enter', async () => {
    renderAppAt('/c/demo/api/v1/pods');
    await screen.findByTestId('resource-table');
    const scroller = screen.getByTestId('table-scroller');
    /** Presses `key` on the table; the row selected after it. */
    const press = (key: string) => {
      fireEvent.keyDown(scroller, { key });
      return document.querySelector('tr[data-selected]')?.getAttribute('data-row-key');
    };
    // ArrowDown stays on the last row; a page is longer than these four rows, so PageDown and PageUp reach the ends.
    const keys = ['ArrowDown', 'ArrowDown', 'End', 'ArrowDown', 'Home', 'PageDown', 'PageUp'];
    expect(keys.map(press)).toEqual(['default/pod-10', 'default/pod-2', 'shop/web-a', 'shop/web-a', 'default/pod-10', 'shop/web-a', 'default/pod-10']);
    expect(document.querySelector('tr[data-selected]')?.getAttribute('aria-current')).toBe('true');
    // j and k as in k9s and vim; Ctrl+J is the browser's, not a move.
    expect(['j', 'j', 'k', 'k'].map(press)).toEqual(['default/pod-2', 'default/pod-1', 'default/pod-2', 'default/pod-10']);
    fireEvent.keyDown(scroller, { key: 'j', ctrlKey: true });
    expect(document.querySelector('tr[data-selected]')?.getAttribute('data-row-key')).toBe('default/pod-10');
    fireEvent.keyDown(scroller, { key: 'End' });
    // The name links to the object in its own namespace; Enter goes there.
    expect(within(screen.getByTestId('row-web-a')).getByRole('link', { name: 'web-a' }).getAttribute('href')).toBe('/c/demo/api/v1/namespaces/shop/pods/web-a');
    // Each pod row links to its log view, reachable by Tab (the name link is not: Enter opens the row).
    const logs = within(screen.getByTestId('row-web-a')).getByRole('link', { name: 'Logs of web-a' });
    expect(logs.getAttribute('href')).toBe('/c/demo/api/v1/namespaces/shop/pods/web-a/log');
    expect(logs.tabIndex).toBe(0);
    fireEvent.keyDown(scroller, { key: 'Enter' });
    expect(window.location.pathname).toBe('/c/demo/api/v1/namespaces/shop/pods/web-a');
  });

  it('shows the first page while the rest streams in, then watches from the list resourceVersion', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    listHandler = async (url) => {
      if (!url.searchParams.get('continue')) return json(table(pods.slice(0, 2), '700', 'next'));
      await gate;
      return json(table(pods.slice(2), '700'));
    };
    const { channel } = renderAppAt('/c/demo/api/v1/pods');
    await waitFor(() => expect(screen.getByTestId('loading-more').textContent).toContain('loading more… 2 rows'));
    expect(names()).toEqual(['default/pod-10', 'default/pod-2']);
    expect(channel.watches).toHaveLength(0);
    release();
    await waitFor(() => expect(screen.queryByTestId('loading-more')).toBeNull());
    expect(names()).toHaveLength(4);
    await waitFor(() => expect(channel.watches).toHaveLength(1));
    expect(channel.watches[0]?.params.query?.resourceVersion).toBe('700');
  });

  it('tells the user when an expired continue token made the list start over', async () => {
    let firsts = 0;
    listHandler = (url) => {
      if (!url.searchParams.get('continue')) return json(table(pods.slice(0, 2), String(800 + firsts++), 'tok'));
      if (firsts === 1) {
        return json({ kind: 'Status', apiVersion: 'v1', metadata: { continue: 'fresh' }, status: 'Failure', message: 'The provided continue parameter is too old to display a consistent list result.', reason: 'Expired', code: 410 }, 410);
      }
      return json(table(pods.slice(2), '801'));
    };
    const { channel } = renderAppAt('/c/demo/api/v1/pods');
    await waitFor(() => expect(screen.getByTestId('list-restarted')).toBeTruthy());
    await waitFor(() => expect(names()).toHaveLength(4));
    await waitFor(() => expect(channel.watches).toHaveLength(1));
    expect(channel.watches[0]?.params.query?.resourceVersion).toBe('801');
  });
});
