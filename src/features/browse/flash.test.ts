// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FADE_MS, FLASH_MS, flash } from './flash';

afterEach(() => vi.useRealTimers());

describe('flash', () => {
  it('marks the row, fades it at the end and clears it, without reading layout', () => {
    vi.useFakeTimers();
    const row = document.createElement('tr');
    const layoutReads = vi.spyOn(row, 'offsetWidth', 'get');
    flash(row);
    expect(row.getAttribute('data-flash')).toBe('on');
    vi.advanceTimersByTime(FLASH_MS - FADE_MS);
    expect(row.getAttribute('data-flash')).toBe('fading');
    vi.advanceTimersByTime(FADE_MS);
    expect(row.hasAttribute('data-flash')).toBe(false);
    expect(layoutReads).not.toHaveBeenCalled();
  });

  it('a change to a marked row moves its end without touching the DOM (a storm costs no restyle per event)', () => {
    vi.useFakeTimers();
    const row = document.createElement('tr');
    flash(row);
    const writes = vi.spyOn(row, 'setAttribute');
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(500);
      flash(row);
    }
    expect(writes).not.toHaveBeenCalled();
    expect(row.getAttribute('data-flash')).toBe('on');
    vi.advanceTimersByTime(FLASH_MS - FADE_MS);
    expect(row.getAttribute('data-flash')).toBe('fading');
    vi.advanceTimersByTime(FADE_MS);
    expect(row.hasAttribute('data-flash')).toBe(false);
  });

  it('a change while fading marks the row again and keeps it marked for a whole flash', () => {
    vi.useFakeTimers();
    const row = document.createElement('tr');
    flash(row);
    vi.advanceTimersByTime(FLASH_MS - FADE_MS + 100);
    expect(row.getAttribute('data-flash')).toBe('fading');
    flash(row);
    expect(row.getAttribute('data-flash')).toBe('on');
    vi.advanceTimersByTime(FLASH_MS - FADE_MS - 1);
    expect(row.getAttribute('data-flash')).toBe('on');
    vi.advanceTimersByTime(FADE_MS + 1);
    expect(row.hasAttribute('data-flash')).toBe(false);
  });
});
