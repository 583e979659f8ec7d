// Tracks a scroll container and answers which rows to render (fixed row height, overscan).
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { pageSize, scrollTopFor, virtualWindow, type VirtualWindow } from './virtual-window';

export interface VirtualRowsOptions {
  count: number;
  rowHeight: number;
  overscan?: number;
  /** The sticky header inside the container, measured for its height. */
  headerRef: RefObject<HTMLElement | null>;
}

interface Measure {
  scrollTop: number;
  viewportHeight: number;
  headerHeight: number;
}

export interface VirtualRows extends VirtualWindow {
  /** Scrolls the least needed to show row `index` entirely. */
  scrollToIndex: (index: number) => void;
  /** Rows a PageUp/PageDown moves. */
  pageRows: number;
}

const DEFAULT_HEADER_HEIGHT = 33;

export function useVirtualRows(containerRef: RefObject<HTMLElement | null>, { count, rowHeight, overscan = 10, headerRef }: VirtualRowsOptions): VirtualRows {
  const [measure, setMeasure] = useState<Measure>({ scrollTop: 0, viewportHeight: 0, headerHeight: DEFAULT_HEADER_HEIGHT });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let frame: number | null = null;
    const read = () => {
      frame = null;
      const next: Measure = {
        scrollTop: container.scrollTop,
        viewportHeight: container.clientHeight,
        headerHeight: headerRef.current?.offsetHeight || DEFAULT_HEADER_HEIGHT,
      };
      setMeasure((prev) =>
        prev.scrollTop === next.scrollTop && prev.viewportHeight === next.viewportHeight && prev.headerHeight === next.headerHeight ? prev : next,
      );
    };
    // Scroll events come once per frame in browsers; reading synchronously keeps rows under the finger.
    const onScroll = () => read();
    read();
    container.addEventListener('scroll', onScroll, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => (frame ??= requestAnimationFrame(read))) : null;
    observer?.observe(container);
    return () => {
      container.removeEventListener('scroll', onScroll);
      observer?.disconnect();
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [containerRef, headerRef]);

  const range = virtualWindow({ ...measure, rowHeight, count, overscan });

  const scrollToIndex = useCallback(
    (index: number) => {
      const container = containerRef.current;
      if (!container) return;
      const headerHeight = headerRef.current?.offsetHeight || DEFAULT_HEADER_HEIGHT;
      const top = scrollTopFor(index, { scrollTop: container.scrollTop, viewportHeight: container.clientHeight, headerHeight, rowHeight });
      if (top !== container.scrollTop) container.scrollTop = top;
    },
    [containerRef, headerRef, rowHeight],
  );

  return { ...range, scrollToIndex, pageRows: pageSize({ ...measure, rowHeight }) };
}
