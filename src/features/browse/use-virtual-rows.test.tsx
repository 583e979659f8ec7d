// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useVirtualRows } from './use-virtual-rows';

const ROW = 32;
const HEADER = 33;

function laidOut(clientHeight: number) {
  const container = document.createElement('div');
  const reads = { layout: 0 };
  Object.defineProperty(container, 'clientHeight', { get: () => (reads.layout++, clientHeight) });
  const header = document.createElement('div');
  Object.defineProperty(header, 'offsetHeight', { get: () => (reads.layout++, HEADER) });
  return { containerRef: { current: container }, headerRef: { current: header }, reads };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
  vi.stubGlobal('innerHeight', 800);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useVirtualRows', () => {
  it('first draws the rows the window can show, reads the layout in the next frame, then adds the overscan', () => {
    const { containerRef, headerRef, reads } = laidOut(600);
    const { result } = renderHook(() => useVirtualRows(containerRef, { count: 1000, rowHeight: ROW, overscan: 12, headerRef }));
    // 800 px of window: ceil((800 - 33) / 32) + 1 rows, and no overscan before anything scrolls.
    expect(result.current).toMatchObject({ start: 0, end: 25 });
    expect(reads.layout).toBe(0);
    act(() => vi.advanceTimersToNextFrame());
    expect(reads.layout).toBeGreaterThan(0);
    // The container's 600 px: ceil((600 - 33) / 32) + 1 rows, plus 12 of overscan.
    expect(result.current).toMatchObject({ start: 0, end: 19 + 12, paddingBottom: (1000 - 31) * ROW });
  });

  it('a container that is not laid out keeps the window estimate, with the overscan once read', () => {
    const { containerRef, headerRef } = laidOut(0);
    const { result } = renderHook(() => useVirtualRows(containerRef, { count: 1000, rowHeight: ROW, overscan: 12, headerRef }));
    act(() => vi.advanceTimersToNextFrame());
    // clientHeight 0 (hidden tab): virtualWindow's fallback height, so something sensible renders.
    expect(result.current.end).toBeGreaterThan(25);
  });
});
