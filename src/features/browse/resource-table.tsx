import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { TableRow } from '../../k8s/table';
import { ResourceRow, type RowHealthRule } from './resource-row';
import { headerCellClass, LOGS_HEADER_CLASS, MARK_CHECKBOX_CLASS, MARK_COLUMN_WIDTH, ROW_HEIGHT, SCROLLER_CLASS, sortButtonClass, TABLE_CLASS, THEAD_CLASS, type SortState } from './table-look';
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
  /** Rows may be marked (a checkbox column; Space marks the selected row); absent when the list offers no bulk action. */
  marks?: TableMarks;
}

export interface TableMarks {
  /** The checkbox column shows. */
  shown: boolean;
  marked: ReadonlySet<string>;
  onMark: (rowKey: string) => void;
  /** The header's checkbox: every row shown, or none. */
  onMarkAll: (mark: boolean) => void;
}

const OVERSCAN = 12;

function ariaSort(column: VisibleColumn, sort: TableSort): SortState {
  if (sort.column !== column.title) return 'none';
  return sort.desc ? 'descending' : 'ascending';
}


/**
 * The server's Table as a real HTML table, virtualized: only the rows in view (plus overscan) are in
 * the DOM, between two spacer rows that keep the scroll height; the header sticks. Arrow keys,
 * Home/End and PageUp/PageDown move the selection; Enter opens the selected object; Space marks it.
 */
export function ResourceTable({ rows, columns, widths, sort, selectedKey, label, keyOf, nameOf, hrefOf, onSort, onSelect, onOpen, metricsOf, logsHrefOf, healthRule, marks }: ResourceTableProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLTableSectionElement>(null);
  const mountedAt = useRef(Number.POSITIVE_INFINITY);
  useEffect(() => {
    mountedAt.current = performance.now();
  }, []);
  const virtual = useVirtualRows(containerRef, { count: rows.length, rowHeight: ROW_HEIGHT, overscan: OVERSCAN, headerRef });
  const { scrollToIndex } = virtual;
  const selectedIndex = selectedKey === null ? -1 : rows.findIndex((row) => keyOf(row) === selectedKey);
  const marking = marks?.shown === true;
  const totalWidth = widths.reduce((sum, w) => sum + w, marking ? MARK_COLUMN_WIDTH : 0);
  const widthOf = (i: number) => (marking && i === 0 ? (widths[i] ?? 0) + MARK_COLUMN_WIDTH : widths[i]);
  const markedShown = marking ? rows.filter((row) => marks.marked.has(keyOf(row))).length : 0;

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
      case ' ': {
        const row = rows[selectedIndex];
        if (!row || !marks) return;
        marks.onMark(keyOf(row));
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
      aria-label={`${label} table: arrow keys or j and k select a row, Enter opens it${marks ? ", Space marks it" : ""}`}
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
            <col key={column.id} style={{ width: widthOf(i) }} />
          ))}
        </colgroup>
        <thead ref={headerRef} className={THEAD_CLASS}>
          <tr aria-rowindex={1}>
            {columns.map((column, i) => {
              const state = ariaSort(column, sort);
              const markAll = marking && i === 0 && (
                <input
                  type="checkbox"
                  aria-label={`Select every ${label} shown`}
                  checked={rows.length > 0 && markedShown === rows.length}
                  ref={(input) => {
                    if (input) input.indeterminate = markedShown > 0 && markedShown < rows.length;
                  }}
                  onChange={(e) => marks.onMarkAll(e.target.checked)}
                  className={`${MARK_CHECKBOX_CLASS} ml-3`}
                />
              );
              if (column.logs) {
                return (
                  <th key={column.id} scope="col" title={column.description} className={LOGS_HEADER_CLASS}>
                    {markAll}
                    {column.title}
                  </th>
                );
              }
              const sortButton = (
                <button type="button" data-testid={`sort-${column.title}`} onClick={() => onSort(column.title)} className={sortButtonClass(column, state)}>
                  {column.title}
                </button>
              );
              return (
                <th key={column.id} scope="col" title={column.description} aria-sort={state} className={headerCellClass(column)}>
                  {markAll ? (
                    <div className="flex items-center">
                      {markAll}
                      {sortButton}
                    </div>
                  ) : (
                    sortButton
                  )}
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
                marked={marking ? marks.marked.has(key) : undefined}
                onMark={marks?.onMark}
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
