// What the columns of a growing, changing list hold (all-number cells, longest text), looked at once per row object.
import type { TableRow } from '../../k8s/table';
import { formatCell } from './format-cell';

/** A count printed as text: 1.37's pod Restarts ("0", "3 (5m ago)") in a string column. */
const COUNT_TEXT = /^\d+(?: \([^()]+ ago\))?$/;

/** Cell index of the synthesized Namespace column. */
export const NAMESPACE_CELL = -1;

export interface ColumnFacts {
  /** Cell indexes holding only numbers (or counts as text) in every row seen ("1,3"): a stable key for memoizing layouts. */
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
/**
 * Marks a row's cells as looked at by one ColumnStats generation (the value is that generation's token). A property
 * of the cells array, not a WeakSet of rows: 50,000 WeakSet entries cost ~13 ms in Node, more in a cold tab, and the
 * GC their ephemerons. On the cells, not the row, so that a copy of a row with other cells (`{ ...row, cells }`) is
 * looked at; a symbol key stays out of JSON and of the array's elements. Cells marked by another instance are only
 * looked at again.
 */
const LOOKED = Symbol('kubeglass.columnStats.looked');
type MarkedCells = TableRow['cells'] & { [LOOKED]?: object };
const cellsOf = (row: TableRow): MarkedCells => row.cells;

export class ColumnStats {
  private generation: object = {};
  private previous: readonly TableRow[] = [];
  private columnCount = 0;
  /** Per cell index: true once a cell there is not a number. Arrays, not a Set and a Map: ~2x less per cell. */
  private nonNumeric: boolean[] = [];
  private longest: number[] = [];
  private longestNamespace = 0;
  private facts: ColumnFacts = { numericKey: '', longestKey: '' };

  update(rows: readonly TableRow[], columnCount: number): ColumnFacts {
    if (rows === this.previous && columnCount === this.columnCount) return this.facts;
    const fresh: TableRow[] = [];
    const previous = this.previous;
    // Pages joining a list keep its rows before them: however many they add, that is no new list (restarting there
    // looked at 12,000 rows again and again while a 50,000-row list streamed in).
    const appended = previous.length > 0 && rows.length > previous.length && rows[0] === previous[0] && rows[previous.length - 1] === previous[previous.length - 1];
    const joined = appended ? previous.length : rows.length;
    for (let i = 0; i < joined; i++) {
      const row = rows[i] as TableRow;
      if (row !== previous[i] && cellsOf(row)[LOOKED] !== this.generation) fresh.push(row);
    }
    // The joined rows are new to this list: look() skips one it has seen, without a second miss on its mark here.
    for (let i = joined; i < rows.length; i++) fresh.push(rows[i] as TableRow);
    const restart = columnCount !== this.columnCount || (fresh.length > rows.length / 2 && !appended);
    if (restart) this.reset(columnCount);
    const looked = restart ? rows : fresh;
    for (let i = 0; i < looked.length; i++) this.look(looked[i] as TableRow);
    this.previous = rows;
    this.facts = this.summary(rows.length);
    return this.facts;
  }

  private reset(columnCount: number): void {
    this.generation = {};
    this.columnCount = columnCount;
    this.nonNumeric = new Array<boolean>(columnCount).fill(false);
    this.longest = new Array<number>(columnCount).fill(0);
    this.longestNamespace = 0;
  }

  private look(row: TableRow): void {
    const cells = cellsOf(row);
    if (cells[LOOKED] === this.generation) return;
    cells[LOOKED] = this.generation;
    const namespace = row.object?.metadata.namespace?.length ?? 0;
    if (namespace > this.longestNamespace) this.longestNamespace = namespace;
    const { nonNumeric, longest } = this;
    for (let i = 0; i < this.columnCount; i++) {
      const cell = cells[i];
      if (typeof cell !== 'number' && !(typeof cell === 'string' && COUNT_TEXT.test(cell))) nonNumeric[i] = true;
      const chars = typeof cell === 'string' ? cell.length : typeof cell === 'number' ? String(cell).length : formatCell(cell).text.length;
      if (chars > (longest[i] as number)) longest[i] = chars;
    }
  }

  private summary(rowCount: number): ColumnFacts {
    const numeric: number[] = [];
    if (rowCount > 0) for (let i = 0; i < this.columnCount; i++) if (!this.nonNumeric[i]) numeric.push(i);
    const longest: string[] = this.longestNamespace > 0 ? [`${NAMESPACE_CELL}:${this.longestNamespace}`] : [];
    this.longest.forEach((chars, index) => {
      if (chars > 0) longest.push(`${index}:${chars}`);
    });
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
