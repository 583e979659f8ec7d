import { describe, expect, it } from 'vitest';
import { count } from './format-count';

describe('count', () => {
  it.each([0, 1, 999, 1000, 12_345, 50_000, 999_999, 1_000_000, 123_456_789])('prints %i as toLocaleString("en-US") does', (n) => {
    expect(count(n)).toBe(n.toLocaleString('en-US'));
  });
});
