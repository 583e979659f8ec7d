// Where each row of a Table's rows array sits, by uid and by namespace/name, carried from one watch fold to the next.
import { rowMetadata, rowName, type TableColumnDefinition, type TableRow } from './table';

/**
 * Rows in slots that never move: keys point at slots, a deleted row empties its slot, and the rows
 * array is the filled slots in order. So a fold costs O(events) for keys, plus O(slots) of plain
 * pointer and integer work when rows were deleted (no key is recomputed for rows that shift).
 */
export class TableRowIndex {
  private readonly byUid = new Map<string, number>();
  private readonly byName = new Map<string, number>();
  private readonly slots: (TableRow | undefined)[] = [];
  /** Slot -> position in the rows array as of the last `rowsAfterFold` (-1: empty). */
  private positions: number[] = [];
  private empty = 0;
  private changed: number[] = [];
  private removed = false;

  constructor(
    rows: readonly TableRow[],
    readonly columns: readonly TableColumnDefinition[],
  ) {
    rows.forEach((row, slot) => {
      this.slots.push(row);
      this.positions.push(slot);
      this.setKeys(row, slot);
    });
  }

  /** True when as many slots are empty as filled: building afresh pays off. */
  get sparse(): boolean {
    return this.empty > 1024 && this.empty > this.slots.length - this.empty;
  }

  private nameKey(row: TableRow): string {
    return `${rowMetadata(row).namespace ?? ''}/${rowName(row, this.columns)}`;
  }

  private setKeys(row: TableRow, slot: number): void {
    const uid = rowMetadata(row).uid;
    if (uid) this.byUid.set(uid, slot);
    this.byName.set(this.nameKey(row), slot);
  }

  private removeKeys(row: TableRow, slot: number): void {
    const uid = rowMetadata(row).uid;
    if (uid && this.byUid.get(uid) === slot) this.byUid.delete(uid);
    const name = this.nameKey(row);
    if (this.byName.get(name) === slot) this.byName.delete(name);
  }

  /** The slot of this object's row: by uid, else by namespace/name (unique at any resourceVersion: that row is its predecessor). */
  find(row: TableRow): number | undefined {
    const uid = rowMetadata(row).uid;
    const slot = uid ? this.byUid.get(uid) : undefined;
    return slot ?? this.byName.get(this.nameKey(row));
  }

  rowAt(slot: number): TableRow | undefined {
    return this.slots[slot];
  }

  /** Puts `row` in place of the slot's row (a re-created object, new uid, drops the old uid). */
  replace(slot: number, row: TableRow): void {
    const previous = this.slots[slot];
    if (previous && rowMetadata(previous).uid !== rowMetadata(row).uid) this.removeKeys(previous, slot);
    this.slots[slot] = row;
    this.setKeys(row, slot);
    this.changed.push(slot);
  }

  remove(slot: number): void {
    const previous = this.slots[slot];
    if (!previous) return;
    this.removeKeys(previous, slot);
    this.slots[slot] = undefined;
    this.empty++;
    this.removed = true;
  }

  append(row: TableRow): void {
    this.slots.push(row);
    this.positions.push(-1);
    this.setKeys(row, this.slots.length - 1);
  }

  /** The rows array after this fold's changes, given the one before it (not modified). */
  rowsAfterFold(before: readonly TableRow[]): TableRow[] {
    const changed = this.changed;
    this.changed = [];
    if (this.removed) {
      this.removed = false;
      const rows: TableRow[] = [];
      for (let slot = 0; slot < this.slots.length; slot++) {
        const row = this.slots[slot];
        this.positions[slot] = row === undefined ? -1 : rows.length;
        if (row !== undefined) rows.push(row);
      }
      return rows;
    }
    const rows = before.slice();
    for (const slot of changed) {
      const at = this.positions[slot] ?? -1;
      if (at >= 0) rows[at] = this.slots[slot] as TableRow;
    }
    // Slots past those the previous rows filled were appended by this fold.
    for (let slot = rows.length + this.empty; slot < this.slots.length; slot++) {
      const row = this.slots[slot];
      if (row === undefined) continue;
      this.positions[slot] = rows.length;
      rows.push(row);
    }
    return rows;
  }
}

// The index of a rows array, handed from the array a fold read to the array it wrote (never shared by two).
const indexes = new WeakMap<readonly TableRow[], TableRowIndex>();

/** Takes the index of `rows` (building it when none is kept); the caller owns it until it hands it on. */
export function takeRowIndex(rows: readonly TableRow[], columns: readonly TableColumnDefinition[]): TableRowIndex {
  const kept = indexes.get(rows);
  indexes.delete(rows);
  return kept && kept.columns === columns && !kept.sparse ? kept : new TableRowIndex(rows, columns);
}

/** Keeps `index` for the next fold of `rows`. */
export function keepRowIndex(rows: readonly TableRow[], index: TableRowIndex): void {
  indexes.set(rows, index);
}
