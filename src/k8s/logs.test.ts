import { describe, expect, it } from 'vitest';
import { findMatches, LineAssembler, LOG_DEFAULTS, logFileName, markMatches, podLogQueryFromSearch, podLogSearch, ResumeCursor, splitTimestamp, timeKey, wholeSecond } from './logs';

describe('log query in the URL', () => {
  it('round-trips the options and ignores bad numbers', () => {
    const q = podLogQueryFromSearch('?container=web&previous=true&timestamps=true&sinceSeconds=300&tailLines=50&follow=true');
    expect(q).toEqual({ container: 'web', previous: true, timestamps: true, sinceSeconds: 300, tailLines: 50, follow: true });
    expect(podLogSearch(q)).toBe('?container=web&previous=true&timestamps=true&sinceSeconds=300&tailLines=50&follow=true');
    expect(podLogQueryFromSearch('?tailLines=-3&sinceSeconds=x')).toEqual({ container: '', previous: false, timestamps: false, tailLines: 1000, follow: true });
  });

  it('opens at the last 1,000 lines, following, where the URL does not say', () => {
    expect(LOG_DEFAULTS).toEqual({ follow: true, tailLines: 1000 });
    expect(podLogQueryFromSearch('')).toEqual({ container: '', previous: false, timestamps: false, tailLines: 1000, follow: true });
  });

  it("takes the reader's defaults where the URL does not say, and the URL's word over them", () => {
    const reader = { follow: false, tailLines: undefined };
    expect(podLogQueryFromSearch('', reader)).toEqual({ container: '', previous: false, timestamps: false, follow: false });
    expect(podLogQueryFromSearch('?follow=true&tailLines=100', reader)).toMatchObject({ follow: true, tailLines: 100 });
    expect(podLogQueryFromSearch('?follow=false&tailLines=-1')).toEqual({ container: '', previous: false, timestamps: false, follow: false });
  });

  it('always writes follow and tailLines, every line as -1 (kubectl --tail=-1)', () => {
    const all = podLogQueryFromSearch('?follow=false&tailLines=-1');
    expect(podLogSearch(all)).toBe('?tailLines=-1&follow=false');
    expect(podLogQueryFromSearch(podLogSearch(all), LOG_DEFAULTS)).toEqual(all);
    expect(podLogSearch(podLogQueryFromSearch(''), { all: 'true' })).toBe('?all=true&tailLines=1000&follow=true');
  });
});

describe('lines from a stream', () => {
  it('assembles lines across chunks, strips CR, keeps a last line cut without newline', () => {
    const a = new LineAssembler();
    expect(a.push('one\ntw')).toEqual(['one']);
    expect(a.push('o\r\nthr')).toEqual(['two']);
    expect(a.push('ee')).toEqual([]);
    expect(a.flush()).toEqual(['three']);
    expect(a.flush()).toEqual([]);
  });

  it('splits the kubelet timestamp off', () => {
    expect(splitTimestamp('2026-11-24T20:24:39.123456789Z GET / 200')).toEqual({ ts: '2026-11-24T20:24:39.123456789Z', text: 'GET / 200' });
    expect(splitTimestamp('no stamp here')).toEqual({ ts: null, text: 'no stamp here' });
  });

  it('orders times by value, not by string, whatever the fraction length or offset', () => {
    const a = timeKey('2026-11-24T20:24:05.1Z') ?? '';
    const b = timeKey('2026-11-24T20:24:05.09Z') ?? '';
    expect(a > b).toBe(true);
    expect(timeKey('2026-11-24T21:24:05+01:00')).toBe(timeKey('2026-11-24T20:24:05Z'));
    expect(timeKey('yesterday')).toBeNull();
    expect(wholeSecond('2026-11-24T20:24:05.999999999Z')).toBe('2026-11-24T20:24:05Z');
  });
});

describe('ResumeCursor', () => {
  const line = (ts: string, text: string) => ({ ts, text });

  it('a resume drops what was shown, including lines that share the last timestamp, and keeps the rest', () => {
    const c = new ResumeCursor();
    const firstRead = [line('2026-01-01T00:00:04.5Z', 'a'), line('2026-01-01T00:00:05.2Z', 'b'), line('2026-01-01T00:00:05.2Z', 'c')];
    expect(firstRead.map((l) => c.admit(l))).toEqual([true, true, true]);
    expect(c.sinceTime()).toBe('2026-01-01T00:00:05Z');
    c.resume();
    // The server replays from 00:00:05: b and c again (same order), then a third line at the same time, then new ones.
    const replay = [line('2026-01-01T00:00:05.1Z', 'x-before'), line('2026-01-01T00:00:05.2Z', 'b'), line('2026-01-01T00:00:05.2Z', 'c'), line('2026-01-01T00:00:05.2Z', 'd'), line('2026-01-01T00:00:06Z', 'e')];
    expect(replay.filter((l) => c.admit(l)).map((l) => l.text)).toEqual(['d', 'e']);
    c.resume();
    expect([line('2026-01-01T00:00:06Z', 'e'), line('2026-01-01T00:00:07Z', 'f')].filter((l) => c.admit(l)).map((l) => l.text)).toEqual(['f']);
  });

  it('before any timestamp there is no resume point', () => {
    const c = new ResumeCursor();
    expect(c.sinceTime()).toBeNull();
    c.resume();
    expect(c.admit({ ts: null, text: 'plain' })).toBe(true);
  });
});

describe('search', () => {
  it('finds case-insensitive, non-overlapping matches', () => {
    expect(findMatches('GET /api get /GET', 'get')).toEqual([{ start: 0, end: 3 }, { start: 9, end: 12 }, { start: 14, end: 17 }]);
    expect(findMatches('aaaa', 'aa')).toEqual([{ start: 0, end: 2 }, { start: 2, end: 4 }]);
    expect(findMatches('abc', '')).toEqual([]);
  });

  it('cuts styled spans at match boundaries', () => {
    const spans = [{ text: 'INFO', cls: 'g' }, { text: ' ready now', cls: '' }];
    const marked = markMatches(spans, findMatches('INFO ready now', 'o re'));
    expect(marked).toEqual([
      { text: 'INF', cls: 'g', match: false },
      { text: 'O', cls: 'g', match: true },
      { text: ' re', cls: '', match: true },
      { text: 'ady now', cls: '', match: false },
    ]);
    expect(marked.map((s) => s.text).join('')).toBe('INFO ready now');
  });

  it('a download is named after the pod and container', () => {
    expect(logFileName('web-1', 'nginx', new Date('2026-01-01T00:00:00Z'))).toBe('web-1_nginx_2026-01-01T00-00-00-000Z.log');
  });
});
