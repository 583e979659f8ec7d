import { describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../testing/fake-socket';
import { WatchClient } from './watch-client';
import { createWatchLog } from './watch-log';

/** A log whose throttle timer and clock the test drives. */
function manualLog(capacity?: number) {
  let clock = 1_000;
  const timers: Array<() => void> = [];
  const log = createWatchLog({ capacity, now: () => clock, setTimer: (callback) => timers.push(callback) });
  const published = vi.fn();
  log.subscribe(published);
  const flush = () => timers.splice(0).forEach((t) => t());
  return { log, published, flush, tick: (ms: number) => (clock += ms), timers };
}

const pods = { context: 'demo', path: '/api/v1/namespaces/default/pods', query: { labelSelector: 'app=web', resourceVersion: '100' }, as: 'Table' as const };

describe('createWatchLog', () => {
  it('counts events by type, follows the resourceVersion and records how the watch closed', () => {
    const { log, flush, tick } = manualLog();
    const entry = log.open(pods);
    entry.event('ADDED', '101', null);
    entry.event('MODIFIED', '102', null);
    entry.event('BOOKMARK', '103', null);
    entry.resubscribed();
    tick(5_000);
    entry.closed({ by: 'server', code: 500, reason: 'InternalError', message: 'boom' });
    entry.event('MODIFIED', '104', null);
    flush();
    const [watch] = log.getSnapshot();
    expect(watch).toMatchObject({
      context: 'demo',
      path: pods.path,
      query: pods.query,
      as: 'Table',
      startResourceVersion: '100',
      startedAt: 1_000,
      endedAt: 6_000,
      reconnects: 1,
      expired: 0,
      end: { by: 'server', code: 500, reason: 'InternalError', message: 'boom' },
    });
    // Events after the close still count: the log reports what arrived, not what should have.
    expect(watch?.events).toEqual({ ADDED: 1, MODIFIED: 2, DELETED: 0, BOOKMARK: 1, ERROR: 0 });
    expect(watch?.lastResourceVersion).toBe('104');
  });

  it('counts 410s, from an ERROR event or a close, and keeps only the first end', () => {
    const { log, flush } = manualLog();
    const viaEvent = log.open(pods);
    viaEvent.event('ERROR', undefined, 410);
    viaEvent.closed({ by: 'app' });
    viaEvent.closed({ by: 'server', code: null, reason: '', message: '' });
    const viaClose = log.open({ ...pods, query: undefined, as: undefined });
    viaClose.closed({ by: 'server', code: 410, reason: 'Gone', message: 'too old resource version' });
    flush();
    const [second, first] = log.getSnapshot();
    expect(first).toMatchObject({ expired: 1, end: { by: 'app' }, events: { ERROR: 1 } });
    expect(second).toMatchObject({ expired: 1, startResourceVersion: null, as: 'Object', end: { by: 'server', code: 410 } });
  });

  it('publishes a storm of events once per throttle period, not once per event', () => {
    const { log, published, flush, timers } = manualLog();
    const entry = log.open(pods);
    for (let i = 0; i < 1000; i++) entry.event('MODIFIED', String(200 + i), null);
    expect(published).not.toHaveBeenCalled();
    expect(timers).toHaveLength(1);
    flush();
    expect(published).toHaveBeenCalledTimes(1);
    expect(log.getSnapshot()[0]?.events.MODIFIED).toBe(1000);
    expect(log.getSnapshot()[0]?.lastResourceVersion).toBe('1199');
  });

  it('hands out new copies only of the watches that changed, newest first', () => {
    const { log, flush } = manualLog();
    const quiet = log.open(pods);
    const busy = log.open({ ...pods, path: '/api/v1/nodes' });
    flush();
    const before = log.getSnapshot();
    busy.event('ADDED', '1', null);
    flush();
    const after = log.getSnapshot();
    expect(after).not.toBe(before);
    expect(after.map((w) => w.path)).toEqual(['/api/v1/nodes', pods.path]);
    expect(after[1]).toBe(before[1]);
    expect(after[0]).not.toBe(before[0]);
    expect(before[0]?.events.ADDED).toBe(0);
    quiet.closed({ by: 'app' });
  });

  it('keeps the newest `capacity` watches, and clear forgets only the ended ones', () => {
    const { log, flush } = manualLog(2);
    log.open({ ...pods, path: '/a' }).closed({ by: 'app' });
    log.open({ ...pods, path: '/b' }).closed({ by: 'app' });
    log.open({ ...pods, path: '/c' });
    flush();
    expect(log.getSnapshot().map((w) => w.path)).toEqual(['/c', '/b']);
    log.clear();
    expect(log.getSnapshot().map((w) => w.path)).toEqual(['/c']);
  });

  it('ignores an event type that is not a Kubernetes one', () => {
    const { log, flush } = manualLog();
    log.open(pods).event('SURPRISE' as 'ADDED', '5', null);
    flush();
    expect(log.getSnapshot()[0]?.events).toEqual({ ADDED: 0, MODIFIED: 0, DELETED: 0, BOOKMARK: 0, ERROR: 0 });
  });
});

describe('WatchClient recording into its log', () => {
  it('records events, reconnects, a server close with its Status and an unwatch', () => {
    vi.useFakeTimers();
    try {
      const { log, flush } = manualLog();
      const sockets: FakeSocket[] = [];
      const client = new WatchClient({ url: 'ws://t/-/ws', log, random: () => 0, createSocket: () => sockets[sockets.push(new FakeSocket()) - 1]! });
      const stopPods = client.watch(pods, () => {}, () => {});
      client.watch({ context: 'demo', path: '/api/v1/nodes' }, () => {}, () => {});
      sockets[0]!.open();
      const pod = (rv: string) => ({ kind: 'Pod', metadata: { name: 'p', resourceVersion: rv } });
      sockets[0]!.deliver({ id: 'w1', event: { type: 'ADDED', object: pod('101') } });
      sockets[0]!.drop();
      vi.runOnlyPendingTimers();
      sockets[1]!.open();
      sockets[1]!.deliver({ id: 'w1', event: { type: 'MODIFIED', object: pod('102') } });
      sockets[1]!.deliver({ id: 'w2', closed: true, status: { kind: 'Status', apiVersion: 'v1', code: 403, reason: 'Forbidden', message: 'no' } });
      // The live controller unwatches on an ERROR event and lists again: a 410 is counted as the re-list it causes.
      sockets[1]!.deliver({ id: 'w1', event: { type: 'ERROR', object: { kind: 'Status', apiVersion: 'v1', code: 410, reason: 'Expired', message: 'too old' } } });
      stopPods();
      flush();
      const [nodes, podsWatch] = log.getSnapshot();
      expect(podsWatch).toMatchObject({ reconnects: 1, lastResourceVersion: '102', events: { ADDED: 1, MODIFIED: 1, ERROR: 1 }, expired: 1, end: { by: 'app' } });
      expect(nodes).toMatchObject({ path: '/api/v1/nodes', reconnects: 1, end: { by: 'server', code: 403, reason: 'Forbidden', message: 'no' } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('marks every watch still running as ended by the app when the client is disposed', () => {
    const { log, flush } = manualLog();
    const client = new WatchClient({ url: 'ws://t/-/ws', log, createSocket: () => new FakeSocket() });
    client.watch(pods, () => {}, () => {});
    client.dispose();
    flush();
    expect(log.getSnapshot()[0]?.end).toEqual({ by: 'app' });
  });
});
