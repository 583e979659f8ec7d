import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../k8s/request-recorder';
import type { RecordedWatch } from '../../k8s/watch-log';
import { mergeEntries } from './console-entries';
import { matchesWatchFilter } from './request-filter';
import { formatLifetime, watchQueryText, watchStatusText } from './watch-status';

const watch = (overrides: Partial<RecordedWatch> = {}): RecordedWatch => ({
  id: 1, context: 'demo', path: '/api/v1/namespaces/default/pods', query: { labelSelector: 'app=web' }, as: 'Table', startResourceVersion: null,
  lastResourceVersion: null, startedAt: 0, endedAt: null, events: { ADDED: 0, MODIFIED: 0, DELETED: 0, BOOKMARK: 0, ERROR: 0 }, reconnects: 0, expired: 0, end: null,
  ...overrides,
});

describe('watch status', () => {
  it('says open, unwatched, re-listed after a 410, the closing Status, or a plain server close', () => {
    expect(watchStatusText(watch())).toBe('open');
    expect(watchStatusText(watch({ end: { by: 'app' } }))).toBe('unwatched');
    expect(watchStatusText(watch({ end: { by: 'app' }, expired: 1 }))).toBe('410 → re-listed');
    expect(watchStatusText(watch({ end: { by: 'server', code: 410, reason: 'Expired', message: '' } }))).toBe('410 Expired');
    expect(watchStatusText(watch({ end: { by: 'server', code: null, reason: '', message: '' } }))).toBe('closed by server');
  });

  it('formats lifetimes and the query as read', () => {
    expect([850, 12_340, 245_000, 7_380_000].map(formatLifetime)).toEqual(['850 ms', '12.3 s', '4 min 5 s', '2 h 3 min']);
    expect(watchQueryText({ labelSelector: 'a in (x,y)', resourceVersion: '5' })).toBe('labelSelector=a in (x,y)&resourceVersion=5');
  });

  it('filters a watch by WATCH, the class of its closing Status and its text', () => {
    const forbidden = watch({ end: { by: 'server', code: 403, reason: 'Forbidden', message: '' } });
    expect(matchesWatchFilter(watch(), { text: 'app=web', statusClass: null, method: 'WATCH' })).toBe(true);
    expect(matchesWatchFilter(watch(), { text: '', statusClass: null, method: 'GET' })).toBe(false);
    expect(matchesWatchFilter(watch(), { text: '', statusClass: '4xx', method: null })).toBe(false);
    expect(matchesWatchFilter(forbidden, { text: 'forbidden', statusClass: '4xx', method: null })).toBe(true);
    expect(matchesWatchFilter(forbidden, { text: 'secrets', statusClass: null, method: null })).toBe(false);
  });

  it('merges requests and watches newest first', () => {
    const request = (id: number, startedAt: number) => ({ id, startedAt }) as RecordedRequest;
    const keys = mergeEntries([request(3, 30), request(1, 10)], [watch({ id: 2, startedAt: 20 }), watch({ id: 1, startedAt: 5 })]).map((e) => e.key);
    expect(keys).toEqual(['r3', 'w2', 'r1', 'w1']);
  });
});
