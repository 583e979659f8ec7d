import { describe, expect, it } from 'vitest';
import type { TableRow } from '../../k8s/table';
import { ColumnStats, NAMESPACE_CELL, parseLongestKey } from './column-stats';
import { columnWidths } from './column-widths';
import { visibleColumns } from './visible-columns';

const row = (name: string, count: unknown, namespace = 'ns'): TableRow => ({ cells: [name, count], object: { metadata: { name, namespace } } });

describe('ColumnStats', () => {
  it('finds all-number columns and the longest text per cell, namespace included', () => {
    const facts = new ColumnStats().update([row('a', 1, 'default'), row('longer-name', 22)], 2);
    expect(facts.numericKey).toBe('1');
    expect(parseLongestKey(facts.longestKey)).toEqual(
      new Map([
        [NAMESPACE_CELL, 7],
        [0, 11],
        [1, 2],
      ]),
    );
  });

  it('has no numeric columns without rows, and a string cell makes a column text', () => {
    expect(new ColumnStats().update([], 2).numericKey).toBe('');
    expect(new ColumnStats().update([row('a', 1), row('b', 'two')], 2).numericKey).toBe('');
    expect(new ColumnStats().update([row('a', 1), row('b', '2 pods')], 2).numericKey).toBe('');
  });

  it("counts printed as text are numbers: 1.37's pod Restarts", () => {
    expect(new ColumnStats().update([row('a', '0'), row('b', '7 (114m ago)'), row('c', 3)], 2).numericKey).toBe('1');
  });

  it('looks only at rows it has not seen: a streamed page or a watch frame adds to what it knows', () => {
    const stats = new ColumnStats();
    const first = [row('a', 1), row('b', 2), row('c', 3)];
    const before = stats.update(first, 2);
    // Same array again: the same facts object (memoized layouts stay).
    expect(stats.update(first, 2)).toBe(before);
    const grown = [...first, row('a-much-longer-name', 4)];
    expect(parseLongestKey(stats.update(grown, 2).longestKey).get(0)).toBe(18);
    // A frame that changes one row: an unchanged outcome keeps the same facts object.
    const frame = [...grown];
    frame[1] = row('b', 5);
    const after = stats.update(grown, 2);
    expect(stats.update(frame, 2)).toBe(after);
    // A text cell arriving turns the column to text.
    const text = [...frame];
    text[2] = row('c', 'x');
    expect(stats.update(text, 2).numericKey).toBe('');
  });

  it('knows rows it has seen wherever they move: a deleted row shifting the rest starts nothing afresh', () => {
    const stats = new ColumnStats();
    const rows = [row('the-longest-name', 1), row('a', 2), row('b', 3), row('c', 4)];
    stats.update(rows, 2);
    // Every row after the deleted one is at another index, but seen: widths only widen while rows come and go.
    const facts = stats.update(rows.slice(1), 2);
    expect(parseLongestKey(facts.longestKey).get(0)).toBe(16);
    // Another instance (another list of the same rows) looks at them itself.
    expect(parseLongestKey(new ColumnStats().update(rows.slice(1), 2).longestKey).get(0)).toBe(1);
    // A copy of a seen row with other cells is looked at.
    const copy = { ...(rows[1] as TableRow), cells: ['a-longer-name-than-all', 2] };
    expect(parseLongestKey(stats.update([copy, ...rows.slice(2)], 2).longestKey).get(0)).toBe(22);
    // The mark stays out of the row's data.
    expect(JSON.stringify(rows[1])).toBe(JSON.stringify(row('a', 2)));
    expect([...(rows[1] as TableRow).cells]).toEqual(['a', 2]);
  });

  it('looks at each row once while pages join a list, however large a page is', () => {
    const reads = new Map<string, number>();
    const counted = (name: string, count: unknown): TableRow => {
      const cells = [name, count];
      return {
        object: { metadata: { name, namespace: 'ns' } },
        get cells() {
          reads.set(name, (reads.get(name) ?? 0) + 1);
          return cells;
        },
      };
    };
    const stats = new ColumnStats();
    const first = [counted('a-very-long-name', 1)];
    stats.update(first, 2);
    reads.clear();
    // A page three times the rows before it: the rows already seen are not read again.
    const facts = stats.update([...first, counted('b', 2), counted('c', 3), counted('d', 4)], 2);
    expect(reads.get('a-very-long-name')).toBeUndefined();
    expect(facts.numericKey).toBe('1');
    expect(parseLongestKey(facts.longestKey).get(0)).toBe(16);
  });

  it('starts afresh when most rows are new (another selector, a re-list)', () => {
    const stats = new ColumnStats();
    stats.update([row('a-very-long-name-indeed', 'x')], 2);
    const facts = stats.update([row('b', 1), row('c', 2)], 2);
    expect(facts.numericKey).toBe('1');
    expect(parseLongestKey(facts.longestKey).get(0)).toBe(1);
  });

  it('gives widths from the longest text, the header and the clamps', () => {
    const columns = visibleColumns(
      [
        { name: 'Name', type: 'string', format: 'name', description: '', priority: 0 },
        { name: 'Age', type: 'string', format: '', description: '', priority: 0 },
      ],
      { wide: false, showNamespace: true },
    );
    const widths = columnWidths(columns, new Map([[NAMESPACE_CELL, 5], [0, 1000]]));
    expect(widths).toEqual([Math.round(Math.max(56, 9 * 7 + 14 + 26, 5 * 7.4 + 26)), 480, Math.round(Math.max(56, 6 * 7.4 + 26, 3 * 7 + 14 + 26))]);
  });
});
