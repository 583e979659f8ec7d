import { describe, expect, it } from 'vitest';
import { createSignInBackoff } from './sign-in-backoff.js';

describe('sign-in back-off', () => {
  it('lets 5 failures through, then doubles the wait per failure up to 30 s', () => {
    let now = 0;
    const backoff = createSignInBackoff({ now: () => now });
    for (let i = 0; i < 4; i++) backoff.failed('10.0.0.1');
    expect(backoff.retryAfterSeconds('10.0.0.1')).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      backoff.failed('10.0.0.1');
      waits.push(backoff.retryAfterSeconds('10.0.0.1'));
      now += (waits.at(-1) ?? 0) * 1000;
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 30, 30, 30]);
  });

  it('is per address and reset by a success', () => {
    const backoff = createSignInBackoff({ freeFailures: 1 });
    backoff.failed('10.0.0.1');
    expect(backoff.retryAfterSeconds('10.0.0.1')).toBe(1);
    expect(backoff.retryAfterSeconds('10.0.0.2')).toBe(0);
    backoff.succeeded('10.0.0.1');
    expect(backoff.retryAfterSeconds('10.0.0.1')).toBe(0);
  });

  it('forgets old failures and bounds the addresses it remembers', () => {
    let now = 0;
    const backoff = createSignInBackoff({ freeFailures: 1, forgetAfterMs: 60_000, maxClients: 2, now: () => now });
    backoff.failed('a');
    now = 61_000;
    backoff.failed('a');
    // The first failure was forgotten: this one spends the single free failure again.
    expect(backoff.retryAfterSeconds('a')).toBe(1);
    backoff.failed('b');
    backoff.failed('c');
    expect(backoff.retryAfterSeconds('a')).toBe(0);
    expect(backoff.retryAfterSeconds('c')).toBe(1);
  });
});
