// Column widths from content, so a virtualized table keeps its columns still while rows come and go.
import { NAMESPACE_CELL } from './column-stats';
import type { VisibleColumn } from './visible-columns';

const CHAR_PX = 7.4;
const HEADER_CHAR_PX = 7;
const PADDING_PX = 26;
const SORT_ICON_PX = 14;
const MIN_PX = 56;
const MAX_PX = 480;
const AGE_CHARS = 6;

/** Pixel width per column: the longest cell (by cell index, from ColumnStats) or header, clamped. */
export function columnWidths(columns: readonly VisibleColumn[], longest: ReadonlyMap<number, number>): number[] {
  return columns.map((column) => {
    const chars = column.age ? AGE_CHARS : (longest.get(column.namespace ? NAMESPACE_CELL : column.cellIndex) ?? 0);
    const header = column.title.length * HEADER_CHAR_PX + SORT_ICON_PX;
    return Math.round(Math.min(MAX_PX, Math.max(MIN_PX, chars * CHAR_PX + PADDING_PX, header + PADDING_PX)));
  });
}
