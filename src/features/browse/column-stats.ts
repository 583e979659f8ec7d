// What the columns of a growing, changing list hold (all-number cells, longest text), looked at once per row object.
import type { TableRow } from '../../k8s/table';
import { formatCell } from './format-cell';

/** Cell index of the synthesized Namespace column. */
export const NAMESPACE_CELL = -1;

export interface ColumnFacts {
  /** Cell indexes holding only numbers in every row seen ("1,3"): a stable key for memoizing layouts. */
  numericKey: string;
  /** Longest text per cell index (NAMESPACE_CELL for the namespace) as "index:chars,..." : also a stable key. */
  longestKey: string;
}

/**
 * Gathers column facts incrementally: a streamed page or a watch frame costs a pointer comparison
 * per row plus a look at the rows not seen before, instead of formatting every row on every render.
 * Facts only widen while rows change (a column keeps its width and alignment as rows come and go);
 * a list that is mostly new rows (another selector, a re-list) starts them afresh.
 */
export class ColumnStats {
  private seen = new WeakSet<TableRow>();
  private previous: readonly TableRow[] = [];
  private columnCount = 0;
  private nonNumeric = new Set<number>();
  private longest = new Map<number, number>();
  private facts: ColumnFacts = { numericKey: '', longestKey: '' };

  update(rows: readonly TableRow[], columnCount: number): ColumnFacts {
    if (rows === this.previous && columnCount === this.columnCount) return this.facts;
    const fresh: TableRow[] = [];
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as TableRow;
      if (row !== this.previous[i] && !this.seen.has(row)) fresh.push(row);
    }
    const restart = columnCount !== this.columnCount || fresh.length > rows.length / 2;
    if (restart) this.reset(columnCount);
    for (const row of restart ? rows : fresh) this.look(row);
    this.previous = rows;
    this.facts = this.summary(rows.length);
    return this.facts;
  }

  private reset(columnCount: number): void {
    this.seen = new WeakSet();
    this.columnCount = columnCount;
    this.nonNumeric = new Set();
    this.longest = new Map();
  }

  private look(row: TableRow): void {
    if (this.seen.has(row)) return;
    this.seen.add(row);
    this.widen(NAMESPACE_CELL, row.object?.metadata.namespace?.length ?? 0);
    for (let i = 0; i < this.columnCount; i++) {
      const cell = row.cells[i];
      if (typeof cell !== 'number') this.nonNumeric.add(i);
      this.widen(i, typeof cell === 'string' ? cell.length : formatCell(cell).text.length);
    }
  }

  private widen(index: number, chars: number): void {
    if (chars > (this.longest.get(index) ?? 0)) this.longest.set(index, chars);
  }

  private summary(rowCount: number): ColumnFacts {
    const numeric: number[] = [];
    if (rowCount > 0) for (let i = 0; i < this.columnCount; i++) if (!this.nonNumeric.has(i)) numeric.push(i);
    const longest = [...this.longest].sort((a, b) => a[0] - b[0]).map(([index, chars]) => `${index}:${chars}`);
    const facts = { numericKey: numeric.join(','), longestKey: longest.join(',') };
    return facts.numericKey === this.facts.numericKey && facts.longestKey === this.facts.longestKey ? this.facts : facts;
  }
}

/** Longest text per cell index from a ColumnFacts longestKey. */
export function parseLongestKey(key: string): Map<number, number> {
  const longest = new Map<number, number>();
  for (const part of key ? key.split(',') : []) {
    const [index, chars] = part.split(':');
    longest.set(Number(index), Number(chars));
  }
  return longest;
}
