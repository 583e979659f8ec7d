import { describe, expect, it } from 'vitest';
import { ageSince, humanDuration, rfc3339 } from './duration.js';

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

describe('humanDuration (port of apimachinery HumanDuration)', () => {
  it.each([
    [-3 * s, '<invalid>'],
    [-1500, '0s'],
    [0, '0s'],
    [5 * s, '5s'],
    [119 * s, '119s'],
    [2 * m, '2m'],
    [3 * m + 52 * s, '3m52s'],
    [10 * m + 30 * s, '10m'],
    [179 * m, '179m'],
    [3 * h, '3h'],
    [3 * h + 4 * m, '3h4m'],
    [8 * h + 5 * m, '8h'],
    [47 * h, '47h'],
    [2 * d, '2d'],
    [3 * d + 4 * h, '3d4h'],
    [8 * d, '8d'],
    [2 * 365 * d, '2y'],
    [2 * 365 * d + 40 * d, '2y40d'],
    [9 * 365 * d, '9y'],
  ])('%i ms -> %s', (ms, want) => {
    expect(humanDuration(ms)).toBe(want);
  });

  it('ages a timestamp and marks a missing one <unknown>', () => {
    const now = Date.parse('2026-11-21T22:22:16Z');
    expect(ageSince('2026-11-21T22:18:24Z', now)).toBe('3m52s');
    expect(ageSince(null, now)).toBe('<unknown>');
  });

  it('formats RFC 3339 at second precision', () => {
    expect(rfc3339(Date.parse('2026-11-21T22:18:24.789Z'))).toBe('2026-11-21T22:18:24Z');
  });
});
