// Server-side apply refused: who owns which field, and a confirmed "force" that takes those fields over.
import { useState } from 'react';
import { KUBEGLASS_FIELD_MANAGER } from '../../k8s/patch/patch-request';
import { conflictManagers, type ApplyConflict } from './apply-conflicts';

export interface ApplyConflictsPanelProps {
  conflicts: ApplyConflict[];
  /** The user confirmed: dry-run again (then apply) with force=true. */
  onForce: () => void;
}

const buttonClass = 'rounded border px-2.5 py-1 text-xs font-medium';

export function ApplyConflictsPanel({ conflicts, onForce }: ApplyConflictsPanelProps) {
  const [confirming, setConfirming] = useState(false);
  const managers = conflictManagers(conflicts);
  return (
    <section aria-labelledby="apply-conflicts-title" data-testid="apply-conflicts" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
      <h3 id="apply-conflicts-title" className="font-semibold">
        Server-side apply conflicts: other managers own {conflicts.length === 1 ? 'a field' : `${conflicts.length} fields`} you change
      </h3>
      <table className="mt-2 w-full text-left text-xs">
        <thead>
          <tr className="text-red-800/80">
            <th scope="col" className="py-0.5 pr-3 font-medium">Manager</th>
            <th scope="col" className="py-0.5 pr-3 font-medium">Operation</th>
            <th scope="col" className="py-0.5 font-medium">Field</th>
          </tr>
        </thead>
        <tbody className="font-mono">
          {conflicts.map((c, i) => (
            <tr key={i} className="border-t border-red-200">
              <td className="py-0.5 pr-3">{c.manager}</td>
              <td className="py-0.5 pr-3">
                {c.operation}
                {c.apiVersion && ` (${c.apiVersion})`}
                {c.subresource && ` /${c.subresource}`}
              </td>
              <td className="py-0.5">{c.field}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!confirming ? (
        <div className="mt-2 flex items-center gap-2">
          <button type="button" onClick={() => setConfirming(true)} className={`${buttonClass} border-red-600 bg-white text-red-700 hover:bg-red-100`}>
            Force apply…
          </button>
          <span className="text-xs text-red-800/80">Or change those fields back in your text, or pick another patch type.</span>
        </div>
      ) : (
        <div role="alertdialog" aria-labelledby="force-confirm-title" aria-describedby="force-confirm-text" className="mt-2 rounded border border-red-300 bg-white px-3 py-2">
          <p id="force-confirm-title" className="font-semibold">
            Take these fields from {managers.join(', ')}?
          </p>
          <p id="force-confirm-text" className="mt-1 text-xs">
            With force, {KUBEGLASS_FIELD_MANAGER} becomes the owner of {conflicts.map((c) => c.field).join(', ')}. {managers.join(', ')}{' '}
            {managers.length === 1 ? 'stops' : 'stop'} owning them and, if {managers.length === 1 ? 'it is a controller, it' : 'they are controllers, they'} may set them back. A dry run with
            force runs first; nothing is stored until you Apply.
          </p>
          <div className="mt-2 flex gap-2">
            <button
              type="button"
              autoFocus
              onClick={() => {
                setConfirming(false);
                onForce();
              }}
              className={`${buttonClass} border-red-600 bg-red-600 text-white hover:bg-red-700`}
            >
              Dry run with force
            </button>
            <button type="button" onClick={() => setConfirming(false)} className={`${buttonClass} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}>
              Do not force
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
