// Edit one object as YAML: draft kept in localStorage (a Secret's in memory only), live server changes shown but
// never written into the text, PUT with the base resourceVersion, and a three-way merge (or a diff to resolve)
// after a 409 Conflict.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useLiveObject } from '../../data/object-live';
import { k8sKeys } from '../../data/query-keys';
import { gvrKey } from '../../k8s/discovery/gvr';
import { KubeApiError } from '../../k8s/kube-api-error';
import type { KubeObject } from '../../k8s/kube-object';
import { gvrOf } from '../../k8s/paths';
import { accessTitle, mayAct } from '../../components/ui/access-control';
import { useAccess } from '../../data/access-query';
import { attributesFor } from '../../k8s/access/access-review';
import { DraftCodeEditor } from '../../writes/draft/draft-code-editor';
import { draftReducer, initialDraftState } from '../../writes/draft/draft-model';
import type { DraftScreenProps } from '../../writes/draft/draft-screen-props';
import { clearDraft, holdsSecret, loadDraft, saveDraft, type DraftKey } from '../../writes/draft/draft-storage';
import { SecretDraftNotice } from '../../writes/draft/secret-draft-notice';
import { editablePathsChanged, editableYaml, hiddenFields, restoreReadOnly } from '../../writes/draft/editable-object';
import { EditErrorPanel } from './edit-error-panel';
import { checkEdit, saveEdit, type EditSave, type EditSaveAnswer } from '../../writes/save/edit-save';
import { useKindSchemaState } from '../../data/kind-schema-query';
import { ChangePreview } from '../../writes/preview/change-preview';
import type { ChangeRequest } from '../../writes/preview/change-request';
import { ManagedFieldsView } from '../../writes/preview/managed-fields-view';
import { UnknownFieldsPanel } from '../../writes/save/unknown-fields-panel';
import { useDraftRequest } from '../../writes/draft/use-draft-request';
import { useSaveCommand } from '../../writes/draft/use-save-command';
import { lineOfFieldPath } from '../../writes/draft/yaml-position';
import { YamlProblemsAlert } from '../../writes/draft/yaml-problems-alert';
import { buttonStyles } from '../../components/ui/button-styles';
import { EditNoticeBanner, followedNotice, type EditNotice } from './edit-notice';
import { ServerChangesBanner } from './server-changes-banner';
import { DiscardButton } from '../../writes/draft/discard-button';
import { isLaterResourceVersion } from '../../k8s/resource-version-order';
import { WriteOutcomePanel } from '../../writes/save/write-outcome-panel';
import { SegmentedTabs } from '../../components/ui/segmented-tabs';
import { DraftPage } from './draft-page';
import { FormView } from './form/form-view';
import { DRAFT_VIEWS, formRefusal, serverProblems, type DraftView } from './form/form-checks';
import { FieldProblemsAlert } from './form/field-problems-alert';

/** apiPath is the object's, e.g. /api/v1/namespaces/default/configmaps/c1. */
export type EditPageProps = DraftScreenProps;

/** The draft of an edit: the text is an edit of `origin` (the base object); Preview shows a ChangeRequest. */
interface EditDraft {
  origin: KubeObject;
  preview: ChangeRequest;
  notice: EditNotice;
  request: 'save';
}

const reducer = draftReducer<EditDraft>;

function serverChanges(base: KubeObject, live: KubeObject): string[] {
  // Only what the editor shows: a status or bookkeeping update (e.g. the controller right after our own Save)
  // is not something the user could merge or lose, so it must not raise the banner.
  return editablePathsChanged(base, live);
}


export function EditPage({ context, apiPath, path, editors, onCancel, storage = window.localStorage }: EditPageProps) {
  const { CodeEditor, DiffEditor } = editors;
  const queryClient = useQueryClient();
  const { query } = useLiveObject({ context, path: apiPath });
  const live = query.data?.object;
  const liveDeleted = query.data?.deleted ?? false;
  const name = path.name ?? '';
  const draftKey: DraftKey = useMemo(
    () => ({ context, gvr: gvrKey(gvrOf(path)), namespace: path.namespace, name }),
    [context, path, name],
  );

  const [state, dispatch] = useReducer(reducer, draftKey, (key) => {
    const stored = loadDraft(storage, key);
    return initialDraftState<EditDraft>(stored && { origin: stored.base, text: stored.text });
  });
  // Opened without a draft: the text is the object as it is now, once; later server changes never touch it.
  if (state.draft === null && live && !liveDeleted) dispatch({ type: 'opened', origin: live, text: editableYaml(live), restored: false });

  const [showServerDiff, setShowServerDiff] = useState(false);
  const [showManagedFields, setShowManagedFields] = useState(false);
  const [view, setView] = useState<DraftView>('yaml');

  const { draft, notice, refusal, failure } = state;
  const base = draft?.origin;
  const text = draft?.text ?? '';
  const kind = base?.kind ?? live?.kind ?? path.resource;
  const { schema: kindSchema, waiting: schemaWaiting } = useKindSchemaState(context, base?.apiVersion, base?.kind);
  const preview = state.preview?.shown ? state.preview.data : null;
  const modelUri = `file:///kubeglass/${encodeURIComponent(context)}${apiPath}.yaml`;

  useEffect(() => {
    document.title = `Edit ${name} · ${kind} · ${context} — Kubeglass`;
  }, [name, kind, context]);

  const keep = (next: { text: string; base: KubeObject }) => saveDraft(storage, draftKey, { ...next, updatedAt: Date.now() });

  const onAnswer = (answer: EditSaveAnswer) => {
    if (answer.kind === 'unknown-fields') {
      dispatch({ type: 'refused', refusal: { kind: 'unknown-fields', warning: answer.warning } });
    } else if (answer.kind === 'saved') {
      clearDraft(storage, draftKey);
      const { object, warnings } = answer;
      const saved: EditNotice = { kind: 'saved', resourceVersion: object.metadata.resourceVersion ?? '', warnings, verb: 'Saved' };
      dispatch({ type: 'replaced', draft: { origin: object, text: editableYaml(object) }, kept: false, notice: saved });
    } else {
      const { theirs } = answer;
      const merged: EditNotice =
        answer.kind === 'merged'
          ? { kind: 'merged', resourceVersion: theirs.metadata.resourceVersion ?? '', theirChanges: answer.theirChanges }
          : { kind: 'conflict', theirs, conflicts: answer.conflicts };
      setShowServerDiff(false);
      dispatch({ type: 'replaced', draft: { origin: theirs, text: answer.text }, kept: keep({ text: answer.text, base: theirs }), notice: merged });
    }
  };
  const saveRequest = useDraftRequest<EditSave, EditSaveAnswer>({
    mutationKey: k8sKeys.update(context, apiPath),
    mutationFn: (save) => saveEdit(queryClient, save),
    onSuccess: onAnswer,
    onError: (error) => dispatch({ type: 'failed', request: 'save', error }),
  });
  const saving = saveRequest.pending !== null;
  // The last Save sent: what a failed one is checked against (the draft may change meanwhile).
  const [sentSave, setSentSave] = useState<EditSave | null>(null);
  const updateAccess = useAccess(context, attributesFor(path, 'update'));

  const onChange = (value: string) => {
    if (!draft || value === draft.text) return;
    dispatch({ type: 'edited', text: value, kept: keep({ text: value, base: draft.origin }) });
  };

  /** acceptUnknownFields: the user chose "Save anyway" for the fields listed by the guard. */
  const save = (acceptUnknownFields = false) => {
    // Ctrl+S too: a refused update is never sent.
    if (!draft || saveRequest.inFlight() || !mayAct(updateAccess)) return;
    dispatch({ type: 'preview-closed' });
    const checked = checkEdit(draft.text, draft.origin);
    // The form refuses what its schema checks find before anything is sent.
    const refusal = checked.ok ? (view === 'form' ? formRefusal(kindSchema, checked.edited) : null) : checked.refusal;
    if (!checked.ok || refusal) {
      if (refusal) dispatch({ type: 'refused', refusal });
      return;
    }
    dispatch({ type: 'checked' });
    const sending: EditSave = { context, apiPath, base: draft.origin, text: draft.text, edited: checked.edited, acceptUnknownFields };
    setSentSave(sending);
    saveRequest.send(sending);
  };
  const onSave = useSaveCommand(() => save());

  // Same checks as save; the preview then builds each PATCH type from (base, edited) and applies it.
  const startPreview = () => {
    if (!draft) return;
    const checked = checkEdit(draft.text, draft.origin);
    const refusal = checked.ok ? (view === 'form' ? formRefusal(kindSchema, checked.edited) : null) : checked.refusal;
    if (!checked.ok || refusal) {
      if (refusal) dispatch({ type: 'refused', refusal });
      return;
    }
    dispatch({ type: 'checked' });
    const change: ChangeRequest = { apiPath, original: draft.origin, modified: restoreReadOnly(checked.edited, draft.origin), title: `Edit ${kind} ${name}` };
    dispatch({ type: 'previewed', preview: change });
  };

  const onApplied = (object: KubeObject, warnings: string[]) => {
    clearDraft(storage, draftKey);
    const applied: EditNotice = { kind: 'saved', resourceVersion: object.metadata.resourceVersion ?? '', warnings, verb: 'Applied' };
    dispatch({ type: 'replaced', draft: { origin: object, text: editableYaml(object) }, kept: false, notice: applied });
  };

  const discard = () => {
    clearDraft(storage, draftKey);
    dispatch({ type: 'replaced', draft: live && !liveDeleted ? { origin: live, text: editableYaml(live) } : null, kept: false });
  };

  const revealAt = (line: number, column: number) => dispatch({ type: 'revealed', line, column });
  // In the form, a cause shows its field; in the YAML view, its line.
  const [formReveal, setFormReveal] = useState<{ field: string; seq: number } | null>(null);
  const onCauseClick = (field: string) => {
    if (view === 'form') {
      setFormReveal((old) => ({ field, seq: (old?.seq ?? 0) + 1 }));
      return;
    }
    const line = lineOfFieldPath(text, field);
    if (line !== null) revealAt(line, 1);
  };

  const liveChanges = useMemo(
    // A live copy known to be older than the base (the watch not yet past one's own save, or reconnecting) is no change.
    () =>
      base && live && live.metadata.resourceVersion !== base.metadata.resourceVersion && !isLaterResourceVersion(base.metadata.resourceVersion, live.metadata.resourceVersion)
        ? serverChanges(base, live)
        : [],
    [base, live],
  );
  const hidden = base ? hiddenFields(base) : [];
  const conflict = notice?.kind === 'conflict' ? notice : null;
  // Once per base, not per keystroke (a 10-container Pod's YAML takes milliseconds to write).
  const baseYaml = useMemo(() => (base ? editableYaml(base) : null), [base]);
  const dirty = draft !== null && baseYaml !== null && text !== baseYaml;
  // Nothing typed since the base (just saved, say): the text follows the server to a later version, a controller's
  // write after one's own save told apart quietly; a typed edit is never touched. (The watch may still be showing the
  // version before the save: never follow back to it.)
  if (!dirty && draft !== null && live && !liveDeleted && liveChanges.length > 0 && isLaterResourceVersion(live.metadata.resourceVersion, base?.metadata.resourceVersion) && state.preview === null && refusal === null && failure === null && notice?.kind !== 'conflict') {
    const change = { resourceVersion: live.metadata.resourceVersion ?? '', paths: liveChanges };
    dispatch({ type: 'replaced', draft: { origin: live, text: editableYaml(live) }, kept: state.kept, notice: followedNotice(notice, change) });
  }
  const secretDraft = holdsSecret(draftKey.gvr, text, base ?? live);
  const saveError = failure?.error ?? null;
  const warnings = notice?.kind === 'saved' ? notice.warnings : saveError instanceof KubeApiError ? saveError.warnings : [];

  return (
    <DraftPage
      badges={[
        { label: 'Editing', tone: 'amber' },
        { label: kind, tone: 'slate' },
      ]}
      title={{ id: 'edit-title', text: name, mono: true, testId: 'edit-name' }}
      facts={
        <>
          {path.namespace !== null && <span className="shrink-0 whitespace-nowrap text-xs text-slate-500">in {path.namespace}</span>}
          {base && (
            <span className="min-w-0 truncate whitespace-nowrap text-xs text-slate-500" data-testid="base-resource-version" title="The resourceVersion this edit is based on (sent with Save)">
              resourceVersion {base.metadata.resourceVersion}
            </span>
          )}
          <span className="min-w-0 truncate whitespace-nowrap text-xs text-slate-500" data-testid="draft-state">
            {state.kept ? (dirty ? (secretDraft ? 'Draft kept in memory only' : 'Draft kept in this browser') : 'Draft kept (no changes)') : dirty ? 'Unsaved' : 'No changes'}
          </span>
        </>
      }
      actions={
        <>
          <button
            type="button"
            onClick={onSave}
            disabled={!draft || saving || !mayAct(updateAccess)}
            aria-busy={updateAccess.state === 'pending' ? true : undefined}
            data-access={updateAccess.state}
            data-testid="save-button"
            title={accessTitle(updateAccess, `update ${path.resource} "${path.name ?? ''}"`) ?? 'Save (Ctrl+S / ⌘S)'}
            className={buttonStyles.primary}
          >
            {saving ? 'Saving…' : 'Save'}
          </button>
          <button
            type="button"
            onClick={startPreview}
            disabled={!draft || saving || preview !== null}
            title="Preview the change as a PATCH with dryRun=All, then Apply"
            className={buttonStyles.preview}
          >
            Preview
          </button>
          <button type="button" aria-pressed={showManagedFields} onClick={() => setShowManagedFields((v) => !v)} disabled={!base} className={buttonStyles.secondary}>
            Managed fields
          </button>
          {/* While previewing, the preview's own Cancel (back to the text) is the only one. */}
          {!preview && (
            <>
              <DiscardButton dirty={dirty} disabled={!draft} backTo="the object on the server" onDiscard={discard} />
              <button type="button" onClick={onCancel} className={buttonStyles.secondary}>
                Cancel
              </button>
            </>
          )}
        </>
      }
      notices={
        <>
          {hidden.length > 0 && (
            <p data-testid="hidden-fields-note" className="border-b border-slate-200 bg-slate-50 px-4 py-1 text-xs text-slate-600">
              Hidden because the server owns them (kept as they are on save): <span className="font-mono">{hidden.join(', ')}</span>
            </p>
          )}
          {secretDraft && <SecretDraftNotice />}
          {state.restored && notice === null && (
            <p role="status" data-testid="draft-restored" className="border-b border-sky-200 bg-sky-50 px-4 py-1 text-xs text-sky-900">
              Restored your unsaved draft. Discard drops it and starts again from the object on the server.
            </p>
          )}
          <ServerChangesBanner
            deleted={liveDeleted}
            resourceVersion={live?.metadata.resourceVersion}
            changes={notice?.kind === 'conflict' ? [] : liveChanges}
            showDiff={showServerDiff}
            onToggleDiff={() => setShowServerDiff((v) => !v)}
          />
          {/* A save's success is history once a later attempt failed or was refused: never "Saved" above "Not saved". */}
          {notice && !((notice.kind === 'saved' || notice.kind === 'followed') && (failure || refusal)) && <EditNoticeBanner notice={notice} />}
          {showManagedFields && base && (
            <div className="max-h-64 overflow-auto border-b border-slate-200 px-4 py-2">
              <ManagedFieldsView object={base} />
            </div>
          )}
        </>
      }
      refusals={
        <>
          <YamlProblemsAlert problems={refusal?.kind === 'yaml' ? refusal.problems : []} outcome="Not saved" onReveal={revealAt} />
          {refusal?.kind === 'identity' && (
            <div role="alert" data-testid="identity-error" className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900">
              <span className="font-semibold">Not saved:</span> {refusal.message}
            </div>
          )}
          {refusal?.kind === 'fields' && <FieldProblemsAlert problems={refusal.problems} outcome="Not saved" onShow={onCauseClick} />}
          {refusal?.kind === 'unknown-fields' && <UnknownFieldsPanel warning={refusal.warning} saving={saving} onSaveAnyway={() => save(true)} onGoToLine={revealAt} />}
        </>
      }
      failure={
        saveError !== null && (
          <>
            {sentSave && (
              <WriteOutcomePanel
                context={context}
                error={saveError}
                target={{ verb: 'update', apiPath, base: sentSave.base, sent: sentSave.edited }}
                action="Save"
                onSendAgain={() => save(sentSave.acceptUnknownFields)}
                onDone={{ label: "Continue from the server's object", run: (found) => found && onAnswer({ kind: 'saved', object: found, warnings: [] }) }}
                busy={saving}
              />
            )}
            <EditErrorPanel error={saveError} title={`Saving ${path.resource} ${name}`} onCauseClick={onCauseClick} />
          </>
        )
      }
      warnings={{ list: warnings, testId: 'save-warnings' }}
      views={[draft && !preview && !conflict && !showServerDiff && <SegmentedTabs label="Edit view" options={DRAFT_VIEWS} value={view} onChange={setView} />]}
      body={
        !draft && query.error ? (
          <EditErrorPanel error={query.error} title={`Getting ${path.resource} ${name}`} onCauseClick={() => {}} />
        ) : !draft ? (
          <p role="status" className="p-2 text-sm text-slate-500">
            Loading {name}…
          </p>
        ) : preview ? (
          <ChangePreview context={context} change={preview} editors={editors} onApplied={onApplied} onCancel={() => dispatch({ type: 'preview-closed' })} />
        ) : conflict ? (
          <div className="flex h-full min-h-0 flex-col gap-1">
            <div className="grid grid-cols-2 text-xs font-medium text-slate-600">
              <span>Server now (resourceVersion {conflict.theirs.metadata.resourceVersion})</span>
              <span>Yours, to save</span>
            </div>
            <div className="min-h-0 flex-1">
              <DiffEditor
                key={`conflict-${conflict.theirs.metadata.resourceVersion ?? ''}`}
                original={editableYaml(conflict.theirs)}
                modified={text}
                onChange={onChange}
                onSave={onSave}
                label={`Resolve ${kind} ${name}: server (left) and yours (right)`}
              />
            </div>
          </div>
        ) : showServerDiff && base && live ? (
          <div className="flex h-full min-h-0 flex-col gap-1">
            <p className="text-xs text-slate-500">
              Server changes since you opened it: left, as you opened it (resourceVersion {base.metadata.resourceVersion}); right, now ({live.metadata.resourceVersion}).
            </p>
            <div className="min-h-0 flex-1">
              <DiffEditor key={`server-${live.metadata.resourceVersion ?? ''}`} original={editableYaml(base)} modified={editableYaml(live)} label={`Server changes to ${kind} ${name}`} />
            </div>
          </div>
        ) : view === 'form' ? (
          <FormView
            text={text}
            kindSchema={kindSchema}
            schemaWaiting={schemaWaiting}
            onChange={onChange}
            readOnlyReason={updateAccess.state === 'denied' ? (accessTitle(updateAccess, `update ${path.resource} "${name}"`) ?? 'You may not update it') : null}
            serverProblems={serverProblems(saveError)}
            serverObject={live ?? base}
            label={`Form of ${kind} ${name}`}
            reveal={formReveal}
          />
        ) : (
          <DraftCodeEditor CodeEditor={CodeEditor} state={state} onChange={onChange} onSave={onSave} label={`YAML of ${kind} ${name}`} uri={modelUri} schema={kindSchema?.jsonSchema ?? null} />
        )
      }
    />
  );
}
