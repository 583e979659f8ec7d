import { describe, expect, it } from 'vitest';
import { isLaterResourceVersion } from './resource-version-order';

describe('isLaterResourceVersion', () => {
  it('orders etcd revisions as numbers, not as text', () => {
    expect(isLaterResourceVersion('12', '9')).toBe(true);
    expect(isLaterResourceVersion('9', '12')).toBe(false);
    expect(isLaterResourceVersion('12', '12')).toBe(false);
    expect(isLaterResourceVersion('18446744073709551617', '18446744073709551616')).toBe(true);
  });
  it('knows nothing of what is not a decimal revision', () => {
    expect(isLaterResourceVersion('b', 'a')).toBe(false);
    expect(isLaterResourceVersion('012', '11')).toBe(false);
    expect(isLaterResourceVersion(undefined, '1')).toBe(false);
    expect(isLaterResourceVersion('2', '')).toBe(false);
  });
});
