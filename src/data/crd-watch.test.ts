import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WireWatchEvent } from '../../wire/ws-protocol';
import { FakeWatchChannel } from '../testing/fake-watch-channel';
import { watchCrds } from './crd-watch';

const CRD_PATH = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const crdList = (rv: string) => json({ kind: 'CustomResourceDefinitionList', apiVersion: 'apiextensions.k8s.io/v1', metadata: { resourceVersion: rv }, items: [] });
const failure = (code: number, reason: string) => json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason, code, message: reason }, code);

/** A CRD change as a Table watch event carries it: one row, the Table's resourceVersion. */
function crdEvent(type: WireWatchEvent['type'], rv: string): WireWatchEvent {
  return { type, object: { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: { resourceVersion: rv }, rows: [{ cells: ['gadgets.fx.example.com'], object: { metadata: { name: 'gadgets.fx.example.com' } } }] } };
}

let lists: Response[];
let listUrls: string[];

function start() {
  const channel = new FakeWatchChannel();
  const onChange = vi.fn();
  const stop = watchCrds({ context: 'demo', watchClient: channel, onChange, debounceMs: 300 });
  return { channel, onChange, stop };
}

/** Lets pending lists answer and restarts due now run (a zero delay set inside a timer counts as 1 ms). */
async function settle(): Promise<void> {
  for (let round = 0; round < 5; round++) await vi.advanceTimersByTimeAsync(1);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  lists = [];
  listUrls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      listUrls.push(url);
      const next = lists.shift();
      return next ? Promise.resolve(next) : Promise.reject(new Error('unexpected list'));
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('watchCrds', () => {
  it('lists one item for the resourceVersion, watches from it, and reports changes debounced (bookmarks are none)', async () => {
    lists.push(crdList('77'));
    const { channel, onChange } = start();
    await settle();
    expect(listUrls).toEqual([`/k8s/demo${CRD_PATH}?limit=1`]);
    expect(channel.active(CRD_PATH).params).toEqual({ context: 'demo', path: CRD_PATH, query: { allowWatchBookmarks: 'true', resourceVersion: '77' }, as: 'Table' });

    channel.send(crdEvent('BOOKMARK', '78'));
    await vi.advanceTimersByTimeAsync(300);
    expect(onChange).not.toHaveBeenCalled();

    channel.send(crdEvent('ADDED', '79'));
    channel.send(crdEvent('MODIFIED', '80'));
    await vi.advanceTimersByTimeAsync(299);
    expect(onChange).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onChange).toHaveBeenCalledTimes(1);

    channel.send(crdEvent('DELETED', '81'));
    await vi.advanceTimersByTimeAsync(300);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('resumes a normally closed watch from the last resourceVersion it saw, without listing again', async () => {
    lists.push(crdList('77'));
    const { channel, onChange } = start();
    await settle();
    channel.send(crdEvent('BOOKMARK', '90'));
    await vi.advanceTimersByTimeAsync(5_000);
    channel.active(CRD_PATH).onClosed(null);
    await settle();
    expect(channel.active(CRD_PATH).params.query?.resourceVersion).toBe('90');
    expect(listUrls).toHaveLength(1);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('lists again after an ERROR event and reports a change, since events may have been lost', async () => {
    lists.push(crdList('77'), crdList('120'));
    const { channel, onChange } = start();
    await settle();
    channel.send({ type: 'ERROR', object: { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Expired', code: 410, message: 'too old resource version' } });
    await settle();
    expect(listUrls).toHaveLength(2);
    expect(channel.active(CRD_PATH).params.query?.resourceVersion).toBe('120');
    await vi.advanceTimersByTimeAsync(300);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('stops quietly on a final Status: a 403 list or a watch closed with 403', async () => {
    lists.push(failure(403, 'Forbidden'));
    const forbidden = start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(forbidden.channel.watches).toHaveLength(0);
    expect(listUrls).toHaveLength(1);

    lists.push(crdList('77'));
    const refused = start();
    await settle();
    refused.channel.active(CRD_PATH).onClosed({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Forbidden', code: 403, message: 'forbidden' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refused.channel.watches).toHaveLength(1);
    expect(listUrls).toHaveLength(2);
    expect(refused.onChange).not.toHaveBeenCalled();
  });

  it('lists again after a failure that may pass (503), by the shared restart delays', async () => {
    for (let i = 0; i < 4; i++) lists.push(failure(503, 'ServiceUnavailable'));
    lists.push(crdList('77'));
    const { channel } = start();
    // Three restarts at once, then one after 1 s (watch-retry's nextRestartDelay).
    await settle();
    expect(listUrls).toHaveLength(4);
    expect(channel.watches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(900);
    expect(listUrls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(100);
    await settle();
    expect(listUrls).toHaveLength(5);
    expect(channel.active(CRD_PATH).params.query?.resourceVersion).toBe('77');
  });

  it('stop ends the watch and drops a pending change', async () => {
    lists.push(crdList('77'));
    const { channel, onChange, stop } = start();
    await settle();
    const watch = channel.active(CRD_PATH);
    channel.send(crdEvent('ADDED', '78'));
    stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(watch.stopped).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });
});
