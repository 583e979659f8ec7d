// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WireWatchEvent } from '../../../wire/ws-protocol';
import type { Table, TableRow } from '../../k8s/table';
import { useUiStore } from '../../stores/ui-store';
import { readFixture, readJsonFixture } from '../../testing/fixtures';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { POD_COLUMNS, POD_WIDE_COLUMNS } from '../../testing/recorded-pod-columns';
import { renderAppAt } from '../../testing/render-app';
import { stubFetch } from '../../testing/stub-fetch';

const NOW = Date.parse('2026-11-21T22:30:00Z');
const podColumns = readJsonFixture<Table>('tables/api__v1__pods.json').columnDefinitions;

function pod(name: string, cells: unknown[], extra: Partial<TableRow> = {}, createdSecondsAgo = 300, rv = '1'): TableRow {
  return {
    cells: [name, ...cells],
    object: {
      kind: 'PartialObjectMetadata',
      apiVersion: 'meta.k8s.io/v1',
      metadata: {
        name,
        namespace: 'default',
        uid: `uid-${name}`,
        resourceVersion: rv,
        creationTimestamp: new Date(NOW - createdSecondsAgo * 1000).toISOString(),
      },
    },
    ...extra,
  };
}

const podsTable: Table = {
  kind: 'Table',
  apiVersion: 'meta.k8s.io/v1',
  metadata: { resourceVersion: '351' },
  columnDefinitions: podColumns,
  rows: [
    // The server's frozen Age says "9d": the UI must show the live 5m.
    pod('web-1', ['1/1', 'Running', 3, '9d', '10.0.0.7', 'node-a', '<none>', '<none>']),
    pod('job-x', ['0/1', 'Completed', 0, '9d', '10.0.0.8', 'node-a', '<none>', '<none>'], {
      conditions: [{ type: 'Completed', status: 'True' }],
    }, 3 * 3600),
  ],
};

function json(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Serve 1.20.2 discovery (the navigator and the Create link use it); other tests run without. */
let serveDiscovery = false;
/** With discovery: also list metrics.k8s.io/v1beta1 and answer its pod list with this (a Response: that answer). */
let podMetrics: unknown = null;

const METRICS_GROUP = { name: 'metrics.k8s.io', versions: [{ groupVersion: 'metrics.k8s.io/v1beta1', version: 'v1beta1' }], preferredVersion: { groupVersion: 'metrics.k8s.io/v1beta1', version: 'v1beta1' } };
const METRICS_RESOURCES = {
  kind: 'APIResourceList',
  apiVersion: 'v1',
  groupVersion: 'metrics.k8s.io/v1beta1',
  resources: [
    { name: 'nodes', singularName: '', namespaced: false, kind: 'NodeMetrics', verbs: ['get', 'list'] },
    { name: 'pods', singularName: '', namespaced: true, kind: 'PodMetrics', verbs: ['get', 'list'] },
  ],
};

function podUsage(name: string, cpu: string, memory: string) {
  return { metadata: { name, namespace: 'default' }, timestamp: '2026-11-21T22:29:50Z', window: '10s', containers: [{ name: 'main', usage: { cpu, memory } }] };
}

function metricsRoute(path: string): Response | null {
  if (podMetrics === null || !serveDiscovery) return null;
  if (path === '/k8s/demo/apis') {
    const groups = readJsonFixture<{ groups: unknown[] }>('discovery/apis.json');
    return json({ ...groups, groups: [...groups.groups, METRICS_GROUP] });
  }
  if (path === '/k8s/demo/apis/metrics.k8s.io/v1beta1') return json(METRICS_RESOURCES);
  if (path === '/k8s/demo/apis/metrics.k8s.io/v1beta1/namespaces/default/pods') return podMetrics instanceof Response ? podMetrics : json(podMetrics);
  return null;
}

function routeFetch(url: string): Response {
  const path = new URL(url, 'http://localhost').pathname;
  const metrics = metricsRoute(path);
  if (metrics) return metrics;
  const discovery = /^\/k8s\/demo\/(api|apis|api\/v1|apis\/[^/]+\/[^/]+)$/.exec(path);
  if (serveDiscovery && discovery) {
    try {
      return json(readFixture(`discovery/${discovery[1]!.split('/').join('__')}.json`));
    } catch {
      // Not recorded: 404 below.
    }
  }
  if (path === '/-/contexts') {
    return json({
      contexts: [
        { name: 'demo', server: 'https://127.0.0.1:6443', demo: true },
        { name: 'viewer', server: 'https://127.0.0.1:6443', demo: true },
      ],
      default: 'demo',
    });
  }
  if (path.endsWith('/api/v1/namespaces')) return json(readFixture('tables/api__v1__namespaces.json'));
  if (/^\/k8s\/demo\/api\/v1\/(namespaces\/[^/]+\/)?pods$/.test(path)) return json(podsTable);
  if (path === '/k8s/viewer/api/v1/namespaces/default/pods') return json(readFixture('errors/403-forbidden.json'), 403);
  if (path === '/k8s/demo/api/v1/secrets') return json(readFixture('errors/403-forbidden.json'), 403);
  return json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'the server could not find the requested resource', reason: 'NotFound', code: 404 }, 404);
}

function modifiedEvent(row: TableRow, rv: string, type: WireWatchEvent['type'] = 'MODIFIED'): WireWatchEvent {
  return { type, object: { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: { resourceVersion: rv }, columnDefinitions: null, rows: [row] } };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  stubFetch(routeFetch);
  useUiStore.setState({ namespaceByContext: {} });
  serveDiscovery = false;
  podMetrics = null;
});

cleanUpAfterEach();

describe('resource list page', () => {
  it('renders the server Table columns and rows with live ages and watch state', async () => {
    const { channel } = renderAppAt('/c/demo/api/v1/namespaces/default/pods');
    expect(screen.getByTestId('loading')).toBeTruthy();
    const table = await screen.findByTestId('resource-table');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([...POD_COLUMNS, 'Logs']);
    expect(headers[1]?.getAttribute('title')).toBe('The aggregate readiness state of this pod for accepting traffic.');

    const web = screen.getByTestId('row-web-1');
    expect(web.getAttribute('data-row-key')).toBe('default/web-1');
    const cells = within(web).getAllByRole('cell');
    // The pod restarted: amber Restarts, and the words beside the name for screen readers.
    expect(cells.map((c) => c.textContent)).toEqual(['web-1 restarting: 3 restarts', '1/1', 'Running', '3', '5m', 'Logs']);
    expect(cells[3]?.className).toContain('text-right');
    expect(web.getAttribute('data-health')).toBe('warning');
    expect(cells[3]?.className).toContain('text-amber-700');
    expect(within(web).getByTestId('row-health').className).toBe('sr-only');

    const job = screen.getByTestId('row-job-x');
    expect(job.hasAttribute('data-completed')).toBe(true);
    expect(job.className).toContain('text-slate-400');
    expect(within(job).getAllByRole('cell')[0]?.className).not.toContain('text-slate-900');
    expect(web.className).not.toContain('text-slate-400');
    expect(within(job).getAllByRole('cell').at(-2)?.textContent).toBe('3h');

    await waitFor(() => expect(screen.getByTestId('watch-state').textContent).toBe('live'));
    expect(channel.active().params).toEqual({
      context: 'demo',
      path: '/api/v1/namespaces/default/pods',
      query: { allowWatchBookmarks: 'true', resourceVersion: '351' },
      as: 'Table',
    });
  });

  it('ticks ages every second', async () => {
    renderAppAt('/c/demo/api/v1/namespaces/default/pods');
    const web = await screen.findByTestId('row-web-1');
    expect(within(web).getAllByRole('cell').at(-2)?.textContent).toBe('5m');
    vi.setSystemTime(NOW + 125_000);
    await waitFor(() => expect(within(web).getAllByRole('cell').at(-2)?.textContent).toBe('7m5s'), { timeout: 2500 });
  });

  it('shows wide columns on demand and dims <none>', async () => {
    renderAppAt('/c/demo/api/v1/namespaces/default/pods');
    const table = await screen.findByTestId('resource-table');
    fireEvent.click(screen.getByTestId('wide-toggle'));
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([...POD_COLUMNS, ...POD_WIDE_COLUMNS, 'Logs']);
    const none = within(screen.getByTestId('row-web-1')).getAllByText('<none>');
    expect(none[0]?.className).toContain('text-slate-400');
    expect(screen.getByTestId('wide-toggle').getAttribute('aria-pressed')).toBe('true');
  });

  it('applies watch events in place without duplicating rows, flashing what changed', async () => {
    const { channel } = renderAppAt('/c/demo/api/v1/namespaces/default/pods');
    await screen.findByTestId('resource-table');
    await waitFor(() => expect(channel.watches.length).toBe(1));
    const watch = channel.active();

    act(() => watch.onEvent(modifiedEvent(pod('web-1', ['0/1', 'CrashLoopBackOff', 4, '9d', '', '', '', ''], {}, 300, '352'), '352')));
    await waitFor(() => expect(within(screen.getByTestId('row-web-1')).getByText('CrashLoopBackOff')).toBeTruthy());
    expect(screen.getByTestId('row-web-1').hasAttribute('data-flash')).toBe(true);
    expect(screen.getByTestId('row-job-x').hasAttribute('data-flash')).toBe(false);

    act(() => watch.onEvent(modifiedEvent(pod('new-1', ['0/1', 'Pending', 0, '0s', '', '', '', ''], {}, 0, '353'), '353', 'ADDED')));
    act(() => watch.onEvent(modifiedEvent(pod('web-1', ['1/1', 'Running', 4, '9d', '', '', '', ''], {}, 300, '354'), '354', 'ADDED')));
    await waitFor(() => expect(screen.getByTestId('row-new-1')).toBeTruthy());
    const rowKeys = screen.getAllByRole('row').slice(1).map((r) => r.getAttribute('data-row-key'));
    expect(rowKeys).toEqual(['default/web-1', 'default/job-x', 'default/new-1']);
    expect(screen.getByTestId('row-count').textContent).toBe('3 items');

    act(() => watch.onEvent(modifiedEvent(pod('job-x', [], {}, 0, '355'), '355', 'DELETED')));
    await waitFor(() => expect(screen.queryByTestId('row-job-x')).toBeNull());
  });

  it('re-lists when the watch reports 410 Expired', async () => {
    const { channel } = renderAppAt('/c/demo/api/v1/namespaces/default/pods');
    await screen.findByTestId('resource-table');
    await waitFor(() => expect(channel.watches.length).toBe(1));
    act(() =>
      channel.active().onEvent({
        type: 'ERROR',
        object: { kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'too old resource version: 1 (351)', reason: 'Expired', code: 410 },
      }),
    );
    await waitFor(() => expect(channel.watches.length).toBe(2));
    expect(channel.watches[0]?.stopped).toBe(true);
    expect(vi.mocked(fetch).mock.calls.filter(([u]) => String(u).includes('/namespaces/default/pods'))).toHaveLength(2);
    await waitFor(() => expect(screen.getByTestId('watch-state').textContent).toBe('live'));
  });

  it('shows a 403 as a Forbidden panel with the server message, not a blank page', async () => {
    renderAppAt('/c/viewer/api/v1/namespaces/default/pods');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByTestId('error-code').textContent).toBe('403');
    expect(within(alert).getByTestId('error-reason').textContent).toBe('Forbidden');
    expect(alert.textContent).toContain('cannot list resource "secrets" in API group "" in the namespace "fx"');
    expect(screen.getByTestId('watch-state').textContent).toBe('stale');
    expect(screen.queryByTestId('resource-table')).toBeNull();
  });

  it('lists all namespaces with a Namespace column', async () => {
    renderAppAt('/c/demo/api/v1/pods');
    const table = await screen.findByTestId('resource-table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Namespace', ...POD_COLUMNS, 'Logs']);
    expect(screen.getByTestId('list-scope').textContent).toBe('all namespaces');
  });

  it('names a failed list over all namespaces by that scope, not "cluster"', async () => {
    serveDiscovery = true;
    renderAppAt('/c/demo/api/v1/secrets');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByTestId('error-reason').textContent).toBe('Forbidden');
    await waitFor(() => expect(screen.getByTestId('list-scope').textContent).toBe('all namespaces'));
    expect(alert.textContent).toContain('Listing secrets in all namespaces');
  });

  it('links to the create screen when discovery lists the create verb', async () => {
    renderAppAt('/c/demo/api/v1/namespaces/default/pods');
    await screen.findByTestId('resource-table');
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
    cleanup();
    serveDiscovery = true;
    renderAppAt('/c/demo/api/v1/namespaces/default/pods');
    const link = await screen.findByRole('link', { name: 'Create' });
    expect(link.getAttribute('href')).toBe('/c/demo/api/v1/namespaces/default/pods?create=1');
  });

  it('asks metrics.k8s.io only once the last page of the list is in', async () => {
    serveDiscovery = true;
    podMetrics = { kind: 'PodMetricsList', apiVersion: 'metrics.k8s.io/v1beta1', metadata: {}, items: [podUsage('web-1', '12m', '900Mi')] };
    let releaseLastPage: () => void = () => undefined;
    const lastPage = new Promise<void>((resolve) => (releaseLastPage = resolve));
    const [web, job] = podsTable.rows;
    stubFetch(async (url) => {
      if (new URL(url, 'http://localhost').pathname !== '/k8s/demo/api/v1/namespaces/default/pods') return routeFetch(url);
      if (!url.includes('continue=')) return json({ ...podsTable, metadata: { resourceVersion: '351', continue: 'next' }, rows: [web] });
      await lastPage;
      return json({ ...podsTable, rows: [job] });
    });
    renderAppAt('/c/demo/api/v1/namespaces/default/pods');
    await screen.findByTestId('row-web-1');
    await screen.findByTestId('loading-more');
    // Discovery is in (it offers Create) while the last page is held: still no metrics request.
    await screen.findByTestId('create-link');
    const metricsAsked = () => vi.mocked(fetch).mock.calls.some(([u]) => String(u).includes('/apis/metrics.k8s.io/v1beta1/namespaces/'));
    expect(metricsAsked()).toBe(false);
    act(() => releaseLastPage());
    await screen.findByTestId('row-job-x');
    await waitFor(() => expect(metricsAsked()).toBe(true));
    await waitFor(() => expect(within(screen.getByTestId('row-web-1')).getAllByRole('cell').slice(-3).map((c) => c.textContent)).toEqual(['12m', '900Mi', 'Logs']));
  });

  it('appends CPU and Memory from metrics.k8s.io after the whole list is in, sorted by quantity', async () => {
    serveDiscovery = true;
    podMetrics = { kind: 'PodMetricsList', apiVersion: 'metrics.k8s.io/v1beta1', metadata: {}, items: [podUsage('web-1', '12m', '900Mi'), podUsage('job-x', '250m', '20000Mi')] };
    renderAppAt('/c/demo/api/v1/namespaces/default/pods');
    const table = await screen.findByTestId('resource-table');
    await waitFor(() => expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([...POD_COLUMNS, 'CPU', 'Memory', 'Logs']));
    const cells = within(screen.getByTestId('row-web-1')).getAllByRole('cell');
    expect(cells.slice(-3).map((c) => c.textContent)).toEqual(['12m', '900Mi', 'Logs']);
    expect(cells.at(-2)?.className).toContain('text-right');
    expect(within(table).getByRole('columnheader', { name: 'Memory' }).getAttribute('title')).toContain('metrics.k8s.io');

    const urls = vi.mocked(fetch).mock.calls.map(([u]) => new URL(String(u), 'http://localhost').pathname);
    const metricsAt = urls.indexOf('/k8s/demo/apis/metrics.k8s.io/v1beta1/namespaces/default/pods');
    expect(metricsAt).toBeGreaterThan(urls.indexOf('/k8s/demo/api/v1/namespaces/default/pods'));

    // 900Mi < 19.5Gi although 19.5 < 900 as text numbers.
    const order = () => screen.getAllByRole('row').slice(1).map((r) => r.getAttribute('data-row-key'));
    fireEvent.click(screen.getByTestId('sort-Memory'));
    await waitFor(() => expect(order()).toEqual(['default/web-1', 'default/job-x']));
    expect(within(screen.getByTestId('row-job-x')).getByText('19.5Gi')).toBeTruthy();
    fireEvent.click(screen.getByTestId('sort-CPU'));
    await waitFor(() => expect(order()).toEqual(['default/web-1', 'default/job-x']));
    fireEvent.click(screen.getByTestId('sort-CPU'));
    await waitFor(() => expect(order()).toEqual(['default/job-x', 'default/web-1']));
  });

  it('shows no metrics columns when metrics.k8s.io answers 503, and the list stays whole', async () => {
    serveDiscovery = true;
    podMetrics = json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'the server is currently unable to handle the request', reason: 'ServiceUnavailable', code: 503 }, 503);
    renderAppAt('/c/demo/api/v1/namespaces/default/pods');
    const table = await screen.findByTestId('resource-table');
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).includes('/apis/metrics.k8s.io/v1beta1/namespaces/default/pods'))).toBe(true));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([...POD_COLUMNS, 'Logs']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('row-web-1')).toBeTruthy();
  });

  it('never asks for metrics where discovery does not list metrics.k8s.io (kube-apiserver 1.20.2)', async () => {
    serveDiscovery = true;
    renderAppAt('/c/demo/api/v1/namespaces/default/pods');
    await screen.findByRole('link', { name: 'Create' });
    expect(within(screen.getByTestId('resource-table')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([...POD_COLUMNS, 'Logs']);
    expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).includes('metrics.k8s.io'))).toBe(false);
  });

  it('lists cluster-scoped namespaces without a namespace choice', async () => {
    renderAppAt('/c/demo/api/v1/namespaces');
    const table = await screen.findByTestId('resource-table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Status', 'Age']);
    expect(within(table).getByText('kube-system')).toBeTruthy();
    expect((screen.getByTestId('namespace-picker') as HTMLSelectElement).disabled).toBe(true);
  });
});

describe('navigation', () => {
  it('redirects / to the default context pods in namespace default', async () => {
    renderAppAt('/');
    await waitFor(() => expect(window.location.pathname).toBe('/c/demo/api/v1/namespaces/default/pods'));
    expect(await screen.findByTestId('resource-table')).toBeTruthy();
  });

  it('changes the URL when picking a namespace, all namespaces or a context', async () => {
    renderAppAt('/c/demo/api/v1/namespaces/default/pods');
    const picker = (await screen.findByTestId('namespace-picker')) as HTMLSelectElement;
    await waitFor(() => expect(within(picker).getByText('kube-system')).toBeTruthy());
    fireEvent.change(picker, { target: { value: 'kube-system' } });
    expect(window.location.pathname).toBe('/c/demo/api/v1/namespaces/kube-system/pods');
    fireEvent.change(screen.getByTestId('namespace-picker'), { target: { value: '' } });
    expect(window.location.pathname).toBe('/c/demo/api/v1/pods');
    const contextPicker = screen.getByTestId('context-picker');
    await waitFor(() => expect(within(contextPicker).getByText('viewer')).toBeTruthy());
    fireEvent.change(contextPicker, { target: { value: 'viewer' } });
    // The other context's discovery is asked first: the same list where it serves pods.
    await waitFor(() => expect(window.location.pathname).toBe('/c/viewer/api/v1/pods'));
  });
});
