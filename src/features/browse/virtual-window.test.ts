import { describe, expect, it } from 'vitest';
import { FALLBACK_VIEWPORT_HEIGHT, pageSize, scrollTopFor, virtualWindow } from './virtual-window';

const base = { rowHeight: 32, headerHeight: 32, overscan: 5, viewportHeight: 332, count: 50_000 };

describe('virtualWindow', () => {
  it('renders the rows in view plus overscan, with spacers for the rest', () => {
    const w = virtualWindow({ ...base, scrollTop: 0 });
    // 300px of body = 9.4 rows -> 10 visible + 1 partial, + 5 overscan below.
    expect(w).toEqual({ start: 0, end: 16, paddingTop: 0, paddingBottom: (50_000 - 16) * 32 });
  });

  it('follows the scroll position', () => {
    const w = virtualWindow({ ...base, scrollTop: 32 * 1000 + 10 });
    expect(w.start).toBe(995);
    expect(w.end).toBe(1000 + 11 + 5);
    expect(w.paddingTop + (w.end - w.start) * 32 + w.paddingBottom).toBe(50_000 * 32);
  });

  it('clamps at the end and for short or empty lists', () => {
    const end = virtualWindow({ ...base, scrollTop: 50_000 * 32 });
    expect(end.end).toBe(50_000);
    expect(end.start).toBe(50_000 - 1 - 5);
    expect(end.paddingBottom).toBe(0);
    expect(virtualWindow({ ...base, count: 3, scrollTop: 0 })).toEqual({ start: 0, end: 3, paddingTop: 0, paddingBottom: 0 });
    expect(virtualWindow({ ...base, count: 0, scrollTop: 0 })).toEqual({ start: 0, end: 0, paddingTop: 0, paddingBottom: 0 });
  });

  it('assumes a viewport before layout (jsdom, hidden tab)', () => {
    const w = virtualWindow({ ...base, viewportHeight: 0, scrollTop: 0 });
    expect(w.end).toBe(Math.ceil((FALLBACK_VIEWPORT_HEIGHT - 32) / 32) + 1 + 5);
  });
});

describe('scrollTopFor and pageSize', () => {
  const view = { rowHeight: 32, headerHeight: 32, viewportHeight: 332 };
  it('scrolls the least to show a row fully below the sticky header', () => {
    expect(scrollTopFor(3, { ...view, scrollTop: 0 })).toBe(0);
    expect(scrollTopFor(20, { ...view, scrollTop: 0 })).toBe(21 * 32 - 300);
    expect(scrollTopFor(2, { ...view, scrollTop: 320 })).toBe(64);
  });
  it('pages by a screenful less one row', () => {
    expect(pageSize(view)).toBe(8);
  });
});
