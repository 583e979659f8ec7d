// Preview a change as any of the four PATCH types with dryRun=All (patch body, diff to the server's answer, fields the
// server set), then Apply exactly that request. Stale bases rebase onto the latest; apply conflicts can be forced.
import { useEffect, useMemo, useRef, useState } from 'react';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { accessTitle, mayAct } from '../../components/ui/access-control';
import { useAccess } from '../../data/access-query';
import { attributesFor } from '../../k8s/access/access-review';
import { parseApiPath } from '../../k8s/paths';
import { withoutManagedFields, type KubeObject } from '../../k8s/kube-object';
import type { SchemaLookup } from '../../k8s/openapi';
import type { JsonObject } from '../../k8s/patch/json';
import { KUBEGLASS_FIELD_MANAGER, patchRequest, type PatchKind, type PatchRequest } from '../../k8s/patch/patch-request';
import type { EditorComponents } from '../draft/code-editor';
import { editablePathsChanged, restoreReadOnly, toYaml } from '../draft/editable-object';
import { useKindSchema } from '../../data/kind-schema-query';
import { getLatest } from '../save/save-object';
import { ApplyConflictsPanel } from './apply-conflicts-panel';
import type { ChangeRequest } from './change-request';
import { ownersOfChangedFields } from './managed-fields';
import { PatchKindPicker } from './patch-kind-picker';
import { defaultPatchKind, isBuiltInTarget, PATCH_KIND_LABELS, unavailableReason } from './patch-kinds';
import { classifyFailure, sendPatch, serverOwnedOnly, type PatchResult, type PreviewFailure } from './preview-requests';
import { rebaseChange } from './rebase-change';
import { serverSetPaths } from './server-set-paths';
import { WarningList } from '../../components/ui/warning-list';
import { PathChips } from './path-chips';
import { buttonBase, buttonStyles } from '../../components/ui/button-styles';
import { WriteOutcomePanel } from '../save/write-outcome-panel';

export interface ChangePreviewProps {
  context: string;
  change: ChangeRequest;
  editors: EditorComponents;
  onApplied: (object: KubeObject, warnings: string[]) => void;
  onCancel: () => void;
}

/** The change being previewed: starts as the ChangeRequest, replaced when rebased onto the latest object. */
interface Target {
  base: KubeObject;
  modified: KubeObject;
  /** Set after "Preview against the latest". */
  rebase: { from: string; theirChanges: string[]; overlaps: string[] } | null;
}

type Built = { kind: 'empty' } | { kind: 'waiting' } | { kind: 'invalid'; error: unknown } | { kind: 'ok'; request: PatchRequest; key: string };

type DryRun = { key: string; seq: number } & ({ state: 'done'; result: PatchResult } | { state: 'failed'; failure: PreviewFailure });

type ApplyState = { state: 'idle' } | { state: 'applying' } | { state: 'applied' } | { state: 'failed'; failure: PreviewFailure };

const MAX_CHIPS = 12;
/** Goes over a newer resourceVersion by itself this often when only server-owned fields moved; then the user decides. */
const MAX_SILENT_REBASES = 3;

const asJson = (object: KubeObject) => object as unknown as JsonObject;
const isOwnApply = (o: { manager: string; operation: string; subresource: string }) =>
  o.manager === KUBEGLASS_FIELD_MANAGER && o.operation === 'Apply' && o.subresource === '';

/** The PATCH of the change: server-owned fields come from the base on both sides, managedFields from neither. */
function buildRequest(kind: PatchKind, base: KubeObject, modified: KubeObject, lookup: SchemaLookup | undefined, force: boolean): PatchRequest {
  const sides = { original: asJson(withoutManagedFields(base)), modified: asJson(restoreReadOnly(modified, base)) };
  return patchRequest(kind, { ...sides, schemaLookup: lookup, includeResourceVersion: true, force });
}

/** The same change over `latest`, which differs from the target's base only in fields the server owns. */
function overServerOwned(target: Target, latest: KubeObject): Target {
  const from = target.rebase?.from ?? target.base.metadata.resourceVersion ?? '';
  return { base: latest, modified: restoreReadOnly(target.modified, latest), rebase: { theirChanges: [], overlaps: [], ...target.rebase, from } };
}

function FailureView(props: { failure: PreviewFailure; title: string; base: KubeObject; onRebase: (latest: KubeObject) => void; onForce: () => void }) {
  const { failure, title, base } = props;
  if (failure.kind === 'apply-conflicts') return <ApplyConflictsPanel conflicts={failure.conflicts} onForce={props.onForce} />;
  if (failure.kind === 'error') return <KubeErrorPanel error={failure.error} title={title} testId="preview-error" footer="Your change is kept." />;
  const theirs = editablePathsChanged(base, failure.latest);
  return (
    <div role="alert" data-testid="stale" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <p>
        <span className="font-semibold">Changed on the server since this preview's base</span> (resourceVersion {base.metadata.resourceVersion}, now{' '}
        {failure.latest.metadata.resourceVersion}). The server refused the request so that it cannot overwrite those changes.
      </p>
      {theirs.length > 0 && <PathChips paths={theirs} testId="stale-paths" max={MAX_CHIPS} />}
      <button type="button" onClick={() => props.onRebase(failure.latest)} className={`${buttonBase} border-amber-600 bg-white text-amber-900 hover:bg-amber-100`}>
        Preview against the latest
      </button>
      <KubeErrorPanel error={failure.error} title={title} testId="preview-error" />
    </div>
  );
}

export function ChangePreview({ context, change, editors, onApplied, onCancel }: ChangePreviewProps) {
  const { DiffEditor } = editors;
  const { apiPath } = change;
  const apiVersion = change.original.apiVersion ?? '';
  const objectKind = change.original.kind ?? '';
  const builtIn = isBuiltInTarget(apiPath, apiVersion, objectKind);

  const [chosenKind, setChosenKind] = useState<PatchKind>(() => defaultPatchKind(change.patchKind, builtIn));
  const [target, setTarget] = useState<Target>(() => ({ base: change.original, modified: change.modified, rebase: null }));
  const [force, setForce] = useState(false);
  const [seq, setSeq] = useState(0);
  const [dryRun, setDryRun] = useState<DryRun | null>(null);
  const [applyState, setApplyState] = useState<ApplyState>({ state: 'idle' });
  const [showManagedFields, setShowManagedFields] = useState(false);
  const silentRebases = useRef(0);
  const targetPath = useMemo(() => parseApiPath(apiPath), [apiPath]);
  // Every patch type, server-side apply included, is the patch verb on the target.
  const patchAccess = useAccess(context, targetPath?.name ? attributesFor(targetPath, 'patch') : null);

  // undefined while loading, null when the cluster's OpenAPI does not describe the kind.
  const kindSchema = useKindSchema(context, apiVersion, objectKind);

  const unavailable: Partial<Record<PatchKind, string | null>> = {
    strategic:
      unavailableReason('strategic', builtIn) ??
      (kindSchema === null ? `The cluster's OpenAPI does not describe ${objectKind}: its list merge keys are unknown.` : null),
  };
  // A default that turns out unusable (no schema) falls back to merge, which every type accepts.
  const kind: PatchKind = unavailable[chosenKind] ? 'merge' : chosenKind;
  const forcing = kind === 'apply' && force;
  const { base, modified } = target;
  const lookup = kindSchema?.lookup;
  // Only the strategic patch reads the schema: its arrival must not rebuild (and re-send) the other types.
  const patchLookup = kind === 'strategic' ? lookup : undefined;

  const emptyChange = useMemo(() => editablePathsChanged(base, modified).length === 0, [base, modified]);
  const built: Built = useMemo(() => {
    if (emptyChange) return { kind: 'empty' };
    if (kind === 'strategic' && !patchLookup) return { kind: 'waiting' };
    try {
      const request = buildRequest(kind, base, modified, patchLookup, forcing);
      return { kind: 'ok', request, key: `${kind}\n${JSON.stringify(request.query)}\n${request.body}` };
    } catch (error) {
      return { kind: 'invalid', error };
    }
  }, [emptyChange, kind, base, modified, patchLookup, forcing]);

  // The dry run follows the request: a new patch type, base or force runs it again; state is set only when it answers.
  useEffect(() => {
    if (built.kind !== 'ok') return undefined;
    let cancelled = false;
    const { request, key } = built;
    sendPatch(context, apiPath, request, true).then(
      (result) => {
        if (!cancelled) setDryRun({ key, seq, state: 'done', result });
      },
      async (error: unknown) => {
        const failure = await classifyFailure(error, kind, base, () => getLatest(context, apiPath));
        if (cancelled) return;
        if (serverOwnedOnly(failure, base) && silentRebases.current < MAX_SILENT_REBASES) {
          silentRebases.current += 1;
          setTarget((t) => (t.base === base ? overServerOwned(t, failure.latest) : t));
          return;
        }
        setDryRun({ key, seq, state: 'failed', failure });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [built, context, apiPath, kind, base, seq]);

  const current = built.kind === 'ok' && dryRun?.key === built.key && dryRun.seq === seq ? dryRun : null;
  const running = built.kind === 'ok' && current === null;
  const result = current?.state === 'done' ? current.result : null;

  const owners = useMemo(() => ownersOfChangedFields(base, modified, { exclude: isOwnApply }), [base, modified]);
  const added = useMemo(() => (result ? serverSetPaths(modified, result.object, lookup) : []), [modified, result, lookup]);

  const resetApply = () => setApplyState({ state: 'idle' });
  const chooseKind = (next: PatchKind) => {
    setChosenKind(next);
    setForce(false);
    resetApply();
  };
  const rebaseOnto = (latest: KubeObject) => {
    const rebased = rebaseChange(base, modified, latest, lookup);
    setTarget({
      base: latest,
      modified: rebased.modified,
      rebase: { from: base.metadata.resourceVersion ?? '', theirChanges: rebased.theirChanges, overlaps: rebased.overlaps },
    });
    resetApply();
  };
  const forceApply = () => {
    setForce(true);
    resetApply();
  };
  const runAgain = () => {
    setSeq((s) => s + 1);
    resetApply();
  };

  const apply = async () => {
    if (built.kind !== 'ok' || !result || applyState.state === 'applying') return;
    setApplyState({ state: 'applying' });
    // What was previewed, sent again over a newer resourceVersion while only server-owned fields moved under it.
    let sending: Target = target;
    let request = built.request;
    for (let attempt = 1; ; attempt++) {
      try {
        const applied = await sendPatch(context, apiPath, request, false);
        setApplyState({ state: 'applied' });
        onApplied(applied.object, applied.warnings);
        return;
      } catch (error) {
        const failure = await classifyFailure(error, kind, sending.base, () => getLatest(context, apiPath));
        if (!serverOwnedOnly(failure, sending.base) || attempt >= MAX_SILENT_REBASES) {
          setApplyState({ state: 'failed', failure });
          return;
        }
        sending = overServerOwned(sending, failure.latest);
        try {
          request = buildRequest(kind, sending.base, sending.modified, patchLookup, forcing);
        } catch (buildError) {
          setApplyState({ state: 'failed', failure: { kind: 'error', error: buildError } });
          return;
        }
      }
    }
  };

  const label = PATCH_KIND_LABELS[kind];
  const bodyText = built.kind === 'ok' ? (kind === 'apply' ? toYaml(built.request.patch) : JSON.stringify(built.request.patch, null, 2)) : '';
  const queryText = built.kind === 'ok' ? new URLSearchParams(built.request.query).toString() : '';
  const canApply = built.kind === 'ok' && result !== null && applyState.state !== 'applying' && applyState.state !== 'applied';
  const shown = (o: KubeObject) => toYaml(showManagedFields ? o : withoutManagedFields(o));

  return (
    <section aria-labelledby="change-preview-title" className="flex h-full min-h-0 flex-col">
      <header className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 px-4 py-2">
        <span className="rounded bg-sky-100 px-1.5 py-0.5 text-xs font-medium text-sky-800">Preview</span>
        <h2 id="change-preview-title" className="text-sm font-semibold text-slate-900">
          {change.title}
        </h2>
        <div className="ml-auto flex items-center gap-2">
          <button
            type="button"
            onClick={() => void apply()}
            disabled={!canApply || !mayAct(patchAccess)}
            aria-busy={patchAccess.state === 'pending' ? true : undefined}
            data-testid="apply-change"
            data-access={patchAccess.state}
            title={accessTitle(patchAccess, 'apply this change') ?? (forcing ? 'Apply with force=true' : `Send the ${label} without dryRun`)}
            className={buttonStyles.primary}
          >
            {applyState.state === 'applying' ? 'Applying…' : 'Apply'}
          </button>
          <button type="button" onClick={runAgain} disabled={built.kind !== 'ok' || running} className={buttonStyles.secondary}>
            Dry run again
          </button>
          <button type="button" onClick={onCancel} className={buttonStyles.secondary}>
            Cancel
          </button>
        </div>
      </header>

      <div className="min-h-0 flex-1 space-y-3 overflow-auto p-3">
        <PatchKindPicker value={kind} onChange={chooseKind} unavailable={unavailable} disabled={applyState.state === 'applying'} />

        {target.rebase && (
          <div role="status" data-testid="rebased" className="rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
            <span className="font-semibold">Previewing against the latest</span> (resourceVersion {base.metadata.resourceVersion}, was {target.rebase.from}): your change sits on
            top of the server's.
            {target.rebase.theirChanges.length > 0 ? (
              <PathChips paths={target.rebase.theirChanges} testId="rebased-their-changes" max={MAX_CHIPS} />
            ) : (
              <span data-testid="rebased-server-owned"> Only fields the server owns (status, resourceVersion) changed.</span>
            )}
            {target.rebase.overlaps.length > 0 && (
              <div data-testid="rebased-overlaps" className="mt-1 text-amber-900">
                Both of you changed these; your values are kept, check them in the diff:
                <PathChips paths={target.rebase.overlaps} testId="rebased-overlap-paths" max={MAX_CHIPS} />
              </div>
            )}
          </div>
        )}

        {kind === 'apply' && owners.length > 0 && (
          <p data-testid="other-owners" className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-xs text-slate-700">
            Fields you change that other managers own:{' '}
            <span className="font-mono">{owners.map((o) => `${o.path} (${o.manager}, ${o.operation}${o.subresource ? `, /${o.subresource}` : ''})`).join(', ')}</span>
          </p>
        )}
        {forcing && (
          <p data-testid="forcing" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-xs text-red-900">
            force=true: this apply takes the conflicting fields from their managers.
          </p>
        )}

        {built.kind === 'empty' && (
          <p role="status" data-testid="no-changes" className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
            No changes: the object is the same as on the server, so there is nothing to apply.
          </p>
        )}
        {built.kind === 'waiting' && (
          <p role="status" className="text-sm text-slate-500">
            Reading the schema of {objectKind} (its merge keys)…
          </p>
        )}
        {built.kind === 'invalid' && <KubeErrorPanel error={built.error} title={`Building the ${label}`} testId="preview-error" footer="Your change is kept." />}

        {built.kind === 'ok' && (
          <div className="grid min-h-0 gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <div className="min-w-0 space-y-1">
              <h3 className="text-xs font-semibold text-slate-700">{kind === 'apply' ? 'Apply configuration (YAML)' : 'Patch body'}</h3>
              <p className="break-all font-mono text-[11px] text-slate-500" data-testid="patch-request-line">
                PATCH {apiPath}?{queryText} · {built.request.contentType}
              </p>
              <pre aria-label="Patch body" data-testid="patch-body" className="max-h-[480px] overflow-auto rounded border border-slate-200 bg-slate-50 p-2 font-mono text-xs text-slate-800">
                {bodyText}
              </pre>
            </div>

            <div className="flex min-w-0 flex-col gap-2">
              {running && (
                <p role="status" data-testid="dry-run-running" className="text-sm text-slate-500">
                  Dry run ({label}, dryRun=All)…
                </p>
              )}
              {result && (
                <>
                  <div className="flex items-center gap-2 text-xs text-slate-600">
                    <span data-testid="dry-run-ok" className="font-medium text-emerald-700">
                      Dry run of the {label} accepted.
                    </span>
                    <span>Left: live object (resourceVersion {base.metadata.resourceVersion}); right: what the server would store.</span>
                    <button
                      type="button"
                      aria-pressed={showManagedFields}
                      onClick={() => setShowManagedFields((v) => !v)}
                      className="ml-auto rounded border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium hover:bg-slate-50"
                    >
                      {showManagedFields ? 'Hide managed fields' : 'Show managed fields'}
                    </button>
                  </div>
                  {added.length > 0 && (
                    <div data-testid="server-set" className="rounded-md border border-violet-200 bg-violet-50 px-3 py-2 text-xs text-violet-900">
                      <span className="font-semibold">Added by the server</span> (defaults, admission, webhooks; you did not type these):
                      <PathChips paths={added} testId="server-set-paths" max={MAX_CHIPS} />
                    </div>
                  )}
                  <WarningList warnings={result.warnings} testId="dry-run-warnings" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-1.5 text-xs text-amber-800" />
                  <div className="h-[420px] min-h-0">
                    <DiffEditor
                      key={`${current?.key ?? ''}-${seq}-${String(showManagedFields)}`}
                      original={shown(base)}
                      modified={shown(result.object)}
                      label={`Dry run of the ${label}: live object (left) and the server's answer (right)`}
                    />
                  </div>
                </>
              )}
              {current?.state === 'failed' && (
                <FailureView failure={current.failure} title={`Dry run of the ${label}`} base={base} onRebase={rebaseOnto} onForce={forceApply} />
              )}
            </div>
          </div>
        )}

        {applyState.state === 'failed' && (
          <WriteOutcomePanel
            context={context}
            error={applyState.failure.error}
            target={{ verb: 'update', apiPath, base, sent: restoreReadOnly(modified, base) }}
            action="Apply"
            // A stale base or apply conflicts would only be refused again: their own panel offers the way on.
            onSendAgain={canApply && applyState.failure.kind === 'error' ? () => void apply() : undefined}
            onDone={{ label: "Continue from the server's object", run: (found) => found && onApplied(found, []) }}
          />
        )}
        {applyState.state === 'failed' && (
          <FailureView failure={applyState.failure} title={`Applying the ${label}`} base={base} onRebase={rebaseOnto} onForce={forceApply} />
        )}
      </div>
    </section>
  );
}
