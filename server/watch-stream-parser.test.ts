import { describe, expect, it } from 'vitest';
import { WatchLineTooLongError, WatchStreamParser } from './watch-stream-parser.js';

const added = (name: string) => JSON.stringify({ type: 'ADDED', object: { metadata: { name } } });

describe('WatchStreamParser', () => {
  it('returns several events delivered in one chunk', () => {
    const parser = new WatchStreamParser();
    expect(parser.push(Buffer.from(`${added('a')}\n${added('b')}\n${added('c')}\n`))).toEqual([added('a'), added('b'), added('c')]);
  });

  it('joins an event split across chunks at every possible byte', () => {
    const body = Buffer.from(`${added('first')}\n${added('second')}\n`);
    for (let cut = 1; cut < body.length; cut++) {
      const parser = new WatchStreamParser();
      const lines = [...parser.push(body.subarray(0, cut)), ...parser.push(body.subarray(cut)), ...parser.end()];
      expect(lines).toEqual([added('first'), added('second')]);
    }
  });

  it('keeps a multi-byte UTF-8 character split between chunks intact', () => {
    const line = JSON.stringify({ type: 'ADDED', object: { data: { greeting: 'grüße 🚀' } } });
    const bytes = Buffer.from(`${line}\n`);
    const rocket = bytes.indexOf(Buffer.from('🚀'));
    const parser = new WatchStreamParser();
    expect(parser.push(bytes.subarray(0, rocket + 2))).toEqual([]);
    expect(parser.push(bytes.subarray(rocket + 2))).toEqual([line]);
  });

  it('skips blank lines and strips CRLF endings', () => {
    const parser = new WatchStreamParser();
    expect(parser.push(`\n${added('a')}\r\n\r\n${added('b')}\n`)).toEqual([added('a'), added('b')]);
  });

  it('returns an unterminated last event on end', () => {
    const parser = new WatchStreamParser();
    expect(parser.push(`${added('a')}\n${added('b')}`)).toEqual([added('a')]);
    expect(parser.end()).toEqual([added('b')]);
    expect(parser.end()).toEqual([]);
  });

  it('refuses a line longer than its limit', () => {
    const parser = new WatchStreamParser(10);
    expect(() => parser.push('01234567890123')).toThrow(WatchLineTooLongError);
  });
});
