// Client-side text filter: a row matches when any visible cell contains the text (case-insensitive).
import type { TableRow } from '../../k8s/table';
import { formatCell } from './format-cell';
import type { VisibleColumn } from './visible-columns';

/**
 * Filters rows, caching each row's searchable text per row object (rows keep their identity across
 * watch folds), so a keystroke or a watch frame costs one `includes` per row. Age is left out: it
 * is computed live and would match a different set every second.
 */
export class RowFilter {
  private haystacks = new WeakMap<TableRow, string>();
  private signature = '';
  private lastRows: readonly TableRow[] | null = null;
  private lastNeedle = '';
  private lastOutput: readonly TableRow[] = [];

  filter(rows: readonly TableRow[], columns: readonly VisibleColumn[], text: string): readonly TableRow[] {
    const needle = text.trim().toLowerCase();
    if (!needle) return rows;
    const signature = columns.map((c) => c.id).join('|');
    if (signature !== this.signature) {
      this.signature = signature;
      this.haystacks = new WeakMap();
      this.lastRows = null;
    }
    if (rows === this.lastRows && needle === this.lastNeedle) return this.lastOutput;
    const searchable = columns.filter((c) => !c.age);
    const output = rows.filter((row) => this.haystack(row, searchable).includes(needle));
    this.lastRows = rows;
    this.lastNeedle = needle;
    this.lastOutput = output;
    return output;
  }

  private haystack(row: TableRow, columns: readonly VisibleColumn[]): string {
    let text = this.haystacks.get(row);
    if (text === undefined) {
      text = columns
        .map((c) => (c.namespace ? (row.object?.metadata.namespace ?? '') : formatCell(row.cells[c.cellIndex]).text))
        .join('\u0000')
        .toLowerCase();
      this.haystacks.set(row, text);
    }
    return text;
  }
}
