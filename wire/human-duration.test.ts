import { describe, expect, it } from 'vitest';
import { humanDuration } from './human-duration.js';

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
    [-3 * s, '<invalid>'],
    [5 * s, '5s'],
    [2 * m, '2m'],
    [3 * m + 52 * s, '3m52s'],
    [3 * h + 4 * m, '3h4m'],
    [3 * d + 4 * h, '3d4h'],
    [8 * d, '8d'],
    [2 * 365 * d, '2y'],
    [2 * 365 * d + 40 * d, '2y40d'],
    [9 * 365 * d, '9y'],
  ])('%d ms -> %s', (ms, expected) => {
    expect(humanDuration(ms)).toBe(expected);
  });
});
