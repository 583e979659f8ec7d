import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WireWatchEvent } from '../../wire/ws-protocol';
import { KubeApiError } from '../k8s/kube-api-error';
import type { KubeStatus } from '../k8s/kube-status';
import type { Table, TableRow } from '../k8s/table';
import { LiveTableController } from './live-table-controller';
import { tableQueryOptions } from './table-query';
import { FakeWatchChannel } from '../testing/fake-watch-channel';

const columns = [
  { name: 'Name', type: 'string', format: 'name', description: '', priority: 0 },
  { name: 'Age', type: 'string', format: '', description: '', priority: 0 },
];

function row(name: string, uid: string): TableRow {
  return { cells: [name, '1s'], object: { metadata: { name, namespace: 'default', uid, resourceVersion: '1' } } };
}

function table(rv: string, rows: TableRow[]): Table {
  return { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: { resourceVersion: rv }, columnDefinitions: columns, rows };
}

function event(type: WireWatchEvent['type'], r: TableRow, rv: string): WireWatchEvent {
  return { type, object: { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: { resourceVersion: rv }, columnDefinitions: null, rows: [r] } };
}

function tableResponse(t: Table): Response {
  return new Response(JSON.stringify(t), { status: 200, headers: { 'content-type': 'application/json' } });
}

const params = { context: 'demo', path: '/api/v1/namespaces/default/pods' };

function setup(...lists: Array<Table | Response>) {
  const fetchFn = vi.fn(() => {
    const next = lists.shift();
    if (!next) return Promise.reject(new Error('unexpected list'));
    return Promise.resolve(next instanceof Response ? next : tableResponse(next));
  });
  vi.stubGlobal('fetch', fetchFn);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const channel = new FakeWatchChannel();
  const frames: Array<() => void> = [];
  const controller = new LiveTableController(
    {
      queryClient,
      watchClient: channel,
      scheduleFrame: (cb) => {
        frames.push(cb);
        return () => frames.splice(frames.indexOf(cb), 1);
      },
    },
    params,
  );
  const runFrames = () => {
    for (const cb of frames.splice(0)) cb();
  };
  const data = () => queryClient.getQueryData(tableQueryOptions(params).queryKey);
  const names = () => data()?.table.rows.map((r) => r.object?.metadata.name);
  return { controller, channel, queryClient, fetchFn, runFrames, data, names };
}

const expired: KubeStatus = { kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'too old resource version: 1 (5)', reason: 'Expired', code: 410 };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LiveTableController', () => {
  it('lists, then watches from the list resourceVersion as Table with bookmarks', async () => {
    const { controller, channel, fetchFn } = setup(table('100', [row('a', 'ua')]));
    expect(controller.getSnapshot().watchState).toBe('reconnecting');
    controller.start();
    await vi.waitFor(() => expect(channel.watches).toHaveLength(1));
    expect(fetchFn).toHaveBeenCalledOnce();
    expect(channel.last().params).toEqual({
      context: 'demo',
      path: '/api/v1/namespaces/default/pods',
      query: { allowWatchBookmarks: 'true', resourceVersion: '100' },
      as: 'Table',
    });
    expect(controller.getSnapshot().watchState).toBe('live');
    controller.stop();
  });

  it('folds events once per frame', async () => {
    const { controller, channel, runFrames, names, data } = setup(table('100', [row('a', 'ua')]));
    controller.start();
    await vi.waitFor(() => expect(channel.watches).toHaveLength(1));
    const before = data();
    channel.last().onEvent(event('ADDED', row('b', 'ub'), '101'));
    channel.last().onEvent(event('ADDED', row('c', 'uc'), '102'));
    channel.last().onEvent(event('DELETED', row('a', 'ua'), '103'));
    expect(data()).toBe(before);
    runFrames();
    expect(names()).toEqual(['b', 'c']);
    expect(data()?.table.metadata.resourceVersion).toBe('103');
    controller.stop();
  });

  it('re-lists on a 410 ERROR event and watches again from the new list', async () => {
    const { controller, channel, fetchFn, runFrames, names } = setup(table('100', [row('a', 'ua')]), table('200', [row('z', 'uz')]));
    controller.start();
    await vi.waitFor(() => expect(channel.watches).toHaveLength(1));
    const first = channel.last();
    first.onEvent({ type: 'ERROR', object: expired });
    runFrames();
    expect(first.stopped).toBe(true);
    expect(controller.getSnapshot().watchState).toBe('reconnecting');
    await vi.runAllTimersAsync();
    await vi.waitFor(() => expect(channel.watches).toHaveLength(2));
    expect(fetchFn).toHaveBeenCalledTimes(2);
    expect(channel.last().params.query?.resourceVersion).toBe('200');
    expect(names()).toEqual(['z']);
    expect(controller.getSnapshot().watchState).toBe('live');
    controller.stop();
  });

  it('re-lists when the watch closes with a retryable Status', async () => {
    const { controller, channel, fetchFn } = setup(table('100', []), table('300', []));
    controller.start();
    await vi.waitFor(() => expect(channel.watches).toHaveLength(1));
    channel.last().onClosed({ ...expired, code: 504, reason: 'Timeout' });
    await vi.runAllTimersAsync();
    await vi.waitFor(() => expect(channel.watches).toHaveLength(2));
    expect(fetchFn).toHaveBeenCalledTimes(2);
    controller.stop();
  });

  it('goes stale with the Status when the watch is forbidden (no re-list loop)', async () => {
    const { controller, channel, fetchFn } = setup(table('100', []));
    controller.start();
    await vi.waitFor(() => expect(channel.watches).toHaveLength(1));
    channel.last().onClosed({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Forbidden', code: 403, message: 'pods is forbidden: User "viewer" cannot watch resource "pods"' });
    await vi.runAllTimersAsync();
    const snapshot = controller.getSnapshot();
    expect(snapshot.watchState).toBe('stale');
    expect(snapshot.problem).toBeInstanceOf(KubeApiError);
    expect((snapshot.problem as KubeApiError).reason).toBe('Forbidden');
    expect(fetchFn).toHaveBeenCalledOnce();
    expect(channel.watches).toHaveLength(1);
    controller.stop();
  });

  it('folds the events queued before an ERROR event, then goes stale on a terminal Status in it', async () => {
    const { controller, channel, fetchFn, names } = setup(table('100', [row('a', 'ua')]));
    controller.start();
    await vi.waitFor(() => expect(channel.watches).toHaveLength(1));
    channel.last().onEvent(event('ADDED', row('b', 'ub'), '101'));
    channel.last().onEvent({ type: 'ERROR', object: { ...expired, code: 403, reason: 'Forbidden', message: 'watch is forbidden' } });
    expect(names()).toEqual(['a', 'b']);
    await vi.runAllTimersAsync();
    expect(controller.getSnapshot().watchState).toBe('stale');
    expect((controller.getSnapshot().problem as KubeApiError).reason).toBe('Forbidden');
    expect(fetchFn).toHaveBeenCalledOnce();
    expect(channel.last().stopped).toBe(true);
    controller.stop();
  });

  it('resumes from the current resourceVersion after a normal close, without listing', async () => {
    const { controller, channel, fetchFn, runFrames } = setup(table('100', []));
    controller.start();
    await vi.waitFor(() => expect(channel.watches).toHaveLength(1));
    channel.last().onEvent(event('ADDED', row('b', 'ub'), '150'));
    vi.advanceTimersByTime(5000);
    channel.last().onClosed(null);
    runFrames();
    await vi.runAllTimersAsync();
    expect(channel.watches).toHaveLength(2);
    expect(channel.last().params.query?.resourceVersion).toBe('150');
    expect(fetchFn).toHaveBeenCalledOnce();
    controller.stop();
  });

  it('shows reconnecting while the socket is down and re-lists once it is back', async () => {
    const { controller, channel, fetchFn } = setup(table('100', []), table('400', []));
    controller.start();
    await vi.waitFor(() => expect(channel.watches).toHaveLength(1));
    channel.setState('reconnecting');
    expect(controller.getSnapshot().watchState).toBe('reconnecting');
    channel.setState('open');
    await vi.runAllTimersAsync();
    await vi.waitFor(() => expect(channel.watches).toHaveLength(2));
    expect(fetchFn).toHaveBeenCalledTimes(2);
    expect(channel.watches[0]?.stopped).toBe(true);
    expect(channel.last().params.query?.resourceVersion).toBe('400');
    expect(controller.getSnapshot().watchState).toBe('live');
    controller.stop();
  });

  it('is stale with the KubeApiError when the list fails, and retry recovers', async () => {
    const notFound = new Response(
      JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'the server could not find the requested resource', reason: 'NotFound', code: 404 }),
      { status: 404 },
    );
    const { controller, channel } = setup(notFound, table('500', []));
    controller.start();
    await vi.waitFor(() => expect(controller.getSnapshot().watchState).toBe('stale'));
    expect((controller.getSnapshot().problem as KubeApiError).code).toBe(404);
    expect(channel.watches).toHaveLength(0);
    controller.retry();
    await vi.waitFor(() => expect(controller.getSnapshot().watchState).toBe('live'));
    expect(controller.getSnapshot().problem).toBeNull();
    controller.stop();
  });

  it('stop ends the watch and ignores late events', async () => {
    const { controller, channel, data } = setup(table('100', [row('a', 'ua')]));
    controller.start();
    await vi.waitFor(() => expect(channel.watches).toHaveLength(1));
    const w = channel.last();
    controller.stop();
    expect(w.stopped).toBe(true);
    const before = data();
    w.onEvent(event('ADDED', row('late', 'ul'), '101'));
    await vi.runAllTimersAsync();
    expect(data()).toBe(before);
  });

  it('starts from cached rows without listing again', async () => {
    const { controller, channel, queryClient, fetchFn } = setup();
    queryClient.setQueryData(tableQueryOptions(params).queryKey, { table: table('90', [row('a', 'ua')]), warnings: [], complete: true, restarts: 0 });
    controller.start();
    expect(channel.watches).toHaveLength(1);
    expect(channel.last().params.query?.resourceVersion).toBe('90');
    expect(fetchFn).not.toHaveBeenCalled();
    controller.stop();
  });

  it('backs off when re-lists keep failing over and over', async () => {
    const lists = Array.from({ length: 8 }, (_, i) => table(String(100 + i), []));
    const { controller, channel, fetchFn } = setup(...lists);
    controller.start();
    await vi.waitFor(() => expect(channel.watches).toHaveLength(1));
    for (let i = 0; i < 3; i++) {
      channel.last().onClosed(expired);
      await vi.advanceTimersByTimeAsync(0);
      await vi.waitFor(() => expect(channel.watches).toHaveLength(i + 2));
    }
    expect(fetchFn).toHaveBeenCalledTimes(4);
    channel.last().onClosed(expired);
    await vi.advanceTimersByTimeAsync(900);
    expect(fetchFn).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(200);
    await vi.waitFor(() => expect(fetchFn).toHaveBeenCalledTimes(5));
    controller.stop();
  });
});
