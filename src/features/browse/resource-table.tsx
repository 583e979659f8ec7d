import { useEffect, useMemo, useRef } from 'react';
import { rowName, tableRowKey, type Table } from '../../k8s/table';
import { ResourceRow } from './resource-row';
import { numericCellKey, parseNumericCellKey, visibleColumns } from './visible-columns';

export interface ResourceTableProps {
  table: Table;
  wide: boolean;
  showNamespace: boolean;
  /** Accessible name, e.g. "pods". */
  label: string;
}

/** The server's Table as an HTML table: its columns, its rows, its order. */
export function ResourceTable({ table, wide, showNamespace, label }: ResourceTableProps) {
  const numericKey = numericCellKey(table.rows, table.columnDefinitions.length);
  const columns = useMemo(
    () => visibleColumns(table.columnDefinitions, { wide, showNamespace, numericCells: parseNumericCellKey(numericKey) }),
    [table.columnDefinitions, wide, showNamespace, numericKey],
  );
  const mountedAt = useRef(Number.POSITIVE_INFINITY);
  useEffect(() => {
    mountedAt.current = performance.now();
  }, []);

  return (
    <table data-testid="resource-table" aria-label={label} className="w-full border-collapse text-left text-[13px]">
      <thead className="sticky top-0 z-10 bg-white shadow-[inset_0_-1px_0] shadow-slate-200">
        <tr>
          {columns.map((column) => (
            <th
              key={column.id}
              scope="col"
              title={column.description}
              className={`px-3 py-2 text-xs font-medium whitespace-nowrap text-slate-500 ${column.numeric ? 'text-right' : ''}`}
            >
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row) => (
          <ResourceRow
            key={tableRowKey(row, table.columnDefinitions)}
            row={row}
            columns={columns}
            name={rowName(row, table.columnDefinitions)}
            tableMountedAt={mountedAt}
          />
        ))}
      </tbody>
    </table>
  );
}
