import { describe, expect, it } from 'vitest';
import { nextRestartDelay, TERMINAL_WATCH_CODES } from './watch-retry';

describe('nextRestartDelay', () => {
  it('restarts at once three times, then backs off doubling to 30 s', () => {
    let recent: number[] = [];
    const delays: number[] = [];
    for (let i = 0; i < 9; i++) {
      const next = nextRestartDelay(recent, 1_000 + i);
      recent = next.recent;
      delays.push(next.delayMs);
    }
    expect(delays).toEqual([0, 0, 0, 1000, 2000, 4000, 8000, 16000, 30000]);
  });

  it('forgets restarts older than 30 s', () => {
    const { recent, delayMs } = nextRestartDelay([0, 1, 2, 3], 40_000);
    expect(recent).toEqual([40_000]);
    expect(delayMs).toBe(0);
  });
});

describe('TERMINAL_WATCH_CODES', () => {
  it('treats auth and bad requests as final, expiry and server errors as retryable', () => {
    expect([401, 403, 400].every((c) => TERMINAL_WATCH_CODES.has(c))).toBe(true);
    expect([410, 500, 503, 504].some((c) => TERMINAL_WATCH_CODES.has(c))).toBe(false);
  });
});
