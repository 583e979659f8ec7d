import { describe, expect, it } from 'vitest';
import { acceptedCodings } from './static.js';

describe('acceptedCodings', () => {
  it('reads codings, ignoring case, spaces and weights, and drops those with q=0', () => {
    expect([...acceptedCodings('gzip, deflate, br, zstd')]).toEqual(['gzip', 'deflate', 'br', 'zstd']);
    expect([...acceptedCodings('BR;q=0.5, gzip;q=0')]).toEqual(['br']);
    expect([...acceptedCodings('br;q=0.000, gzip; q=1')]).toEqual(['gzip']);
    expect(acceptedCodings(undefined).size).toBe(0);
    expect(acceptedCodings('').size).toBe(0);
  });
});
