import { memo, useEffect, useRef, type RefObject } from 'react';
import type { TableRow } from '../../k8s/table';
import { AgeCell } from './age-cell';
import { flash } from './flash';
import { formatCell } from './format-cell';
import type { VisibleColumn } from './visible-columns';

export interface ResourceRowProps {
  row: TableRow;
  columns: VisibleColumn[];
  name: string;
  /** performance.now() when the table mounted: rows that appear later are watch arrivals and flash. */
  tableMountedAt: RefObject<number>;
}

const ARRIVAL_GRACE_MS = 1000;

function isCompleted(row: TableRow): boolean {
  return row.conditions?.some((c) => c.type === 'Completed' && c.status === 'True') ?? false;
}

function Cell({ column, row }: { column: VisibleColumn; row: TableRow }) {
  const meta = row.object?.metadata;
  if (column.namespace) return <>{meta?.namespace ?? ''}</>;
  const value = row.cells[column.cellIndex];
  if (column.age && meta?.creationTimestamp) return <AgeCell timestamp={meta.creationTimestamp} fallback={formatCell(value).text} />;
  const { text, dim } = formatCell(value);
  return dim ? <span className="text-slate-400">{text}</span> : <>{text}</>;
}

/** Free-text cells are cut at a width; their title shows the whole text. */
function truncates(column: VisibleColumn): boolean {
  return !column.name && !column.age && !column.numeric && !column.namespace;
}

function cellClass(column: VisibleColumn, completed: boolean): string {
  const classes = ['px-3 py-1.5 whitespace-nowrap'];
  if (column.numeric) classes.push('text-right tabular-nums');
  if (column.age) classes.push('tabular-nums');
  if (column.name) classes.push('font-medium');
  // Completed rows stay dim in every cell; others give names and secondary columns their own tone.
  if (!completed && column.name) classes.push('text-slate-900');
  if (!completed && (column.age || column.namespace)) classes.push('text-slate-600');
  if (truncates(column)) classes.push('max-w-[32rem] truncate');
  return classes.join(' ');
}

/** One Table row; memoized so a watch event re-renders only the rows it touched. */
export const ResourceRow = memo(function ResourceRow({ row, columns, name, tableMountedAt }: ResourceRowProps) {
  const ref = useRef<HTMLTableRowElement>(null);
  const shownVersion = useRef<string | null>(null);
  const meta = row.object?.metadata;
  const resourceVersion = meta?.resourceVersion ?? '';
  const namespace = meta?.namespace;
  const completed = isCompleted(row);

  useEffect(() => {
    const element = ref.current;
    if (!element || shownVersion.current === resourceVersion) return;
    const mounting = shownVersion.current === null;
    shownVersion.current = resourceVersion;
    if (mounting && performance.now() - tableMountedAt.current < ARRIVAL_GRACE_MS) return;
    return flash(element);
  }, [resourceVersion, tableMountedAt]);

  return (
    <tr
      ref={ref}
      data-testid={`row-${name}`}
      data-row-key={namespace ? `${namespace}/${name}` : name}
      data-completed={completed ? '' : undefined}
      className={`border-b border-slate-100 hover:bg-slate-50 ${completed ? 'text-slate-400' : 'text-slate-700'}`}
    >
      {columns.map((column) => (
        <td key={column.id} className={cellClass(column, completed)} title={truncates(column) ? formatCell(row.cells[column.cellIndex]).text : undefined}>
          <Cell column={column} row={row} />
        </td>
      ))}
    </tr>
  );
});
