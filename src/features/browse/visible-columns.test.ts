import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../../testing/fixtures';
import { POD_COLUMNS, POD_WIDE_COLUMNS } from '../../testing/recorded-pod-columns';
import type { Table, TableRow } from '../../k8s/table';
import { ColumnStats } from './column-stats';
import { parseNumericCellKey, visibleColumns } from './visible-columns';

const numericCellKey = (rows: TableRow[], count: number) => new ColumnStats().update(rows, count).numericKey;

const pods = readJsonFixture<Table>('tables/api__v1__pods.json').columnDefinitions;
const configmaps = readJsonFixture<Table>('tables/api__v1__configmaps.json');
const widgets = readJsonFixture<Table>('tables/apis__fx.example.com__v1__widgets.json').columnDefinitions;

describe('visibleColumns', () => {
  it('shows priority 0 columns by default', () => {
    expect(visibleColumns(pods, { wide: false, showNamespace: false }).map((c) => c.title)).toEqual(POD_COLUMNS);
  });

  it('adds priority > 0 columns in wide mode, keeping server order', () => {
    expect(visibleColumns(pods, { wide: true, showNamespace: false }).map((c) => c.title)).toEqual([...POD_COLUMNS, ...POD_WIDE_COLUMNS]);
    const widget = visibleColumns(widgets, { wide: false, showNamespace: false });
    expect(widget.map((c) => [c.title, c.cellIndex])).toEqual([
      ['Name', 0],
      ['Size', 1],
      ['Age', 3],
    ]);
  });

  it('prepends Namespace across namespaces', () => {
    const columns = visibleColumns(pods, { wide: false, showNamespace: true });
    expect(columns.map((c) => c.title)).toEqual(['Namespace', ...POD_COLUMNS]);
    expect(columns[0]).toMatchObject({ namespace: true, cellIndex: -1 });
  });

  it('marks numeric, name and age columns', () => {
    const columns = visibleColumns(pods, { wide: false, showNamespace: false });
    expect(columns.filter((c) => c.numeric).map((c) => c.title)).toEqual(['Restarts']);
    expect(columns.filter((c) => c.name).map((c) => c.title)).toEqual(['Name']);
    expect(columns.filter((c) => c.age).map((c) => c.title)).toEqual(['Age']);
    expect(columns[1]?.description).toBe('The aggregate readiness state of this pod for accepting traffic.');
  });
});

describe('numeric cells', () => {
  it('right-aligns string-typed columns whose cells are all numbers (ConfigMap Data)', () => {
    const key = numericCellKey(configmaps.rows, configmaps.columnDefinitions.length);
    expect(key).toBe('1');
    const columns = visibleColumns(configmaps.columnDefinitions, { wide: false, showNamespace: false, numericCells: parseNumericCellKey(key) });
    expect(columns.map((c) => [c.title, c.numeric])).toEqual([
      ['Name', false],
      ['Data', true],
      ['Age', false],
    ]);
  });

  it('is empty without rows and ignores mixed columns', () => {
    expect(numericCellKey([], 3)).toBe('');
    expect(numericCellKey([{ cells: ['a', 1] }, { cells: ['b', 'two'] }], 2)).toBe('');
    expect(parseNumericCellKey('')).toEqual(new Set());
  });
});
