// Delete the objects marked in a list: one propagation policy and the uid precondition for all, a dry-run Preview of
// each, then each DELETE with its own answer (a refusal of one is shown beside it and stops none of the others).
import { TypedConfirmation } from './typed-confirmation';
import { useRef, useState } from 'react';
import { buttonBase } from '../../components/ui/button-styles';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { KubeApiError } from '../../k8s/kube-api-error';
import { bulkSummary, deleteEach, type DeleteTarget, type TargetResult } from './bulk-delete';
import type { PropagationPolicy } from './delete-options';
import { PropagationPolicyField } from './propagation-field';

export interface BulkDeleteDialogProps {
  context: string;
  /** Plural resource name, e.g. pods. */
  resource: string;
  targets: readonly DeleteTarget[];
  /** Cluster-scoped objects and namespaces need the count typed before Delete. */
  clusterScoped: boolean;
  onClose: () => void;
  /** After a Delete run: the targets the server deleted or marked for deletion. */
  onDeleted: (deleted: readonly DeleteTarget[]) => void;
}

const buttonClass = `${buttonBase} aria-disabled:cursor-wait aria-disabled:opacity-60`;

function ResultText({ result, dryRun }: { result: TargetResult | undefined; dryRun: boolean }) {
  if (result === undefined) return <span className="text-slate-500">…</span>;
  if (result.state === 'deleted') return <span className="text-emerald-800">{dryRun ? 'would be deleted' : 'deleted'}</span>;
  if (result.state === 'pending') {
    const waits = result.finalizers.length > 0 ? `finalizers ${result.finalizers.join(', ')}` : `its grace period of ${result.gracePeriodSeconds}s`;
    return <span className="text-amber-800">{dryRun ? `would wait for ${waits}` : `marked for deletion, waiting for ${waits}`}</span>;
  }
  const error = result.error;
  const said = error instanceof KubeApiError ? `${error.code} ${error.reason}: ${error.message}` : String(error);
  return <span className="text-red-800">{said}</span>;
}

export function BulkDeleteDialog({ context, resource, targets, clusterScoped, onClose, onDeleted }: BulkDeleteDialogProps) {
  const [policy, setPolicy] = useState<PropagationPolicy>('Background');
  const [useUid, setUseUid] = useState(true);
  const [typed, setTyped] = useState('');
  const [run, setRun] = useState<{ dryRun: boolean; results: (TargetResult | undefined)[]; done: boolean } | null>(null);
  const busyRef = useRef(false);
  const busy = run !== null && !run.done;
  const deletedRun = run !== null && !run.dryRun && run.done;
  const confirmed = !clusterScoped || typed === String(targets.length);

  const start = async (dryRun: boolean) => {
    if (busyRef.current || (!dryRun && !confirmed)) return;
    busyRef.current = true;
    const results: (TargetResult | undefined)[] = targets.map(() => undefined);
    setRun({ dryRun, results: [...results], done: false });
    await deleteEach(context, targets, { propagationPolicy: policy, useUid, dryRun }, (index, result) => {
      results[index] = result;
      setRun({ dryRun, results: [...results], done: false });
    });
    busyRef.current = false;
    setRun({ dryRun, results, done: true });
    if (!dryRun) onDeleted(targets.filter((_, i) => results[i]?.state !== 'failed' && results[i] !== undefined));
  };

  const failures = run?.results.flatMap((result, i) => (result?.state === 'failed' ? [{ target: targets[i], error: result.error }] : [])) ?? [];

  return (
    <ModalDialog title={`Delete ${targets.length} ${resource}?`} onClose={onClose} closable={!busy} testId="bulk-delete-dialog">
      <div className="max-h-[70vh] space-y-4 overflow-y-auto px-5 py-4 text-sm text-slate-800">
        <table className="w-full text-left text-xs" aria-label={`${resource} to delete`}>
          <thead>
            <tr className="text-slate-500">
              <th scope="col" className="py-0.5 pr-2 font-semibold">Name</th>
              {targets.some((t) => t.namespace) && <th scope="col" className="py-0.5 pr-2 font-semibold">Namespace</th>}
              <th scope="col" className="py-0.5 font-semibold">{run ? (run.dryRun ? 'Dry run' : 'Answer') : ''}</th>
            </tr>
          </thead>
          <tbody>
            {targets.map((target, i) => (
              <tr key={target.apiPath} data-testid={`bulk-target-${target.name}`} className="border-t border-slate-100 align-top">
                <td className="py-0.5 pr-2 font-mono">{target.name}</td>
                {targets.some((t) => t.namespace) && <td className="py-0.5 pr-2 font-mono">{target.namespace ?? ''}</td>}
                <td className="py-0.5">{run && <ResultText result={run.results[i]} dryRun={run.dryRun} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {!deletedRun && (
          <>
            <PropagationPolicyField policy={policy} onChange={setPolicy} />
            <label className="flex items-start gap-2">
              <input type="checkbox" checked={useUid} onChange={(e) => setUseUid(e.target.checked)} className="mt-1" />
              <span>
                Only the objects listed (uid precondition)
                <span className="block text-xs text-slate-500">An object deleted and created again under the same name since the list showed it stays.</span>
              </span>
            </label>
            {clusterScoped && (
              <TypedConfirmation
                warning={resource === 'namespaces' ? 'Deleting a namespace deletes everything in it. ' : `${resource} are cluster-scoped. `}
                expected={String(targets.length)}
                what=", the number of objects,"
                value={typed}
                onChange={setTyped}
                narrow
              />
            )}
          </>
        )}
        {run && (
          <p role="status" data-testid="bulk-delete-summary" className="font-medium">
            {run.dryRun ? 'Dry run: ' : ''}
            {bulkSummary(run.results, run.dryRun)}.{run.dryRun && run.done ? ' Nothing was deleted.' : ''}
          </p>
        )}
        {run?.done &&
          failures.map(({ target, error }) => (
            <KubeErrorPanel key={target?.apiPath} error={error} title={`${run.dryRun ? 'Previewing the deletion of' : 'Deleting'} ${resource} ${target?.name ?? ''}`} testId="bulk-delete-error" />
          ))}
      </div>
      <div className="flex items-center justify-end gap-2 border-t border-slate-200 px-5 py-3">
        <button type="button" onClick={() => !busy && onClose()} aria-disabled={busy} className={`${buttonClass} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}>
          {deletedRun ? 'Close' : 'Cancel'}
        </button>
        {!deletedRun && (
          <>
            <button
              type="button"
              onClick={() => void start(true)}
              aria-disabled={busy}
              title="Preview: a dry run of each DELETE (dryRun=All), nothing is deleted"
              className={`${buttonClass} border-indigo-300 bg-white text-indigo-700 hover:bg-indigo-50`}
            >
              {busy && run.dryRun ? 'Previewing…' : 'Preview'}
            </button>
            <button
              type="button"
              onClick={() => void start(false)}
              aria-disabled={busy}
              disabled={!confirmed}
              title={confirmed ? `Delete ${targets.length} ${resource} (${policy})` : `Type ${targets.length} above to enable`}
              className={`${buttonClass} border-red-600 bg-red-600 text-white hover:bg-red-700`}
            >
              {busy && !run.dryRun ? 'Deleting…' : `Delete ${targets.length}`}
            </button>
          </>
        )}
      </div>
    </ModalDialog>
  );
}
