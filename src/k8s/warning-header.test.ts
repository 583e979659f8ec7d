import { describe, expect, it } from 'vitest';
import { parseWarningHeader } from './warning-header';

describe('parseWarningHeader', () => {
  it('returns nothing for a missing header', () => {
    expect(parseWarningHeader(null)).toEqual([]);
    expect(parseWarningHeader('')).toEqual([]);
  });

  it('parses one 299 warning', () => {
    expect(parseWarningHeader('299 - "unknown field \\"spec.foo\\""')).toEqual(['unknown field "spec.foo"']);
  });

  it('parses several comma-joined warnings, commas inside quotes included', () => {
    const header = '299 - "batch/v1beta1 CronJob is deprecated, use batch/v1", 299 - "second"';
    expect(parseWarningHeader(header)).toEqual(['batch/v1beta1 CronJob is deprecated, use batch/v1', 'second']);
  });

  it('accepts an optional date after the text', () => {
    expect(parseWarningHeader('299 - "text" "Sat, 21 Nov 2026 22:00:00 GMT", 299 - "b"')).toEqual(['text', 'b']);
  });

  it('skips non-299 codes and malformed entries', () => {
    expect(parseWarningHeader('199 - "misc", garbage, 299 - "kept"')).toEqual(['kept']);
    expect(parseWarningHeader('299 - unquoted')).toEqual([]);
  });
});
