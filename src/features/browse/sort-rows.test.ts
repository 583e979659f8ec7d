import { describe, expect, it } from 'vitest';
import type { TableRow } from '../../k8s/table';
import { compareKeys, naturalKey, parseDuration, RowSorter, sortKeyOf, sortKindOf, type SortSpec } from './sort-rows';
import type { VisibleColumn } from './visible-columns';

function column(partial: Partial<VisibleColumn> & { cellIndex: number }): VisibleColumn {
  return { id: `${partial.cellIndex}`, title: 'C', description: '', numeric: false, age: false, name: false, namespace: false, ...partial };
}

function row(name: string, cells: unknown[], created = '2026-01-01T00:00:00Z', namespace = 'default'): TableRow {
  return { cells: [name, ...cells], object: { metadata: { name, namespace, uid: `u-${namespace}-${name}`, creationTimestamp: created } } };
}

const nameCol = column({ cellIndex: 0, name: true, title: 'Name' });
const restartsCol = column({ cellIndex: 1, title: 'Restarts' });
const ageCol = column({ cellIndex: 2, title: 'Age', age: true });
const names = (rows: readonly TableRow[]) => rows.map((r) => r.object?.metadata.name);

describe('sort keys', () => {
  it('orders names naturally: pod-2 < pod-10, case folded', () => {
    const sorted = ['pod-10', 'pod-2', 'Pod-1', 'pod-02b', 'a'].sort((a, b) => compareKeys(naturalKey(a), naturalKey(b)));
    expect(sorted).toEqual(['a', 'Pod-1', 'pod-2', 'pod-02b', 'pod-10']);
  });

  it('types columns from the Table column type and role', () => {
    expect(sortKindOf(restartsCol, 'integer')).toBe('number');
    expect(sortKindOf(column({ cellIndex: 3 }), 'number')).toBe('number');
    expect(sortKindOf(column({ cellIndex: 3 }), 'date')).toBe('date');
    expect(sortKindOf(ageCol, 'string')).toBe('age');
    expect(sortKindOf(nameCol, 'string')).toBe('string');
    expect(sortKindOf(column({ cellIndex: 3, numeric: true }), 'string')).toBe('number');
  });

  it('reads the leading number of "3 (5m ago)" restarts and puts placeholders last', () => {
    expect(sortKeyOf(row('a', ['3 (5m ago)']), restartsCol, 'number')).toBe(3);
    expect(sortKeyOf(row('a', [12]), restartsCol, 'number')).toBe(12);
    expect(sortKeyOf(row('a', [null]), restartsCol, 'number')).toBeNull();
    expect(sortKeyOf(row('a', ['<none>']), column({ cellIndex: 1 }), 'string')).toBeNull();
    expect(compareKeys(null, 1)).toBe(1);
    expect(compareKeys(1, null)).toBe(-1);
  });

  it('sorts dates by time and duration-printed dates by duration', () => {
    const date = column({ cellIndex: 1 });
    expect(sortKeyOf(row('a', ['2026-01-02T00:00:00Z']), date, 'date')).toBe(Date.parse('2026-01-02T00:00:00Z'));
    expect(parseDuration('3h20m')).toBe(3 * 3600 + 20 * 60);
    expect(parseDuration('2d4h')).toBe(2 * 86400 + 4 * 3600);
    expect(parseDuration('Running')).toBeNull();
    // Longer ago sorts earlier.
    expect(compareKeys(sortKeyOf(row('a', ['2d']), date, 'date'), sortKeyOf(row('b', ['5m']), date, 'date'))).toBe(-1);
  });
});

describe('RowSorter', () => {
  const rows = [
    row('pod-10', [0, ''], '2026-01-01T00:00:10Z'),
    row('pod-2', [5, ''], '2026-01-01T00:00:30Z'),
    row('pod-1', [2, ''], '2026-01-01T00:00:20Z'),
    row('pod-3', [2, ''], '2026-01-01T00:00:00Z'),
  ];
  const spec = (c: VisibleColumn, kind: SortSpec['kind'], desc = false): SortSpec => ({ column: c, kind, desc });

  it('sorts numbers numerically both ways, ties by name', () => {
    const sorter = new RowSorter();
    expect(names(sorter.sort(rows, spec(restartsCol, 'number')))).toEqual(['pod-10', 'pod-1', 'pod-3', 'pod-2']);
    expect(names(sorter.sort(rows, spec(restartsCol, 'number', true)))).toEqual(['pod-2', 'pod-1', 'pod-3', 'pod-10']);
  });

  it('sorts Age by creationTimestamp: youngest first ascending', () => {
    expect(names(new RowSorter().sort(rows, spec(ageCol, 'age')))).toEqual(['pod-2', 'pod-1', 'pod-10', 'pod-3']);
  });

  it('keeps the server order without a sort, and answers the same rows from cache', () => {
    const sorter = new RowSorter();
    expect(sorter.sort(rows, null)).toBe(rows);
    const first = sorter.sort(rows, spec(nameCol, 'string'));
    expect(names(first)).toEqual(['pod-1', 'pod-2', 'pod-3', 'pod-10']);
    expect(sorter.sort(rows, spec(nameCol, 'string'))).toBe(first);
    expect(sorter.lastWork).toBe('cached');
  });

  it('merges a few changed rows into the previous order instead of sorting again', () => {
    const many = Array.from({ length: 2000 }, (_, i) => row(`pod-${i}`, [i % 7, '']));
    const sorter = new RowSorter();
    const s = spec(restartsCol, 'number', true);
    sorter.sort(many, s);
    expect(sorter.lastWork).toBe('sorted');
    // A watch frame: one row modified (new object), one deleted, one added.
    const next = [...many];
    next[5] = row('pod-5', [100, '']);
    next.splice(10, 1);
    next.push(row('pod-new', [3, '']));
    const merged = sorter.sort(next, s);
    expect(sorter.lastWork).toBe('merged');
    const fresh = new RowSorter().sort(next, s);
    expect(names(merged)).toEqual(names(fresh));
    expect(names(merged)[0]).toBe('pod-5');
    expect(names(merged)).not.toContain('pod-10');
  });
});
