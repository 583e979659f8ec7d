// Tracks a scroll container and answers which rows to render (fixed row height, overscan).
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { DEFAULT_HEADER_HEIGHT, pageSize, scrollTopFor, virtualWindow, type VirtualWindow } from './virtual-window';

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
  /** False until the container's layout was read: the first render draws only what the window can show. */
  measured: boolean;
}

/** Before the first measure: the window's height bounds the container's, so the rows drawn cover the view. */
function unmeasured(): Measure {
  const viewportHeight = typeof window === 'undefined' ? 0 : window.innerHeight;
  return { scrollTop: 0, viewportHeight, headerHeight: DEFAULT_HEADER_HEIGHT, measured: false };
}

export interface VirtualRows extends VirtualWindow {
  /** Scrolls the least needed to show row `index` entirely. */
  scrollToIndex: (index: number) => void;
  /** Rows a PageUp/PageDown moves. */
  pageRows: number;
}

export function useVirtualRows(containerRef: RefObject<HTMLElement | null>, { count, rowHeight, overscan = 10, headerRef }: VirtualRowsOptions): VirtualRows {
  const [measure, setMeasure] = useState<Measure>(unmeasured);

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
        measured: true,
      };
      setMeasure((prev) =>
        prev.measured && prev.scrollTop === next.scrollTop && prev.viewportHeight === next.viewportHeight && prev.headerHeight === next.headerHeight ? prev : next,
      );
    };
    // Scroll events come once per frame in browsers; reading synchronously keeps rows under the finger.
    const onScroll = () => read();
    // The first read waits for the frame that lays the page out anyway: read now, it would force that whole first
    // layout before the rows are painted, and re-render them before the frame (overscan rows are not in view).
    if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(read);
    else read();
    container.addEventListener('scroll', onScroll, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => (frame ??= requestAnimationFrame(read))) : null;
    observer?.observe(container);
    return () => {
      container.removeEventListener('scroll', onScroll);
      observer?.disconnect();
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [containerRef, headerRef]);

  const range = virtualWindow({ ...measure, rowHeight, count, overscan: measure.measured ? overscan : 0 });

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
