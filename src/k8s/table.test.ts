import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../testing/fixtures';
import { dropManagedFields, normalizeTable, rowName, type Table } from './table';

describe('rows', () => {
  const table = normalizeTable(readJsonFixture<Table>('tables/api__v1__configmaps.json'));

  it('name a row by its object metadata, else by the name cell', () => {
    const columns = table.columnDefinitions;
    expect(rowName({ cells: ['a', 1, '1s'], object: { metadata: { name: 'from-metadata' } } }, columns)).toBe('from-metadata');
    expect(rowName({ cells: ['b', 1, '1s'] }, columns)).toBe('b');
  });

  it('normalizes null rows and columns', () => {
    const t = normalizeTable({ kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: {}, columnDefinitions: null, rows: null } as unknown as Table);
    expect(t.rows).toEqual([]);
    expect(t.columnDefinitions).toEqual([]);
  });
});

describe('dropManagedFields', () => {
  it('takes managedFields out of row objects and leaves rows without an object alone', () => {
    const rows = [
      { cells: ['a'], object: { metadata: { name: 'a', uid: 'u', managedFields: [{ manager: 'kubectl', operation: 'Update' }] } } },
      { cells: ['b'] },
      { cells: ['c'], object: { metadata: { name: 'c' } } },
    ];
    dropManagedFields(rows);
    expect(rows).toEqual([{ cells: ['a'], object: { metadata: { name: 'a', uid: 'u' } } }, { cells: ['b'] }, { cells: ['c'], object: { metadata: { name: 'c' } } }]);
  });
});
