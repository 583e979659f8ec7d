// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flash } from './flash';

afterEach(() => vi.useRealTimers());

describe('flash', () => {
  it('marks the row, alternates the mark on a change mid-flash (restarting the animation) and clears it after', () => {
    vi.useFakeTimers();
    const row = document.createElement('tr');
    const layoutReads = vi.spyOn(row, 'offsetWidth', 'get');
    flash(row);
    expect(row.getAttribute('data-flash')).toBe('a');
    const cancel = flash(row);
    expect(row.getAttribute('data-flash')).toBe('b');
    vi.advanceTimersByTime(1600);
    expect(row.hasAttribute('data-flash')).toBe(false);
    cancel();
    expect(layoutReads).not.toHaveBeenCalled();
  });
});
