// Column widths from content, so a virtualized table keeps its columns still while rows come and go.
import type { TableRow } from '../../k8s/table';
import { formatCell } from './format-cell';
import type { VisibleColumn } from './visible-columns';

const CHAR_PX = 7.4;
const HEADER_CHAR_PX = 7;
const PADDING_PX = 26;
const SORT_ICON_PX = 14;
const MIN_PX = 56;
const MAX_PX = 480;
const AGE_CHARS = 6;
// Enough rows to see the long values without walking 50,000 on every watch frame.
const SAMPLE = 4000;

/** Pixel width per column: the longest cell (sampled evenly over large lists) or header, clamped. */
export function columnWidths(rows: readonly TableRow[], columns: readonly VisibleColumn[]): number[] {
  const step = Math.max(1, Math.floor(rows.length / SAMPLE));
  return columns.map((column) => {
    let chars = column.age ? AGE_CHARS : 0;
    if (!column.age) {
      for (let i = 0; i < rows.length; i += step) {
        const row = rows[i] as TableRow;
        const text = column.namespace ? (row.object?.metadata.namespace ?? '') : formatCell(row.cells[column.cellIndex]).text;
        if (text.length > chars) chars = text.length;
      }
    }
    const header = column.title.length * HEADER_CHAR_PX + SORT_ICON_PX;
    return Math.round(Math.min(MAX_PX, Math.max(MIN_PX, chars * CHAR_PX + PADDING_PX, header + PADDING_PX)));
  });
}
