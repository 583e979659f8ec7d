// Which rows of a fixed-row-height list are in view: the math behind useVirtualRows.

export interface VirtualWindowInput {
  /** Scroll offset of the container. */
  scrollTop: number;
  /** Visible height of the container (0 when not laid out: jsdom, hidden tabs). */
  viewportHeight: number;
  /** Height of the sticky header above the first row. */
  headerHeight: number;
  rowHeight: number;
  count: number;
  /** Extra rows rendered above and below the view. */
  overscan: number;
}

export interface VirtualWindow {
  /** First rendered row index (inclusive). */
  start: number;
  /** Last rendered row index (exclusive). */
  end: number;
  /** Height of the spacer before the first rendered row. */
  paddingTop: number;
  /** Height of the spacer after the last rendered row. */
  paddingBottom: number;
}

/** The sticky header's height before it is measured (useVirtualRows). */
export const DEFAULT_HEADER_HEIGHT = 33;

/** Assumed when the container has no layout yet, so something sensible renders before the first measure. */
export const FALLBACK_VIEWPORT_HEIGHT = 1000;

export function virtualWindow(input: VirtualWindowInput): VirtualWindow {
  const { rowHeight, count, overscan, headerHeight } = input;
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0, paddingTop: 0, paddingBottom: 0 };
  const viewport = input.viewportHeight > 0 ? input.viewportHeight : FALLBACK_VIEWPORT_HEIGHT;
  const top = Math.max(0, input.scrollTop);
  const firstVisible = Math.floor(top / rowHeight);
  const visibleCount = Math.ceil(Math.max(0, viewport - headerHeight) / rowHeight) + 1;
  const start = Math.max(0, Math.min(count - 1, firstVisible) - overscan);
  const end = Math.min(count, firstVisible + visibleCount + overscan);
  return { start, end, paddingTop: start * rowHeight, paddingBottom: (count - end) * rowHeight };
}

/** The scrollTop that brings row `index` fully into view with the least movement (unchanged if it already is). */
export function scrollTopFor(index: number, input: Pick<VirtualWindowInput, 'scrollTop' | 'viewportHeight' | 'headerHeight' | 'rowHeight'>): number {
  const rowTop = index * input.rowHeight;
  const rowBottom = rowTop + input.rowHeight;
  const bodyHeight = Math.max(input.rowHeight, input.viewportHeight - input.headerHeight);
  if (rowTop < input.scrollTop) return rowTop;
  if (rowBottom > input.scrollTop + bodyHeight) return rowBottom - bodyHeight;
  return input.scrollTop;
}

/** Rows a PageUp/PageDown moves: one screenful less one row of context. */
export function pageSize(input: Pick<VirtualWindowInput, 'viewportHeight' | 'headerHeight' | 'rowHeight'>): number {
  const viewport = input.viewportHeight > 0 ? input.viewportHeight : FALLBACK_VIEWPORT_HEIGHT;
  return Math.max(1, Math.floor((viewport - input.headerHeight) / input.rowHeight) - 1);
}
