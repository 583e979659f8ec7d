// How the list's table looks, as plain data: the table (resource-table.tsx) and its rows (resource-row.tsx) draw the
// same classes and texts from here.
import type { HealthLevel, RowHealth } from '../../k8s/row-health';
import type { TableRow } from '../../k8s/table';
import { formatCell } from './format-cell';
import type { VisibleColumn } from './visible-columns';

export const ROW_HEIGHT = 32;

export const SCROLLER_CLASS = 'min-h-0 flex-1 overflow-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:ring-inset';
export const TABLE_CLASS = 'w-full table-fixed border-collapse text-left text-[13px]';
export const THEAD_CLASS = 'sticky top-0 z-10 bg-white shadow-[inset_0_-1px_0] shadow-slate-200';
export const LOGS_HEADER_CLASS = 'px-3 py-2 text-xs font-medium text-slate-500';
export const LOGS_LINK_CLASS = 'text-xs text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500';
export const NAME_LINK_CLASS = 'hover:text-indigo-700 hover:underline';
export const DIM_CLASS = 'text-slate-400';

export type SortState = 'ascending' | 'descending' | 'none';

// The glyph is CSS content so header text stays the column title (tests, screen readers, copy).
const SORT_GLYPH: Record<SortState, string> = {
  ascending: "after:ml-1 after:text-[9px] after:text-indigo-600 after:content-['▲']",
  descending: "after:ml-1 after:text-[9px] after:text-indigo-600 after:content-['▼']",
  none: "after:ml-1 after:text-[9px] after:text-slate-300 after:opacity-0 hover:after:opacity-100 after:content-['↕']",
};

export function headerCellClass(column: Pick<VisibleColumn, 'numeric'>): string {
  return `p-0 text-xs font-medium whitespace-nowrap text-slate-500 ${column.numeric ? 'text-right' : ''}`;
}

export function sortButtonClass(column: VisibleColumn, state: SortState): string {
  return `w-full overflow-hidden px-3 py-2 text-ellipsis hover:text-slate-900 ${SORT_GLYPH[state]} ${column.numeric ? 'text-right' : 'text-left'} ${
    state !== 'none' ? 'text-slate-900' : ''
  }`;
}

export function rowClass(selected: boolean, completed: boolean): string {
  return `border-b border-slate-100 ${selected ? 'bg-indigo-50 outline-2 -outline-offset-2 outline-indigo-500' : 'hover:bg-slate-50'} ${
    completed ? 'text-slate-400' : 'text-slate-700'
  }`;
}

export function isCompleted(row: TableRow): boolean {
  return row.conditions?.some((c) => c.type === 'Completed' && c.status === 'True') ?? false;
}

/** Free-text cells are cut at the column width; their title shows the whole text. */
export function truncates(column: VisibleColumn): boolean {
  return !column.age && !column.numeric && !column.logs;
}

export function cellText(column: VisibleColumn, row: TableRow): string {
  return column.namespace ? (row.object?.metadata.namespace ?? '') : formatCell(row.cells[column.cellIndex]).text;
}

// Red and amber as the rest of the app says errors and warnings; dark-palette.css turns them for the dark scheme.
const HEALTH_CELL_CLASS: Record<HealthLevel, string> = { failing: 'font-medium text-red-700', warning: 'font-medium text-amber-700' };
// A bar at the row's start, so the row is marked even with its coloured cells scrolled out of view.
const HEALTH_MARK_CLASS: Record<HealthLevel, string> = { failing: 'shadow-[inset_3px_0_0] shadow-red-600', warning: 'shadow-[inset_3px_0_0] shadow-amber-500' };
/** While rows may be marked, a checkbox leads the first cell, which is this much wider. */
export const MARK_COLUMN_WIDTH = 24;
export const MARK_CHECKBOX_CLASS = 'mr-2 align-middle';
/** The health in words beside the name: read by screen readers, not drawn. */
export const HEALTH_WORDS_CLASS = 'sr-only';

/** A failed pod has the Completed condition too, but it is not quiet. */
export function isQuiet(row: TableRow, health: RowHealth | null): boolean {
  return isCompleted(row) && health?.level !== 'failing';
}

/** The cell's class; `health` colours the cells that show it and marks the first one. */
export function cellClass(column: VisibleColumn, completed: boolean, health: RowHealth | null = null, first = false): string {
  const classes = ['px-3 whitespace-nowrap overflow-hidden'];
  if (health && first) classes.push(HEALTH_MARK_CLASS[health.level]);
  if (health && column.cellIndex >= 0 && health.columns.includes(column.title.toLowerCase())) classes.push(HEALTH_CELL_CLASS[health.level]);
  if (column.numeric) classes.push('text-right tabular-nums');
  if (column.age) classes.push('tabular-nums');
  if (column.name) classes.push('font-medium');
  // Completed rows stay dim in every cell; others give names and secondary columns their own tone.
  if (!completed && column.name) classes.push('text-slate-900');
  if (!completed && (column.age || column.namespace)) classes.push('text-slate-600');
  if (truncates(column)) classes.push('text-ellipsis');
  return classes.join(' ');
}
