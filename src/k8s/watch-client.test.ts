import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../testing/fake-socket';
import { DEFAULT_MAX_BACKOFF_MS, defaultWatchUrl, WatchClient, type WatchClosedHandler, type WatchEventHandler } from './watch-client';
import { metadataOf } from './object-meta';

function setup() {
  const sockets: FakeSocket[] = [];
  const client = new WatchClient({
    url: 'ws://test/-/ws',
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    initialBackoffMs: 1000,
    maxBackoffMs: 8000,
    random: () => 0.5,
  });
  const last = () => {
    const s = sockets.at(-1);
    if (!s) throw new Error('no socket');
    return s;
  };
  return { client, sockets, last };
}

/** A client whose first watch (w1, on pods) is subscribed over an open socket. */
function setupWatching(onEvent: WatchEventHandler = () => {}, onClosed: WatchClosedHandler = () => {}) {
  const fixture = setup();
  const stop = fixture.client.watch(podsParams, onEvent, onClosed);
  fixture.last().open();
  return { ...fixture, stop };
}

/** The reconnect opens socket number `count` after exactly `delayMs`, not a millisecond before. */
function expectSocketAfter(sockets: FakeSocket[], delayMs: number, count: number) {
  vi.advanceTimersByTime(delayMs - 1);
  expect(sockets).toHaveLength(count - 1);
  vi.advanceTimersByTime(1);
  expect(sockets).toHaveLength(count);
}

const podsParams = {
  context: 'demo',
  path: '/api/v1/namespaces/default/pods',
  query: { resourceVersion: '100', allowWatchBookmarks: 'true' },
  as: 'Table' as const,
};

function podEvent(type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK', rv: string) {
  return { type, object: { kind: 'Table', metadata: { resourceVersion: rv }, rows: [] } };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('WatchClient', () => {
  it('derives ws:// or wss:// from the page origin', () => {
    expect(defaultWatchUrl({ protocol: 'http:', host: '127.0.0.1:7070' })).toBe('ws://127.0.0.1:7070/-/ws');
    expect(defaultWatchUrl({ protocol: 'https:', host: 'kg.example' })).toBe('wss://kg.example/-/ws');
  });

  it('connects lazily and subscribes once open', () => {
    const { client, sockets, last } = setup();
    expect(sockets).toHaveLength(0);
    expect(client.getState()).toBe('idle');
    client.watch(podsParams, () => {}, () => {});
    expect(client.getState()).toBe('connecting');
    expect(last().sent).toEqual([]);
    last().open();
    expect(client.getState()).toBe('open');
    expect(last().sent).toEqual([{ op: 'watch', id: 'w1', ...podsParams, batch: true }]);
  });

  it('multiplexes events by id and stops delivering after unsubscribe', () => {
    const { client, last } = setup();
    const a = vi.fn();
    const b = vi.fn();
    const stopA = client.watch(podsParams, a, () => {});
    client.watch({ ...podsParams, path: '/api/v1/namespaces' }, b, () => {});
    last().open();
    last().deliver({ id: 'w2', event: podEvent('ADDED', '101') });
    last().deliver({ id: 'w1', event: podEvent('MODIFIED', '102') });
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
    stopA();
    expect(last().sent.at(-1)).toEqual({ op: 'unwatch', id: 'w1' });
    last().deliver({ id: 'w1', event: podEvent('MODIFIED', '103') });
    expect(a).toHaveBeenCalledTimes(1);
  });

  it('delivers a batch of events in order, resumes from its last resourceVersion, and drops the rest once a handler stops the watch', () => {
    const { client, last } = setup();
    const seen: string[] = [];
    let stop = (): void => {};
    stop = client.watch(podsParams, (event) => {
      seen.push(`${event.type} ${String(metadataOf(event.object)?.resourceVersion)}`);
      if (event.type === 'DELETED') stop();
    }, () => {});
    last().open();
    last().deliver({ id: 'w1', events: [podEvent('ADDED', '201'), podEvent('MODIFIED', '202')] });
    expect(seen).toEqual(['ADDED 201', 'MODIFIED 202']);
    last().drop();
    vi.runOnlyPendingTimers();
    last().open();
    expect(last().sent).toEqual([{ op: 'watch', id: 'w1', ...podsParams, query: { ...podsParams.query, resourceVersion: '202' }, batch: true }]);
    last().deliver({ id: 'w1', events: [podEvent('DELETED', '203'), podEvent('ADDED', '204')] });
    expect(seen).toEqual(['ADDED 201', 'MODIFIED 202', 'DELETED 203']);
  });

  it('reports a closed watch with its Status and forgets it', () => {
    const onClosed = vi.fn();
    const { last } = setupWatching(undefined, onClosed);
    const status = { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Forbidden', code: 403, message: 'no' };
    last().deliver({ id: 'w1', closed: true, status });
    expect(onClosed).toHaveBeenCalledWith(status);
    last().deliver({ id: 'w1', closed: true, status: null });
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('passes null for a normal close', () => {
    const onClosed = vi.fn();
    const { last } = setupWatching(undefined, onClosed);
    last().deliver({ id: 'w1', closed: true, status: null });
    expect(onClosed).toHaveBeenCalledWith(null);
  });

  it('reconnects with growing jittered backoff and resumes from the last resourceVersion seen', () => {
    const { client, sockets, last } = setup();
    const states: string[] = [];
    client.subscribeState(() => states.push(client.getState()));
    client.watch(podsParams, () => {}, () => {});
    last().open();
    last().deliver({ id: 'w1', event: podEvent('ADDED', '105') });
    last().deliver({ id: 'w1', event: podEvent('BOOKMARK', '110') });
    last().deliver({ id: 'w1', event: { type: 'ERROR', object: { kind: 'Status', code: 500 } } });

    last().drop();
    expect(client.getState()).toBe('reconnecting');
    // attempt 0: ceiling 1000 -> 500 + 0.5 * 500 = 750ms
    expectSocketAfter(sockets, 750, 2);
    // fails again: attempt 1: ceiling 2000 -> 1500ms
    last().drop();
    expectSocketAfter(sockets, 1500, 3);
    last().open();
    expect(client.getState()).toBe('open');
    expect(last().sent).toEqual([
      { op: 'watch', id: 'w1', ...podsParams, query: { resourceVersion: '110', allowWatchBookmarks: 'true' }, batch: true },
    ]);
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('caps the backoff', () => {
    const { client, sockets, last } = setup();
    client.watch(podsParams, () => {}, () => {});
    for (let i = 0; i < 6; i++) {
      last().drop();
      vi.advanceTimersByTime(8000);
    }
    expect(sockets).toHaveLength(7);
    last().drop();
    expectSocketAfter(sockets, 6000, 8);
  });

  it('by default waits at most 2 s between attempts: a restarted kubeglass server is live again at once', () => {
    const sockets: FakeSocket[] = [];
    const client = new WatchClient({ url: 'ws://test/-/ws', createSocket: (url) => sockets[sockets.push(new FakeSocket(url)) - 1]!, random: () => 0.999 });
    client.watch(podsParams, () => {}, () => {});
    // The server is down for 20 s: every attempt fails, none waits more than the cap.
    for (let i = 1; i <= 10; i++) {
      sockets.at(-1)!.drop();
      vi.advanceTimersByTime(DEFAULT_MAX_BACKOFF_MS);
      expect(sockets).toHaveLength(i + 1);
    }
    expect(DEFAULT_MAX_BACKOFF_MS).toBe(2000);
  });

  it('resets the backoff after a successful open', () => {
    const { client, sockets, last } = setup();
    client.watch(podsParams, () => {}, () => {});
    last().drop();
    vi.advanceTimersByTime(750);
    last().drop();
    vi.advanceTimersByTime(1500);
    last().open();
    last().drop();
    vi.advanceTimersByTime(750);
    expect(sockets).toHaveLength(4);
  });

  it('goes idle instead of reconnecting when no watch is active', () => {
    const { client, sockets, last, stop } = setupWatching();
    stop();
    last().drop();
    expect(client.getState()).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('reconnectNow skips the remaining backoff', () => {
    const { client, sockets, last } = setup();
    client.watch(podsParams, () => {}, () => {});
    last().drop();
    client.reconnectNow();
    expect(sockets).toHaveLength(2);
  });

  it("drops managedFields from a Table event's rows, and keeps them on a plain object", () => {
    const seen: unknown[] = [];
    const { client, last } = setupWatching((event) => seen.push(event.object));
    client.watch({ ...podsParams, path: '/api/v1/namespaces/default/pods/web', as: undefined }, (event) => seen.push(event.object), () => {});
    const managedFields = [{ manager: 'kubelet', operation: 'Update', fieldsType: 'FieldsV1', fieldsV1: { 'f:status': {} } }];
    const metadata = () => ({ name: 'web', uid: 'u1', resourceVersion: '101', managedFields });
    last().deliver({ id: 'w1', event: { type: 'MODIFIED', object: { kind: 'Table', metadata: { resourceVersion: '101' }, rows: [{ cells: ['web'], object: { kind: 'PartialObjectMetadata', metadata: metadata() } }] } } });
    last().deliver({ id: 'w2', event: { type: 'MODIFIED', object: { kind: 'Pod', apiVersion: 'v1', metadata: metadata() } } });
    expect(seen).toEqual([
      { kind: 'Table', metadata: { resourceVersion: '101' }, rows: [{ cells: ['web'], object: { kind: 'PartialObjectMetadata', metadata: { name: 'web', uid: 'u1', resourceVersion: '101' } } }] },
      { kind: 'Pod', apiVersion: 'v1', metadata: metadata() },
    ]);
  });

  it('ignores garbage and messages for unknown ids', () => {
    const onEvent = vi.fn();
    const { last } = setupWatching(onEvent);
    last().onmessage?.({ data: 'not json' });
    last().onmessage?.({ data: '{"no":"id"}' });
    last().deliver({ id: 'w9', event: podEvent('ADDED', '1') });
    expect(onEvent).not.toHaveBeenCalled();
  });

  it('dispose closes the socket and stops reconnecting', () => {
    const { client, sockets, last } = setupWatching();
    client.dispose();
    expect(last().closed).toBe(true);
    expect(client.getState()).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });
});
