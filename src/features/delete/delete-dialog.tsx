// Delete one object: propagation policy, uid/resourceVersion preconditions, a dry-run Preview, then the DELETE.
import { TypedConfirmation } from './typed-confirmation';
import { useRef, useState } from 'react';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { ModalDialog } from '../../components/ui/modal-dialog';
import type { KubeObject } from '../../k8s/kube-object';
import { KubeApiError } from '../../k8s/kube-api-error';
import { deleteOutcome, finalizerNote, type DeleteChoice, type DeleteOutcome, type PropagationPolicy } from './delete-options';
import { deleteObject, type DeleteResult } from './delete-request';
import { PropagationPolicyField } from './propagation-field';
import { WarningList } from '../../components/ui/warning-list';
import { buttonBase } from '../../components/ui/button-styles';
import { writeOutcome } from '../../writes/save/write-outcome';
import { WriteOutcomePanel } from '../../writes/save/write-outcome-panel';

export interface DeleteDialogProps {
  context: string;
  /** Object API path. */
  apiPath: string;
  /** The object as it was when the dialog opened: its uid and resourceVersion are the preconditions offered. */
  object: KubeObject;
  /** Plural resource name, e.g. deployments. */
  resource: string;
  /** Cluster-scoped objects and namespaces need their name typed before Delete. */
  clusterScoped: boolean;
  onClose: () => void;
  /** The DELETE succeeded. */
  onDeleted: (outcome: DeleteOutcome) => void;
}

type Busy = 'preview' | 'delete' | null;

// Busy buttons are aria-disabled, not disabled: a disabled button would drop the focus out of the dialog.
const buttonClass = `${buttonBase} aria-disabled:cursor-wait aria-disabled:opacity-60`;

function choiceKey(choice: Omit<DeleteChoice, 'dryRun'>): string {
  return JSON.stringify([choice.propagationPolicy, choice.uid ?? '', choice.resourceVersion ?? '']);
}

function FinalizerList({ finalizers }: { finalizers: string[] }) {
  return (
    <ul className="mt-1 list-disc space-y-0.5 pl-5" data-testid="preview-finalizers">
      {finalizers.map((f) => {
        const note = finalizerNote(f);
        return (
          <li key={f}>
            <span className="font-mono">{f}</span>
            {note && <span>: {note}</span>}
          </li>
        );
      })}
    </ul>
  );
}

function PreviewOutcome({ result, kind, name }: { result: DeleteResult; kind: string; name: string }) {
  const { outcome } = result;
  if (outcome.kind === 'deleted') {
    return (
      <p>
        <span className="font-semibold">Dry run passed:</span> the server would delete {kind} <span className="font-mono">{name}</span> at once. Nothing was deleted.
      </p>
    );
  }
  return (
    <div>
      <p>
        <span className="font-semibold">Dry run passed:</span> the server would mark {kind} <span className="font-mono">{name}</span> for deletion (deletionTimestamp) and keep it
        {outcome.finalizers.length > 0 ? ' until these finalizers are removed:' : ''}
        {outcome.finalizers.length === 0 && outcome.gracePeriodSeconds > 0 ? ` for its grace period of ${outcome.gracePeriodSeconds}s, to shut down.` : ''}
      </p>
      {outcome.finalizers.length > 0 && <FinalizerList finalizers={outcome.finalizers} />}
      <p className="mt-1">It disappears once that is done. Nothing was changed.</p>
    </div>
  );
}

function deleteFooter(error: unknown, dryRun: boolean): string {
  if (error instanceof KubeApiError && error.code === 409) return 'A precondition failed: nothing was deleted. The object is as the server has it now.';
  return dryRun || writeOutcome(error).known === 'not-done' ? 'Nothing was deleted.' : 'Whether it was deleted is shown above (Check now asks the server).';
}

export function DeleteDialog({ context, apiPath, object, resource, clusterScoped, onClose, onDeleted }: DeleteDialogProps) {
  const name = object.metadata.name ?? '';
  const namespace = object.metadata.namespace;
  const kind = object.kind ?? resource;
  const uid = object.metadata.uid;
  const resourceVersion = object.metadata.resourceVersion;
  const [policy, setPolicy] = useState<PropagationPolicy>('Background');
  const [useUid, setUseUid] = useState(Boolean(uid));
  const [useResourceVersion, setUseResourceVersion] = useState(false);
  const [typedName, setTypedName] = useState('');
  const [busy, setBusy] = useState<Busy>(null);
  const busyRef = useRef(false);
  const [preview, setPreview] = useState<{ result: DeleteResult; key: string } | null>(null);
  const [error, setError] = useState<{ error: unknown; dryRun: boolean } | null>(null);

  const options = { propagationPolicy: policy, uid: useUid ? uid : undefined, resourceVersion: useResourceVersion ? resourceVersion : undefined };
  const needsTypedName = clusterScoped;
  const confirmed = !needsTypedName || typedName === name;

  const run = async (dryRun: boolean) => {
    if (busyRef.current || (!dryRun && !confirmed)) return;
    busyRef.current = true;
    setBusy(dryRun ? 'preview' : 'delete');
    setError(null);
    try {
      const result = await deleteObject(context, apiPath, { ...options, dryRun });
      if (dryRun) setPreview({ result, key: choiceKey(options) });
      else onDeleted(result.outcome);
    } catch (e) {
      setError({ error: e, dryRun });
      if (dryRun) setPreview(null);
    } finally {
      busyRef.current = false;
      setBusy(null);
    }
  };

  const warnings = error?.error instanceof KubeApiError ? error.error.warnings : (preview?.result.warnings ?? []);
  const previewStale = preview !== null && preview.key !== choiceKey(options);

  return (
    <ModalDialog
      title={
        <>
          Delete {kind} <span className="font-mono">{name}</span>
          {namespace ? ` in ${namespace}` : ''}?
        </>
      }
      onClose={onClose}
      closable={busy === null}
      testId="delete-dialog"
    >
      <div className="max-h-[70vh] space-y-4 overflow-y-auto px-5 py-4 text-sm text-slate-800">
        <PropagationPolicyField policy={policy} onChange={setPolicy} />

        <fieldset>
          <legend className="text-xs font-semibold uppercase tracking-wide text-slate-500">Preconditions</legend>
          <div className="mt-1 space-y-1">
            <label className="flex items-start gap-2">
              <input type="checkbox" checked={useUid} disabled={!uid} onChange={(e) => setUseUid(e.target.checked)} className="mt-1" />
              <span>
                Only if uid is <span className="font-mono text-xs">{uid ?? '(none)'}</span>
                <span className="block text-xs text-slate-500">Not another object created since under the same name.</span>
              </span>
            </label>
            <label className="flex items-start gap-2">
              <input type="checkbox" checked={useResourceVersion} disabled={!resourceVersion} onChange={(e) => setUseResourceVersion(e.target.checked)} className="mt-1" />
              <span>
                Only if resourceVersion is still <span className="font-mono text-xs">{resourceVersion ?? '(none)'}</span>
                <span className="block text-xs text-slate-500">Fails with 409 Conflict if anything changed the object since this dialog opened (status updates too).</span>
              </span>
            </label>
          </div>
        </fieldset>

        {needsTypedName && (
          <TypedConfirmation
            warning={kind === 'Namespace' ? 'Deleting a namespace deletes everything in it. ' : `${kind} is cluster-scoped. `}
            expected={name}
            what=""
            value={typedName}
            onChange={setTypedName}
          />
        )}

        {preview && (
          <div role="status" data-testid="delete-preview" className="rounded border border-emerald-200 bg-emerald-50 px-3 py-2 text-emerald-900">
            <PreviewOutcome result={preview.result} kind={kind} name={name} />
            {previewStale && <p className="mt-1 text-xs text-amber-800">The options changed since this preview: Preview again to check them.</p>}
          </div>
        )}
        {error && !error.dryRun && (
          <WriteOutcomePanel
            context={context}
            error={error.error}
            target={{ verb: 'delete', apiPath, object }}
            action="Delete"
            onSendAgain={confirmed ? () => void run(false) : undefined}
            onDone={{ label: 'Close', run: (found) => onDeleted(found?.metadata.uid === uid ? deleteOutcome(found) : { kind: 'deleted' }) }}
            busy={busy !== null}
          />
        )}
        {error && (
          <KubeErrorPanel
            error={error.error}
            title={error.dryRun ? `Previewing the deletion of ${resource} ${name}` : `Deleting ${resource} ${name}`}
            testId="delete-error"
            footer={deleteFooter(error.error, error.dryRun)}
          />
        )}
        <WarningList warnings={warnings} testId="delete-warnings" className="text-xs text-amber-800" />
      </div>
      <div className="flex items-center justify-end gap-2 border-t border-slate-200 px-5 py-3">
        <button
          type="button"
          onClick={() => {
            if (busy === null) onClose();
          }}
          aria-disabled={busy !== null}
          className={`${buttonClass} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
        >
          Cancel
        </button>
        <button
          type="button"
          onClick={() => void run(true)}
          aria-disabled={busy !== null}
          title="Preview: a dry run of the DELETE (dryRun=All), nothing is deleted"
          className={`${buttonClass} border-indigo-300 bg-white text-indigo-700 hover:bg-indigo-50`}
        >
          {busy === 'preview' ? 'Previewing…' : 'Preview'}
        </button>
        <button
          type="button"
          onClick={() => void run(false)}
          aria-disabled={busy !== null}
          disabled={!confirmed}
          title={confirmed ? `Delete ${kind} ${name} (${policy})` : `Type ${name} above to enable`}
          className={`${buttonClass} border-red-600 bg-red-600 text-white hover:bg-red-700`}
        >
          {busy === 'delete' ? 'Deleting…' : 'Delete'}
        </button>
      </div>
    </ModalDialog>
  );
}
