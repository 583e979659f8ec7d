// Edit one object as YAML: draft kept in localStorage, live server changes shown but never written into the text,
// PUT with the base resourceVersion, and a three-way merge (or a diff to resolve) after a 409 Conflict.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLiveObject } from '../../data/object-live';
import type { KubeObject } from '../../k8s/kube-object';
import { gvrKey } from '../../k8s/discovery/gvr';
import { KubeApiError } from '../../k8s/kube-api-error';
import type { KindSchema } from '../../k8s/openapi';
import { gvrOf, type ApiPath } from '../../k8s/paths';
import type { EditorComponents, EditorMarker, EditorReveal } from './code-editor';
import { clearDraft, loadDraft, saveDraft, type DraftKey } from './draft-storage';
import { editableObject, editableYaml, hiddenFields, identityError, restoreReadOnly, toYaml } from './editable-object';
import { EditErrorPanel } from './edit-error-panel';
import { droppedFieldNotes, unknownFieldMessage, unknownFieldsBeforeSave, type UnknownFieldsWarning } from './field-validation-guard';
import { mergeEdit } from './merge-edit';
import { changedPaths } from './object-diff';
import { ChangePreview } from './preview/change-preview';
import type { ChangeRequest } from './preview/change-request';
import { ManagedFieldsView } from './preview/managed-fields-view';
import { putEdited } from './put-edited';
import { getLatest, loadKindSchema } from './save-object';
import { UnknownFieldsPanel } from './unknown-fields-panel';
import { lineOfFieldPath, parseEditedYaml, type YamlProblem } from './yaml-position';
import { YamlProblemsAlert } from './yaml-problems-alert';

export interface EditPageProps {
  context: string;
  /** Object API path, e.g. /api/v1/namespaces/default/configmaps/c1. */
  apiPath: string;
  path: ApiPath;
  editors: EditorComponents;
  /** Leaves the editor (the draft stays). */
  onCancel: () => void;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

interface Session {
  /** The object the text is an edit of: its resourceVersion goes with the PUT. */
  base: KubeObject;
  text: string;
  /** Bumped when the text is replaced from outside the editor (merge, save, discard): the editor remounts with it. */
  revision: number;
}

type Notice =
  | { kind: 'saved'; resourceVersion: string; warnings: string[]; verb: 'Saved' | 'Applied' }
  | { kind: 'merged'; resourceVersion: string; theirChanges: string[] }
  | { kind: 'conflict'; theirs: KubeObject; conflicts: string[] };

const MAX_LISTED = 8;

function serverChanges(base: KubeObject, live: KubeObject): string[] {
  // Compare everything the server may change (status included) except its bookkeeping.
  const strip = (o: KubeObject) => {
    const { managedFields: _m, resourceVersion: _r, ...metadata } = o.metadata;
    return { ...o, metadata };
  };
  return changedPaths(strip(base), strip(live));
}

function PathList({ paths, testId }: { paths: string[]; testId: string }) {
  const shown = paths.slice(0, MAX_LISTED);
  return (
    <ul data-testid={testId} className="mt-1 flex flex-wrap gap-1">
      {shown.map((p) => (
        <li key={p} className="rounded bg-white/70 px-1.5 py-0.5 font-mono text-[11px]">
          {p}
        </li>
      ))}
      {paths.length > shown.length && <li className="text-[11px]">and {paths.length - shown.length} more</li>}
    </ul>
  );
}

const buttonClass = 'rounded border px-3 py-1 text-xs font-medium disabled:cursor-not-allowed disabled:opacity-50';

export function EditPage({ context, apiPath, path, editors, onCancel, storage = window.localStorage }: EditPageProps) {
  const { CodeEditor, DiffEditor } = editors;
  const { query } = useLiveObject({ context, path: apiPath });
  const live = query.data?.object;
  const liveDeleted = query.data?.deleted ?? false;
  const name = path.name ?? '';
  const draftKey: DraftKey = useMemo(
    () => ({ context, gvr: gvrKey(gvrOf(path)), namespace: path.namespace, name }),
    [context, path, name],
  );

  const [session, setSession] = useState<Session | null>(() => {
    const draft = loadDraft(storage, draftKey);
    return draft ? { base: draft.base, text: draft.text, revision: 0 } : null;
  });
  const [restoredDraft] = useState(() => session !== null);
  const [hasDraft, setHasDraft] = useState(restoredDraft);
  // Opened without a draft: the text is the object as it is now, once; later server changes never touch it.
  if (session === null && live && !liveDeleted) setSession({ base: live, text: editableYaml(live), revision: 0 });

  const [problems, setProblems] = useState<YamlProblem[]>([]);
  const [identityProblem, setIdentityProblem] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [saving, setSaving] = useState(false);
  const [showServerDiff, setShowServerDiff] = useState(false);
  const [reveal, setReveal] = useState<EditorReveal | null>(null);
  const revealAt = (line: number, column: number, moveCursor: boolean) =>
    setReveal((r) => ({ line, column, moveCursor, seq: (r?.seq ?? 0) + 1 }));
  const [kindSchema, setKindSchema] = useState<KindSchema | null>(null);
  const [unknownFields, setUnknownFields] = useState<UnknownFieldsWarning | null>(null);
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<ChangeRequest | null>(null);
  const [showManagedFields, setShowManagedFields] = useState(false);
  const savingRef = useRef(false);

  const base = session?.base;
  const text = session?.text ?? '';
  const kind = base?.kind ?? live?.kind ?? path.resource;
  const modelUri = `file:///kubeglass/${encodeURIComponent(context)}${apiPath}.yaml`;

  useEffect(() => {
    document.title = `Edit ${name} · ${kind} · ${context} — Kubeglass`;
  }, [name, kind, context]);

  const baseApiVersion = base?.apiVersion;
  const baseKind = base?.kind;
  useEffect(() => {
    if (!baseApiVersion || !baseKind) return undefined;
    let cancelled = false;
    void loadKindSchema(context, baseApiVersion, baseKind).then((s) => {
      if (!cancelled) setKindSchema(s);
    });
    return () => {
      cancelled = true;
    };
  }, [context, baseApiVersion, baseKind]);

  const store = useCallback(
    (next: Session) => {
      setSession(next);
      setHasDraft(saveDraft(storage, draftKey, { text: next.text, base: next.base, updatedAt: Date.now() }));
    },
    [storage, draftKey],
  );

  const onChange = (value: string) => {
    if (!session || value === session.text) return;
    store({ ...session, text: value });
    if (problems.length > 0) setProblems([]);
    if (unknownFields) setUnknownFields(null);
  };

  const showProblems = (found: YamlProblem[]) => {
    setProblems(found);
    const first = found[0];
    if (first) revealAt(first.line, first.column, false);
  };

  /** The parsed text when it can be sent as an update of the base; otherwise shows why and returns null. */
  const checkedEdit = (current: Session): KubeObject | null => {
    setSaveError(null);
    setIdentityProblem(null);
    const parsed = parseEditedYaml(current.text);
    if (!parsed.ok) {
      showProblems(parsed.problems);
      return null;
    }
    setProblems([]);
    const wrongIdentity = identityError(parsed.object, current.base);
    if (wrongIdentity) {
      setIdentityProblem(wrongIdentity);
      return null;
    }
    return parsed.object;
  };

  /** acceptUnknownFields: the user chose "Save anyway" for the fields listed by the guard. */
  const save = async (acceptUnknownFields = false) => {
    if (!session || savingRef.current) return;
    setPreview(null);
    const edited = checkedEdit(session);
    if (!edited) return;
    savingRef.current = true;
    setSaving(true);
    try {
      const { apiVersion = '', kind: editedKind = '' } = session.base;
      const loadSchema = () => (kindSchema ? Promise.resolve(kindSchema) : loadKindSchema(context, apiVersion, editedKind));
      const unknown = await unknownFieldsBeforeSave({ queryClient, context, kind: editedKind, text: session.text, loadSchema });
      if (unknown && !acceptUnknownFields) {
        setUnknownFields(unknown);
        const first = unknown.fields[0];
        if (first) revealAt(first.line, first.column, false);
        return;
      }
      setUnknownFields(null);
      const result = await putEdited(context, apiPath, edited, session.base);
      clearDraft(storage, draftKey);
      setHasDraft(false);
      setSession({ base: result.object, text: editableYaml(result.object), revision: session.revision + 1 });
      const dropped = unknown ? droppedFieldNotes(unknown) : [];
      setNotice({ kind: 'saved', resourceVersion: result.object.metadata.resourceVersion ?? '', warnings: [...result.warnings, ...dropped], verb: 'Saved' });
    } catch (error) {
      if (error instanceof KubeApiError && error.code === 409) {
        await mergeAfterConflict(session, edited, error);
      } else {
        setSaveError(error);
      }
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  const mergeAfterConflict = async (current: Session, yours: KubeObject, conflictError: KubeApiError) => {
    let theirs: KubeObject;
    try {
      theirs = await getLatest(context, apiPath);
    } catch (error) {
      setSaveError(error instanceof KubeApiError ? error : conflictError);
      return;
    }
    const theirChanges = changedPaths(editableObject(current.base), editableObject(theirs));
    const result = mergeEdit(current.base, yours, theirs, theirChanges, kindSchema?.lookup);
    store({ base: theirs, text: toYaml(result.merged), revision: current.revision + 1 });
    setShowServerDiff(false);
    if (result.kind === 'merged') {
      setNotice({ kind: 'merged', resourceVersion: theirs.metadata.resourceVersion ?? '', theirChanges: result.theirChanges });
    } else {
      setNotice({ kind: 'conflict', theirs, conflicts: result.conflicts });
    }
  };

  // Same checks as save; the preview then builds each PATCH type from (base, edited) and applies it.
  const startPreview = () => {
    if (!session) return;
    const edited = checkedEdit(session);
    if (!edited) return;
    setNotice(null);
    setPreview({ apiPath, original: session.base, modified: restoreReadOnly(edited, session.base), title: `Edit ${kind} ${name}` });
  };

  const onApplied = (object: KubeObject, warnings: string[]) => {
    clearDraft(storage, draftKey);
    setHasDraft(false);
    setPreview(null);
    setSession({ base: object, text: editableYaml(object), revision: (session?.revision ?? 0) + 1 });
    setNotice({ kind: 'saved', resourceVersion: object.metadata.resourceVersion ?? '', warnings, verb: 'Applied' });
  };

  const saveRef = useRef(save);
  useLayoutEffect(() => {
    saveRef.current = save;
  });
  const onSave = useCallback(() => void saveRef.current(), []);

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 's' || e.shiftKey || e.altKey) return;
      e.preventDefault();
      void saveRef.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const discard = () => {
    clearDraft(storage, draftKey);
    setHasDraft(false);
    setProblems([]);
    setIdentityProblem(null);
    setUnknownFields(null);
    setSaveError(null);
    setNotice(null);
    setPreview(null);
    setSession(live && !liveDeleted ? { base: live, text: editableYaml(live), revision: (session?.revision ?? 0) + 1 } : null);
  };

  const onCauseClick = (field: string) => {
    const line = lineOfFieldPath(text, field);
    if (line !== null) revealAt(line, 1, true);
  };

  const markers: EditorMarker[] = useMemo(() => {
    const list: EditorMarker[] = problems.map((p) => ({ line: p.line, column: p.column, message: p.message }));
    if (unknownFields) for (const f of unknownFields.fields) list.push({ line: f.line, column: f.column, message: unknownFieldMessage(unknownFields, f) });
    if (saveError instanceof KubeApiError) {
      for (const cause of saveError.causes) {
        const line = cause.field ? lineOfFieldPath(text, cause.field) : null;
        if (line !== null) list.push({ line, column: 1, message: `${cause.field}: ${cause.message ?? cause.reason ?? ''}` });
      }
    }
    return list;
  }, [problems, unknownFields, saveError, text]);

  const liveChanges = useMemo(
    () => (base && live && live.metadata.resourceVersion !== base.metadata.resourceVersion ? serverChanges(base, live) : []),
    [base, live],
  );
  const hidden = base ? hiddenFields(base) : [];
  const conflict = notice?.kind === 'conflict' ? notice : null;
  const dirty = session !== null && base !== undefined && session.text !== editableYaml(base);

  return (
    <article aria-labelledby="edit-title" className="flex h-full min-h-0 flex-col">
      <header className="flex min-h-11 shrink-0 items-center gap-x-3 border-b border-slate-200 px-4 py-2">
        <span className="shrink-0 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800">Editing</span>
        <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600">{kind}</span>
        <h1 id="edit-title" className="shrink-0 whitespace-nowrap font-mono text-sm font-semibold text-slate-900" data-testid="edit-name">
          {name}
        </h1>
        {path.namespace !== null && <span className="shrink-0 whitespace-nowrap text-xs text-slate-500">in {path.namespace}</span>}
        {base && (
          <span className="min-w-0 truncate whitespace-nowrap text-xs text-slate-500" data-testid="base-resource-version" title="The resourceVersion this edit is based on (sent with Save)">
            resourceVersion {base.metadata.resourceVersion}
          </span>
        )}
        <span className="min-w-0 truncate whitespace-nowrap text-xs text-slate-500" data-testid="draft-state">
          {hasDraft ? (dirty ? 'Draft kept in this browser' : 'Draft kept (no changes)') : dirty ? 'Unsaved' : 'No changes'}
        </span>
        <div className="ml-auto flex shrink-0 items-center gap-2">
          <button
            type="button"
            onClick={onSave}
            disabled={!session || saving}
            title="Save (Ctrl+S / ⌘S)"
            className={`${buttonClass} border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-700`}
          >
            {saving ? 'Saving…' : 'Save'}
          </button>
          <button
            type="button"
            onClick={startPreview}
            disabled={!session || saving || preview !== null}
            title="Preview the change as a PATCH with dryRun=All, then Apply"
            className={`${buttonClass} border-indigo-300 bg-white text-indigo-700 hover:bg-indigo-50`}
          >
            Preview
          </button>
          <button
            type="button"
            aria-pressed={showManagedFields}
            onClick={() => setShowManagedFields((v) => !v)}
            disabled={!base}
            className={`${buttonClass} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
          >
            Managed fields
          </button>
          {/* While previewing, the preview's own Cancel (back to the text) is the only one. */}
          {!preview && (
            <>
              <button type="button" onClick={discard} disabled={!session} className={`${buttonClass} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}>
                Discard
              </button>
              <button type="button" onClick={onCancel} className={`${buttonClass} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}>
                Cancel
              </button>
            </>
          )}
        </div>
      </header>

      <div className="shrink-0 space-y-0">
        {hidden.length > 0 && (
          <p data-testid="hidden-fields-note" className="border-b border-slate-200 bg-slate-50 px-4 py-1 text-xs text-slate-600">
            Hidden because the server owns them (kept as they are on save): <span className="font-mono">{hidden.join(', ')}</span>
          </p>
        )}
        {restoredDraft && notice === null && (
          <p role="status" data-testid="draft-restored" className="border-b border-sky-200 bg-sky-50 px-4 py-1 text-xs text-sky-900">
            Restored your unsaved draft. Discard drops it and starts again from the object on the server.
          </p>
        )}
        {liveDeleted && (
          <div role="status" data-testid="server-deleted" className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900">
            <span className="font-semibold">Deleted on the server.</span> Your text is kept; saving will fail unless the object is created again.
          </div>
        )}
        {!liveDeleted && liveChanges.length > 0 && notice?.kind !== 'conflict' && (
          <div role="status" data-testid="server-changed" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
            <div className="flex items-center gap-2">
              <span className="font-semibold">Changed on the server</span>
              <span className="text-xs">
                since you opened it (resourceVersion {live?.metadata.resourceVersion}). Your text is not touched; Save merges when it can.
              </span>
              <button
                type="button"
                onClick={() => setShowServerDiff((v) => !v)}
                className="ml-auto rounded border border-amber-300 bg-white px-2 py-0.5 text-xs font-medium hover:bg-amber-100"
              >
                {showServerDiff ? 'Hide diff' : 'Show diff'}
              </button>
            </div>
            <PathList paths={liveChanges} testId="server-changed-paths" />
          </div>
        )}
        {notice?.kind === 'saved' && (
          <div role="status" data-testid="saved" className="border-b border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-900">
            <span className="font-semibold">{notice.verb}.</span> New resourceVersion <span className="font-mono">{notice.resourceVersion}</span>.
          </div>
        )}
        {notice?.kind === 'merged' && (
          <div role="status" data-testid="merged" className="border-b border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-900">
            <span className="font-semibold">Merged with server changes:</span> someone changed the object while you edited. Your edit now sits on
            top of their version (resourceVersion <span className="font-mono">{notice.resourceVersion}</span>): check it and Save again.
            <PathList paths={notice.theirChanges} testId="merged-paths" />
          </div>
        )}
        {conflict && (
          <div role="alert" data-testid="conflict" className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900">
            <span className="font-semibold">Conflict with server changes.</span>{' '}
            {conflict.conflicts.length > 0
              ? 'The server changed the same fields you did. Left: the server now; right: your edit with their other changes. Edit the right side, then Save.'
              : 'Your edit could not be merged automatically. Left: the server now; right: your edit. Edit the right side, then Save.'}
            {conflict.conflicts.length > 0 && <PathList paths={conflict.conflicts} testId="conflict-paths" />}
          </div>
        )}
        {showManagedFields && base && (
          <div className="max-h-64 overflow-auto border-b border-slate-200 px-4 py-2">
            <ManagedFieldsView object={base} />
          </div>
        )}
        <YamlProblemsAlert problems={problems} outcome="Not saved" onReveal={(line, column) => revealAt(line, column, true)} />
        {identityProblem && (
          <div role="alert" data-testid="identity-error" className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900">
            <span className="font-semibold">Not saved:</span> {identityProblem}
          </div>
        )}
        {unknownFields && (
          <UnknownFieldsPanel warning={unknownFields} saving={saving} onSaveAnyway={() => void saveRef.current(true)} onGoToLine={(line, column) => revealAt(line, column, true)} />
        )}
        {saveError !== null && (
          <div className="border-b border-red-200 p-3">
            <EditErrorPanel error={saveError} title={`Saving ${path.resource} ${name}`} onCauseClick={onCauseClick} />
          </div>
        )}
        {(notice?.kind === 'saved' ? notice.warnings : saveError instanceof KubeApiError ? saveError.warnings : []).length > 0 && (
          <ul data-testid="save-warnings" className="border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-xs text-amber-800">
            {(notice?.kind === 'saved' ? notice.warnings : saveError instanceof KubeApiError ? saveError.warnings : []).map((w) => (
              <li key={w}>Warning: {w}</li>
            ))}
          </ul>
        )}
      </div>

      <div className="min-h-0 flex-1 p-2">
        {!session && query.error ? (
          <EditErrorPanel error={query.error} title={`Getting ${path.resource} ${name}`} onCauseClick={() => {}} />
        ) : !session ? (
          <p role="status" className="p-2 text-sm text-slate-500">
            Loading {name}…
          </p>
        ) : preview ? (
          <ChangePreview context={context} change={preview} editors={editors} onApplied={onApplied} onCancel={() => setPreview(null)} />
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
        ) : (
          <CodeEditor
            key={session.revision}
            value={text}
            onChange={onChange}
            onSave={onSave}
            markers={markers}
            reveal={reveal}
            label={`YAML of ${kind} ${name}`}
            uri={modelUri}
            schema={kindSchema?.jsonSchema ?? null}
          />
        )}
      </div>
    </article>
  );
}
