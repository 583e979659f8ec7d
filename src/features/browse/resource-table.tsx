import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { TableRow } from '../../k8s/table';
import { ResourceRow, type RowHealthRule } from './resource-row';
import { headerCellClass, LOGS_HEADER_CLASS, ROW_HEIGHT, SCROLLER_CLASS, sortButtonClass, TABLE_CLASS, THEAD_CLASS, type SortState } from './table-look';
import { useVirtualRows } from './use-virtual-rows';
import type { VisibleColumn } from './visible-columns';

export interface TableSort {
  /** Column title sorted by, or null for the server's order. */
  column: string | null;
  desc: boolean;
}

export interface ResourceTableProps {
  /** Rows in display order (sorted and filtered). */
  rows: readonly TableRow[];
  columns: VisibleColumn[];
  /** Pixel width per column (same order as columns). */
  widths: number[];
  sort: TableSort;
  selectedKey: string | null;
  /** Accessible name, e.g. "pods". */
  label: string;
  keyOf: (row: TableRow) => string;
  nameOf: (row: TableRow) => string;
  hrefOf: (row: TableRow) => string;
  onSort: (column: string) => void;
  onSelect: (rowKey: string | null) => void;
  onOpen: (row: TableRow) => void;
  /** CPU and Memory texts of a row, where the metrics columns show. */
  metricsOf?: (row: TableRow, name: string) => readonly [string, string];
  /** The log view of a pod row, where the Logs column shows. */
  logsHrefOf?: (row: TableRow) => string;
  /** Judges each row's health (pods and workloads). */
  healthRule?: RowHealthRule;
}

const OVERSCAN = 12;

function ariaSort(column: VisibleColumn, sort: TableSort): SortState {
  if (sort.column !== column.title) return 'none';
  return sort.desc ? 'descending' : 'ascending';
}


/**
 * The server's Table as a real HTML table, virtualized: only the rows in view (plus overscan) are in
 * the DOM, between two spacer rows that keep the scroll height; the header sticks. Arrow keys,
 * Home/End and PageUp/PageDown move the selection; Enter opens the selected object.
 */
export function ResourceTable({ rows, columns, widths, sort, selectedKey, label, keyOf, nameOf, hrefOf, onSort, onSelect, onOpen, metricsOf, logsHrefOf, healthRule }: ResourceTableProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLTableSectionElement>(null);
  const mountedAt = useRef(Number.POSITIVE_INFINITY);
  useEffect(() => {
    mountedAt.current = performance.now();
  }, []);
  const virtual = useVirtualRows(containerRef, { count: rows.length, rowHeight: ROW_HEIGHT, overscan: OVERSCAN, headerRef });
  const { scrollToIndex } = virtual;
  const selectedIndex = selectedKey === null ? -1 : rows.findIndex((row) => keyOf(row) === selectedKey);
  const totalWidth = widths.reduce((sum, w) => sum + w, 0);

  // Keyboard moves keep the selected row in view.
  const pendingScroll = useRef<number | null>(null);
  useEffect(() => {
    if (pendingScroll.current === null) return;
    scrollToIndex(pendingScroll.current);
    pendingScroll.current = null;
  });

  const moveTo = (index: number) => {
    if (rows.length === 0) return;
    const clamped = Math.max(0, Math.min(rows.length - 1, index));
    const row = rows[clamped];
    if (!row) return;
    pendingScroll.current = clamped;
    onSelect(keyOf(row));
    scrollToIndex(clamped);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    const from = selectedIndex;
    switch (event.key) {
      case 'ArrowDown':
      case 'j':
        moveTo(from < 0 ? virtual.start : from + 1);
        break;
      case 'ArrowUp':
      case 'k':
        moveTo(from < 0 ? virtual.start : from - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(rows.length - 1);
        break;
      case 'PageDown':
        moveTo(Math.max(0, from) + virtual.pageRows);
        break;
      case 'PageUp':
        moveTo(Math.max(0, from) - virtual.pageRows);
        break;
      case 'Enter': {
        const row = rows[selectedIndex];
        if (!row) return;
        onOpen(row);
        break;
      }
      case 'Escape':
        if (selectedKey === null) return;
        onSelect(null);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const visible = rows.slice(virtual.start, virtual.end);

  return (
    <div
      ref={containerRef}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="table-scroller"
      aria-label={`${label} table: arrow keys or j and k select a row, Enter opens it`}
      className={SCROLLER_CLASS}
    >
      <table
        data-testid="resource-table"
        aria-label={label}
        aria-rowcount={rows.length + 1}
        className={TABLE_CLASS}
        style={{ minWidth: totalWidth }}
      >
        <colgroup>
          {columns.map((column, i) => (
            <col key={column.id} style={{ width: widths[i] }} />
          ))}
        </colgroup>
        <thead ref={headerRef} className={THEAD_CLASS}>
          <tr aria-rowindex={1}>
            {columns.map((column) => {
              const state = ariaSort(column, sort);
              if (column.logs) {
                return (
                  <th key={column.id} scope="col" title={column.description} className={LOGS_HEADER_CLASS}>
                    {column.title}
                  </th>
                );
              }
              return (
                <th
                  key={column.id}
                  scope="col"
                  title={column.description}
                  aria-sort={state}
                  className={headerCellClass(column)}
                >
                  <button
                    type="button"
                    data-testid={`sort-${column.title}`}
                    onClick={() => onSort(column.title)}
                    className={sortButtonClass(column, state)}
                  >
                    {column.title}
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {virtual.paddingTop > 0 && (
            <tr aria-hidden="true" data-spacer="">
              <td colSpan={columns.length} style={{ height: virtual.paddingTop, padding: 0 }} />
            </tr>
          )}
          {visible.map((row, i) => {
            const key = keyOf(row);
            const name = nameOf(row);
            return (
              <ResourceRow
                key={key}
                row={row}
                columns={columns}
                name={name}
                href={hrefOf(row)}
                rowKey={key}
                ariaRowIndex={virtual.start + i + 2}
                selected={key === selectedKey}
                tableMountedAt={mountedAt}
                onSelect={onSelect}
                metrics={metricsOf?.(row, name)}
                logsHref={logsHrefOf?.(row)}
                healthRule={healthRule}
              />
            );
          })}
          {virtual.paddingBottom > 0 && (
            <tr aria-hidden="true" data-spacer="">
              <td colSpan={columns.length} style={{ height: virtual.paddingBottom, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
