// A new object from YAML: a template per kind, a draft kept in localStorage, checks before anything is sent,
// Preview (POST with dryRun=All) showing what the server would store, and Create.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { KubeErrorPanel } from '../../../components/ui/kube-error-panel';
import { useDiscovery } from '../../../data/discovery-query';
import { formatGroupVersion, gvrKey } from '../../../k8s/discovery/gvr';
import { resourceByGvr } from '../../../k8s/discovery/resource-index';
import { KubeApiError } from '../../../k8s/kube-api-error';
import type { KindSchema } from '../../../k8s/openapi';
import { buildApiPath, gvrOf, toUiPath, type ApiPath } from '../../../k8s/paths';
import { useUiStore } from '../../../stores/ui-store';
import type { EditorComponents, EditorMarker, EditorReveal } from '../code-editor';
import { clearCreateDraft, loadCreateDraft, saveCreateDraft, type CreateDraftKey } from '../draft-storage';
import { loadKindSchema } from '../save-object';
import { lineOfFieldPath, type YamlProblem } from '../yaml-position';
import { checkNewObject, type CreateCollection, type ObjectProblem } from './create-checks';
import { CreatePreview, type CreatePreviewData } from './create-preview';
import { postObject } from './create-request';
import { templatesFor, templateText, type CreateTarget } from './create-templates';
import { YamlProblemsAlert } from '../yaml-problems-alert';

export interface CreatePageProps {
  context: string;
  /** Collection API path, e.g. /apis/apps/v1/namespaces/default/deployments. */
  apiPath: string;
  path: ApiPath;
  editors: EditorComponents;
  /** Leaves the screen (the draft stays). */
  onCancel: () => void;
  /** Called with the UI path of the object just created. */
  onCreated: (uiPath: string) => void;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

interface Session {
  text: string;
  templateId: string;
  /** Bumped when the text is replaced from outside the editor (template, discard): the editor remounts with it. */
  revision: number;
}

type Busy = 'preview' | 'create' | null;

const buttonClass = 'rounded border px-3 py-1 text-xs font-medium disabled:cursor-not-allowed disabled:opacity-50';
const PREVIEW_TITLE = 'Preview: a dry run on the server (dryRun=All), nothing is stored (Ctrl+S / ⌘S)';

/** The schema once settled: undefined while loading, null when the cluster cannot tell. */
function useKindSchema(context: string, apiVersion: string | null, kind: string | null): KindSchema | null | undefined {
  const [loaded, setLoaded] = useState<{ key: string; schema: KindSchema | null } | null>(null);
  const key = apiVersion && kind ? `${apiVersion}/${kind}` : null;
  useEffect(() => {
    if (!apiVersion || !kind) return undefined;
    let cancelled = false;
    void loadKindSchema(context, apiVersion, kind).then((schema) => {
      if (!cancelled) setLoaded({ key: `${apiVersion}/${kind}`, schema });
    });
    return () => {
      cancelled = true;
    };
  }, [context, apiVersion, kind]);
  return loaded !== null && loaded.key === key ? loaded.schema : undefined;
}

export function CreatePage({ context, apiPath, path, editors, onCancel, onCreated, storage = window.localStorage }: CreatePageProps) {
  const { CodeEditor, DiffEditor } = editors;
  const discovery = useDiscovery(context);
  const resource = discovery.data ? resourceByGvr(discovery.data.index, gvrOf(path)) : undefined;
  const apiVersion = formatGroupVersion(path.group, path.version);
  const kind = resource?.kind ?? null;
  const schema = useKindSchema(context, resource ? apiVersion : null, kind);
  const remembered = useUiStore((s) => s.namespaceByContext[context]);

  const templateNamespace = resource?.namespaced ? (path.namespace ?? remembered ?? 'default') : null;
  const target: CreateTarget | null = useMemo(
    () => (resource ? { group: resource.group, version: resource.version, kind: resource.kind, namespaced: resource.namespaced, namespace: templateNamespace } : null),
    [resource, templateNamespace],
  );
  const collection: CreateCollection | null = useMemo(
    () => (resource ? { ...gvrOf(path), kind: resource.kind, namespaced: resource.namespaced, namespace: resource.namespaced ? path.namespace : null } : null),
    [resource, path],
  );
  const templates = useMemo(() => (target ? templatesFor(target, schema?.jsonSchema ?? null) : []), [target, schema]);

  const draftKey: CreateDraftKey = useMemo(() => ({ context, gvr: gvrKey(gvrOf(path)), namespace: path.namespace }), [context, path]);
  const [session, setSession] = useState<Session | null>(() => {
    const draft = loadCreateDraft(storage, draftKey);
    return draft ? { text: draft.text, templateId: draft.templateId, revision: 0 } : null;
  });
  const [restoredDraft, setRestoredDraft] = useState(() => session !== null);
  const [hasDraft, setHasDraft] = useState(restoredDraft);
  // No draft: start from the kind's first template; the skeleton of other kinds waits for the schema (required fields).
  const first = templates[0];
  const templatesReady = templates.length > 1 || schema !== undefined;
  if (session === null && first && templatesReady) setSession({ text: templateText(first), templateId: first.id, revision: 0 });

  const [problems, setProblems] = useState<YamlProblem[]>([]);
  const [objectProblems, setObjectProblems] = useState<ObjectProblem[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [errorAction, setErrorAction] = useState<'preview' | 'create'>('preview');
  const [preview, setPreview] = useState<CreatePreviewData | null>(null);
  const [view, setView] = useState<'yaml' | 'preview'>('yaml');
  const [busy, setBusy] = useState<Busy>(null);
  const busyRef = useRef(false);
  const [pendingTemplate, setPendingTemplate] = useState<string | null>(null);
  const [reveal, setReveal] = useState<EditorReveal | null>(null);
  const revealAt = (line: number, column: number, moveCursor: boolean) => setReveal((r) => ({ line, column, moveCursor, seq: (r?.seq ?? 0) + 1 }));

  const text = session?.text ?? '';
  const kindLabel = kind ?? path.resource;
  const currentTemplate = templates.find((t) => t.id === session?.templateId);
  const edited = session !== null && (!currentTemplate || session.text !== templateText(currentTemplate));

  useEffect(() => {
    document.title = `Create ${kindLabel} · ${context} — Kubeglass`;
  }, [kindLabel, context]);

  const store = useCallback(
    (next: Session) => {
      setSession(next);
      setHasDraft(saveCreateDraft(storage, draftKey, { text: next.text, templateId: next.templateId, updatedAt: Date.now() }));
    },
    [storage, draftKey],
  );

  const onChange = (value: string) => {
    if (!session || value === session.text) return;
    store({ ...session, text: value });
    if (problems.length > 0) setProblems([]);
    if (objectProblems.length > 0) setObjectProblems([]);
  };

  const replaceText = (templateId: string) => {
    const template = templates.find((t) => t.id === templateId);
    if (!template) return;
    clearCreateDraft(storage, draftKey);
    setHasDraft(false);
    setRestoredDraft(false);
    setSession({ text: templateText(template), templateId, revision: (session?.revision ?? 0) + 1 });
    setPendingTemplate(null);
    setProblems([]);
    setObjectProblems([]);
    setError(null);
    setPreview(null);
    setView('yaml');
  };

  const pickTemplate = (templateId: string) => {
    if (templateId === session?.templateId && !edited) return;
    if (edited) setPendingTemplate(templateId);
    else replaceText(templateId);
  };

  const send = async (dryRun: boolean) => {
    if (!session || !collection || busyRef.current) return;
    setError(null);
    setPendingTemplate(null);
    const checked = checkNewObject(session.text, collection);
    if (!checked.ok) {
      setView('yaml');
      if (checked.kind === 'yaml') {
        setObjectProblems([]);
        setProblems(checked.problems);
        const firstProblem = checked.problems[0];
        if (firstProblem) revealAt(firstProblem.line, firstProblem.column, false);
      } else {
        setProblems([]);
        setObjectProblems(checked.problems);
        const line = lineOfFieldPath(session.text, checked.problems[0]?.field ?? '');
        if (line !== null) revealAt(line, 1, false);
      }
      return;
    }
    setProblems([]);
    setObjectProblems([]);
    busyRef.current = true;
    setBusy(dryRun ? 'preview' : 'create');
    try {
      const result = await postObject(context, checked.collectionPath, checked.object, dryRun);
      if (dryRun) {
        setPreview((p) => ({ sent: checked.object, result: result.object, warnings: result.warnings, text: session.text, seq: (p?.seq ?? 0) + 1 }));
        setView('preview');
      } else {
        clearCreateDraft(storage, draftKey);
        const { name, namespace } = result.object.metadata;
        onCreated(toUiPath(context, buildApiPath({ ...gvrOf(path), namespace: collection.namespaced ? (namespace ?? null) : null, name: name ?? '', subresource: null })));
      }
    } catch (e) {
      setError(e);
      setErrorAction(dryRun ? 'preview' : 'create');
      setView('yaml');
    } finally {
      busyRef.current = false;
      setBusy(null);
    }
  };

  const sendRef = useRef(send);
  useLayoutEffect(() => {
    sendRef.current = send;
  });
  // Ctrl/Cmd+S previews: a keyboard habit must never create an object by accident.
  const onPreview = useCallback(() => void sendRef.current(true), []);
  const onCreate = () => void sendRef.current(false);

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 's' || e.shiftKey || e.altKey) return;
      e.preventDefault();
      void sendRef.current(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const discard = () => {
    const to = currentTemplate ?? first;
    if (to) replaceText(to.id);
  };

  const onCauseClick = (field: string) => {
    setView('yaml');
    const line = lineOfFieldPath(text, field);
    if (line !== null) revealAt(line, 1, true);
  };

  const markers: EditorMarker[] = useMemo(() => {
    const list: EditorMarker[] = problems.map((p) => ({ line: p.line, column: p.column, message: p.message }));
    for (const p of objectProblems) {
      const line = lineOfFieldPath(text, p.field);
      if (line !== null) list.push({ line, column: 1, message: p.message });
    }
    if (error instanceof KubeApiError) {
      for (const cause of error.causes) {
        const line = cause.field ? lineOfFieldPath(text, cause.field) : null;
        if (line !== null) list.push({ line, column: 1, message: `${cause.field}: ${cause.message ?? cause.reason ?? ''}` });
      }
    }
    return list;
  }, [problems, objectProblems, error, text]);

  const warnings = error instanceof KubeApiError ? error.warnings : view === 'preview' && preview ? preview.warnings : [];
  const canCreate = resource?.verbs.includes('create') ?? false;
  const scope = resource ? (resource.namespaced ? (path.namespace ? `in ${path.namespace}` : 'in the namespace the YAML names') : 'cluster-scoped') : '';
  const notReady = !session || !collection || !canCreate;

  let body: ReactNode;
  if (discovery.error) {
    body = <KubeErrorPanel error={discovery.error} title="Discovering the API" />;
  } else if (discovery.data && !resource) {
    body = (
      <p role="alert" className="p-2 text-sm text-red-800">
        The server does not serve <span className="font-mono">{path.resource}</span> in <span className="font-mono">{apiVersion}</span>: nothing to create here.
      </p>
    );
  } else if (resource && !canCreate) {
    body = (
      <p role="alert" data-testid="create-not-allowed" className="p-2 text-sm text-red-800">
        The server does not offer “create” for {path.resource} (its verbs: {resource.verbs.join(', ') || 'none'}).
      </p>
    );
  } else if (!session || !resource) {
    // The editor waits for discovery: its label and model carry the kind, and remounting it would lose typing.
    body = (
      <p role="status" className="p-2 text-sm text-slate-500">
        Loading the {kindLabel} template…
      </p>
    );
  } else if (view === 'preview' && preview) {
    body = <CreatePreview preview={preview} stale={preview.text !== text} DiffEditor={DiffEditor} />;
  } else {
    body = (
      <CodeEditor
        key={session.revision}
        value={text}
        onChange={onChange}
        onSave={onPreview}
        markers={markers}
        reveal={reveal}
        label={`YAML of the new ${kindLabel}`}
        uri={`file:///kubeglass/${encodeURIComponent(context)}${apiPath}/new.yaml`}
        schema={schema?.jsonSchema ?? null}
      />
    );
  }

  return (
    <article aria-labelledby="create-title" className="flex h-full min-h-0 flex-col">
      <header className="flex min-h-11 shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 px-4 py-2">
        <span className="shrink-0 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-800">New</span>
        <h1 id="create-title" className="shrink-0 whitespace-nowrap text-sm font-semibold text-slate-900">
          Create {kindLabel}
        </h1>
        <span className="shrink-0 whitespace-nowrap text-xs text-slate-500" data-testid="create-scope">
          {scope}
        </span>
        <span className="min-w-0 truncate whitespace-nowrap text-xs text-slate-500" data-testid="draft-state">
          {hasDraft ? 'Draft kept in this browser' : edited ? 'Not kept (browser storage refused it)' : 'Unchanged template'}
        </span>
        <div className="ml-auto flex shrink-0 items-center gap-2">
          {templates.length > 1 && session && (
            <label className="flex items-center gap-1.5 text-xs text-slate-600">
              Template
              <select
                value={session.templateId}
                onChange={(e) => pickTemplate(e.target.value)}
                className="max-w-64 rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs text-slate-800"
              >
                {templates.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button type="button" onClick={onPreview} disabled={notReady || busy !== null} title={PREVIEW_TITLE} className={`${buttonClass} border-indigo-300 bg-white text-indigo-700 hover:bg-indigo-50`}>
            {busy === 'preview' ? 'Previewing…' : 'Preview'}
          </button>
          <button
            type="button"
            onClick={onCreate}
            disabled={notReady || busy !== null}
            title="Create the object on the server (POST)"
            className={`${buttonClass} border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-700`}
          >
            {busy === 'create' ? 'Creating…' : 'Create'}
          </button>
          <button type="button" onClick={discard} disabled={!session || !edited} title="Drop your text and start again from the template" className={`${buttonClass} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}>
            Discard
          </button>
          <button type="button" onClick={onCancel} title="Back to the list (the draft stays)" className={`${buttonClass} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}>
            Cancel
          </button>
        </div>
      </header>

      <div className="shrink-0">
        {restoredDraft && !error && view === 'yaml' && (
          <p role="status" data-testid="draft-restored" className="border-b border-sky-200 bg-sky-50 px-4 py-1 text-xs text-sky-900">
            Restored your draft from this browser. Discard drops it and starts again from the template.
          </p>
        )}
        {pendingTemplate !== null && (
          <div role="alert" data-testid="template-confirm" className="flex items-center gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
            <span>
              Replace your edited text with the “{templates.find((t) => t.id === pendingTemplate)?.label}” template? Your changes would be lost.
            </span>
            <button type="button" onClick={() => replaceText(pendingTemplate)} className={`${buttonClass} ml-auto border-amber-600 bg-amber-600 text-white hover:bg-amber-700`}>
              Replace my text
            </button>
            <button type="button" onClick={() => setPendingTemplate(null)} className={`${buttonClass} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}>
              Keep my text
            </button>
          </div>
        )}
        <YamlProblemsAlert problems={problems} outcome="Not sent" onReveal={(line, column) => revealAt(line, column, true)} />
        {objectProblems.length > 0 && (
          <div role="alert" data-testid="object-error" className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900">
            <span className="font-semibold">Not sent: this is not a {kindLabel} this page can create.</span>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs">
              {objectProblems.map((p) => (
                <li key={p.message}>
                  <button type="button" className="underline" title="Show this field in the editor" onClick={() => onCauseClick(p.field)}>
                    {p.field}
                  </button>
                  : {p.message}
                </li>
              ))}
            </ul>
          </div>
        )}
        {error !== null && (
          <div className="border-b border-red-200 p-3">
            <KubeErrorPanel
              error={error}
              title={errorAction === 'preview' ? `Previewing (dry run) a new ${kindLabel}` : `Creating a ${kindLabel}`}
              onCauseClick={onCauseClick}
              testId="create-error"
              footer={errorAction === 'preview' ? 'Nothing was stored. Your text is kept: fix it and Preview again.' : 'Nothing was created. Your text is kept: fix it and try again.'}
            />
          </div>
        )}
        {warnings.length > 0 && (
          <ul data-testid="create-warnings" className="border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-xs text-amber-800">
            {warnings.map((w) => (
              <li key={w}>Warning: {w}</li>
            ))}
          </ul>
        )}
        {preview && session && (
          <div role="tablist" aria-label="Create view" className="flex gap-1 border-b border-slate-200 px-4 pt-1.5">
            {(
              [
                ['yaml', 'Your YAML'],
                ['preview', 'Server preview'],
              ] as const
            ).map(([id, label]) => (
              <button
                key={id}
                type="button"
                role="tab"
                aria-selected={view === id}
                onClick={() => setView(id)}
                className={`-mb-px rounded-t border px-3 py-1 text-xs font-medium ${view === id ? 'border-slate-200 border-b-white bg-white text-indigo-700' : 'border-transparent text-slate-600 hover:bg-slate-50'}`}
              >
                {label}
              </button>
            ))}
          </div>
        )}
      </div>

      <div className="min-h-0 flex-1 p-2">{body}</div>
    </article>
  );
}
