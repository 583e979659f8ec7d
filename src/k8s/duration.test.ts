import { describe, expect, it } from 'vitest';
import { ageOf, humanDuration } from './duration';

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

describe('humanDuration (kubectl HumanDuration)', () => {
  it.each([
    [-5 * s, '<invalid>'],
    [-1500, '0s'],
    [0, '0s'],
    [45 * s, '45s'],
    [119 * s, '119s'],
    [2 * m + 57 * s, '2m57s'],
    [5 * m, '5m'],
    [9 * m + 59 * s, '9m59s'],
    [10 * m + 30 * s, '10m'],
    [179 * m, '179m'],
    [3 * h, '3h'],
    [3 * h + 20 * m, '3h20m'],
    [8 * h + 5 * m, '8h'],
    [47 * h, '47h'],
    [2 * d, '2d'],
    [2 * d + 4 * h, '2d4h'],
    [8 * d + 3 * h, '8d'],
    [729 * d, '729d'],
    [730 * d, '2y'],
    [731 * d, '2y1d'],
    [3000 * d, '8y'],
  ])('%d ms -> %s', (ms, expected) => {
    expect(humanDuration(ms)).toBe(expected);
  });
});

describe('ageOf', () => {
  it('measures from an RFC 3339 timestamp', () => {
    expect(ageOf('2026-11-21T22:22:18Z', Date.parse('2026-11-21T22:25:15Z'))).toBe('2m57s');
  });

  it('is undefined without a usable timestamp', () => {
    expect(ageOf(null, 0)).toBeUndefined();
    expect(ageOf('not a date', 0)).toBeUndefined();
  });
});
