// Where each log line sits in the scroll area: one row a line, or, when wrapping, as many rows as its text
// needs at the view's width (monospace, so the count is exact). Only the lines in view are rendered.

export interface LogLayout {
  /** Top of line i in rows; tops[n] is the total. */
  tops: Int32Array;
  /** Characters of the longest line (the width of the unwrapped view). */
  longest: number;
}

/** The layout of lines of these lengths; `columns` 0 means no wrapping. */
export function logLayout(lengths: ArrayLike<number>, columns: number): LogLayout {
  const n = lengths.length;
  const tops = new Int32Array(n + 1);
  let longest = 0;
  for (let i = 0; i < n; i++) {
    const len = lengths[i] ?? 0;
    if (len > longest) longest = len;
    const rows = columns > 0 ? Math.max(1, Math.ceil(len / columns)) : 1;
    tops[i + 1] = (tops[i] ?? 0) + rows;
  }
  return { tops, longest };
}

/** The index of the line at row `row` (binary search over tops). */
export function lineAtRow(tops: Int32Array, row: number): number {
  let lo = 0;
  let hi = tops.length - 2;
  if (hi < 0) return 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((tops[mid] ?? 0) <= row) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The lines to render for a scroll position: [start, end) with overscan. */
export function visibleLines(tops: Int32Array, scrollTop: number, viewportHeight: number, rowHeight: number, overscan = 20): { start: number; end: number } {
  const count = tops.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  const first = lineAtRow(tops, Math.floor(Math.max(0, scrollTop) / rowHeight));
  const last = lineAtRow(tops, Math.ceil((Math.max(0, scrollTop) + Math.max(viewportHeight, rowHeight)) / rowHeight));
  return { start: Math.max(0, first - overscan), end: Math.min(count, last + 1 + overscan) };
}
