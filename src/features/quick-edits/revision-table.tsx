// A workload's revisions as a table: the number (the current one marked), the columns its kind has, and "Undo to
// revision N" on every other.
import type { ReactNode } from 'react';
import { secondaryButton } from './field-problems';

export interface RevisionRow {
  revision: number;
  /** The object holding the revision (a ReplicaSet, a ControllerRevision), shown as the number's title. */
  name: string;
  cells: ReactNode[];
}

export function RevisionTable({ headers, rows, current, onUndo }: { headers: string[]; rows: readonly RevisionRow[]; current: number | null; onUndo: (row: RevisionRow) => void }) {
  return (
    <table className="mt-1 w-full text-left text-xs">
      <thead className="text-slate-500">
        <tr>
          {['Revision', ...headers].map((h) => (
            <th key={h} className="pr-2 font-medium">
              {h}
            </th>
          ))}
          <th />
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name} data-testid="rollout-revision" data-revision={row.revision} className="align-top">
            <td className="pr-2 font-mono" title={row.name}>
              {row.revision}
              {row.revision === current && <span className="ml-1 rounded bg-emerald-50 px-1 text-emerald-800">current</span>}
            </td>
            {row.cells.map((cell, i) => (
              <td key={headers[i]} className="break-all pr-2">
                {cell}
              </td>
            ))}
            <td>
              {row.revision !== current && (
                <button type="button" className={secondaryButton} onClick={() => onUndo(row)}>
                  Undo to revision {row.revision}
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
