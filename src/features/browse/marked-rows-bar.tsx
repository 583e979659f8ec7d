// The bar of a list whose rows are being marked: how many, what can be done with them, and Done selecting.
import type { ReactNode } from 'react';
import type { TableRow } from '../../k8s/table';
import type { RowMarks } from './use-row-marks';

/** What the app offers for marked rows (Delete selected), drawn in the bar. */
export type MarkedRowsActions = (marked: { rows: readonly TableRow[]; unmark: (rows: readonly TableRow[]) => void }) => ReactNode;

export interface MarkedRowsBarProps {
  resource: string;
  marks: RowMarks;
  keyOf: (row: TableRow) => string;
  actions: MarkedRowsActions;
}

export function MarkedRowsBar({ resource, marks, keyOf, actions }: MarkedRowsBarProps) {
  if (!marks.shown) return null;
  const count = marks.markedRows.length;
  return (
    <div role="region" aria-label="Marked rows" data-testid="marked-rows-bar" className="flex items-center gap-3 border-b border-slate-200 bg-slate-50 px-4 py-1.5 text-xs text-slate-700">
      <span data-testid="marked-count">{count === 0 ? `Mark ${resource} with their checkboxes or Space` : `${count} selected`}</span>
      {actions({ rows: marks.markedRows, unmark: (rows) => marks.unmark(rows.map(keyOf)) })}
      <button type="button" onClick={() => marks.setShown(false)} className="rounded border border-slate-200 bg-white px-2 py-0.5 font-medium text-slate-600 hover:bg-slate-100">
        Done selecting
      </button>
    </div>
  );
}
