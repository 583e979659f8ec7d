import { describe, expect, it } from 'vitest';
import { ageOf } from './duration';

describe('ageOf', () => {
  it('measures from an RFC 3339 timestamp', () => {
    expect(ageOf('2026-11-21T22:22:18Z', Date.parse('2026-11-21T22:25:15Z'))).toBe('2m57s');
  });

  it('is undefined without a usable timestamp', () => {
    expect(ageOf(null, 0)).toBeUndefined();
    expect(ageOf('not a date', 0)).toBeUndefined();
  });
});
