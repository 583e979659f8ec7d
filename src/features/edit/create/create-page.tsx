// A new object from YAML: a template per kind, a draft kept in localStorage (a Secret's in memory only), checks
// before anything is sent, Preview (POST with dryRun=All) showing what the server would store, and Create.
import { useEffect, useMemo, useReducer, useState, type ReactNode } from 'react';
import { KubeErrorPanel } from '../../../components/ui/kube-error-panel';
import { useDiscovery } from '../../../data/discovery-query';
import { k8sKeys } from '../../../data/query-keys';
import { formatGroupVersion, gvrKey } from '../../../k8s/discovery/gvr';
import { resourceByGvr } from '../../../k8s/discovery/resource-index';
import { KubeApiError } from '../../../k8s/kube-api-error';
import type { KubeObject } from '../../../k8s/kube-object';
import { buildApiPath, gvrOf, toUiPath } from '../../../k8s/paths';
import { useUiStore } from '../../../stores/ui-store';
import { accessTitle, mayAct } from '../../../components/ui/access-control';
import { useAccess } from '../../../data/access-query';
import { attributesFor } from '../../../k8s/access/access-review';
import { DraftCodeEditor } from '../../../writes/draft/draft-code-editor';
import type { DraftScreenProps } from '../../../writes/draft/draft-screen-props';
import { draftReducer, initialDraftState } from '../../../writes/draft/draft-model';
import { clearCreateDraft, holdsSecret, loadCreateDraft, saveCreateDraft, type CreateDraftKey } from '../../../writes/draft/draft-storage';
import { SecretDraftNotice } from '../../../writes/draft/secret-draft-notice';
import { useKindSchemaState } from '../../../data/kind-schema-query';
import { useDraftRequest } from '../../../writes/draft/use-draft-request';
import { DiscardButton } from '../../../writes/draft/discard-button';
import { useSaveCommand } from '../../../writes/draft/use-save-command';
import { lineOfFieldPath } from '../../../writes/draft/yaml-position';
import { YamlProblemsAlert } from '../../../writes/draft/yaml-problems-alert';
import { checkNewObject, type CreateCollection } from './create-checks';
import { CreatePreview, type CreatePreviewData } from './create-preview';
import { postObject, type CreateResult } from './create-request';
import { templatesFor, templateText, type CreateTarget } from './create-templates';
import { buttonBase, buttonStyles } from '../../../components/ui/button-styles';
import { SegmentedTabs } from '../../../components/ui/segmented-tabs';
import { DraftPage } from '../draft-page';
import { writeOutcome } from '../../../writes/save/write-outcome';
import { WriteOutcomePanel } from '../../../writes/save/write-outcome-panel';
import { FormView } from '../form/form-view';
import { FieldProblemsAlert } from '../form/field-problems-alert';
import { DRAFT_VIEWS, formRefusal, serverProblems, type DraftView } from '../form/form-checks';

/** apiPath is the collection's, e.g. /apis/apps/v1/namespaces/default/deployments. */
export interface CreatePageProps extends DraftScreenProps {
  /** Called with the UI path of the object just created. */
  onCreated: (uiPath: string) => void;
}

/** The draft of a new object: the text started from the template `origin`; Preview shows a dry run's answer. */
interface NewObjectDraft {
  origin: string;
  preview: CreatePreviewData;
  notice: never;
  request: 'preview' | 'create';
}

const reducer = draftReducer<NewObjectDraft>;

/** One POST of the checked text: a dry run (Preview) or for real (Create). */
interface CreatePost {
  dryRun: boolean;
  object: KubeObject;
  collectionPath: string;
  /** The editor text it was made from (a later edit makes a preview stale). */
  text: string;
}

/** The text as typed, or the dry run's answer. */
const VIEWS = [['yaml', 'Your YAML'], ['preview', 'Server preview']] as const;

const PREVIEW_TITLE = 'Preview: a dry run on the server (dryRun=All), nothing is stored (Ctrl+S / ⌘S)';

export function CreatePage({ context, apiPath, path, editors, onCancel, onCreated, storage = window.localStorage }: CreatePageProps) {
  const { CodeEditor, DiffEditor } = editors;
  const discovery = useDiscovery(context);
  const resource = discovery.data ? resourceByGvr(discovery.data.index, gvrOf(path)) : undefined;
  const apiVersion = formatGroupVersion(path.group, path.version);
  const kind = resource?.kind ?? null;
  const { schema, waiting: schemaWaiting } = useKindSchemaState(context, resource ? apiVersion : null, kind);
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
  const [state, dispatch] = useReducer(reducer, draftKey, (key) => {
    const stored = loadCreateDraft(storage, key);
    return initialDraftState<NewObjectDraft>(stored && { origin: stored.templateId, text: stored.text });
  });
  // No draft: start from the kind's first template; the skeleton of other kinds waits for the schema (required fields).
  const first = templates[0];
  const templatesReady = templates.length > 1 || schema !== undefined;
  if (state.draft === null && first && templatesReady) dispatch({ type: 'opened', origin: first.id, text: templateText(first), restored: false });

  const [pendingTemplate, setPendingTemplate] = useState<string | null>(null);
  const [view, setView] = useState<DraftView>('yaml');
  // The last refusal of fields came from the form's schema checks (not from the object's identity).
  const [refusedByForm, setRefusedByForm] = useState(false);

  const { draft, refusal, failure } = state;
  const text = draft?.text ?? '';
  const preview = state.preview;
  const previewShown = preview?.shown ?? false;
  const kindLabel = kind ?? path.resource;
  const currentTemplate = templates.find((t) => t.id === draft?.origin);
  const edited = draft !== null && (!currentTemplate || draft.text !== templateText(currentTemplate));
  const secretDraft = holdsSecret(draftKey.gvr, text);

  useEffect(() => {
    document.title = `Create ${kindLabel} · ${context} — Kubeglass`;
  }, [kindLabel, context]);

  // The last Create sent (not a dry run): what a failed one is checked against.
  const [sentCreate, setSentCreate] = useState<CreatePost | null>(null);
  const openCreated = (object: KubeObject) => {
    clearCreateDraft(storage, draftKey);
    const { name, namespace } = object.metadata;
    const created = { ...gvrOf(path), namespace: collection?.namespaced ? (namespace ?? null) : null, name: name ?? '', subresource: null };
    onCreated(toUiPath(context, buildApiPath(created)));
  };

  const postRequest = useDraftRequest<CreatePost, CreateResult>({
    mutationKey: k8sKeys.create(context, apiPath),
    mutationFn: (post) => postObject(context, post.collectionPath, post.object, post.dryRun),
    onSuccess: (result, post) => {
      if (post.dryRun) {
        dispatch({ type: 'previewed', preview: { sent: post.object, result: result.object, warnings: result.warnings, text: post.text } });
        return;
      }
      openCreated(result.object);
    },
    onError: (error, post) => dispatch({ type: 'failed', request: post.dryRun ? 'preview' : 'create', error }),
  });
  const busy = postRequest.pending && (postRequest.pending.dryRun ? 'preview' : 'create');
  const createAccess = useAccess(context, collection ? attributesFor(path, 'create', { namespaced: collection.namespaced }) : null);

  const onChange = (value: string) => {
    if (!draft || value === draft.text) return;
    dispatch({ type: 'edited', text: value, kept: saveCreateDraft(storage, draftKey, { text: value, templateId: draft.origin, updatedAt: Date.now() }) });
  };

  const replaceText = (templateId: string) => {
    const template = templates.find((t) => t.id === templateId);
    if (!template) return;
    clearCreateDraft(storage, draftKey);
    setPendingTemplate(null);
    dispatch({ type: 'replaced', draft: { origin: templateId, text: templateText(template) }, kept: false });
  };

  const pickTemplate = (templateId: string) => {
    if (templateId === draft?.origin && !edited) return;
    if (edited) setPendingTemplate(templateId);
    else replaceText(templateId);
  };

  const send = (dryRun: boolean) => {
    if (!draft || !collection || postRequest.inFlight()) return;
    setPendingTemplate(null);
    const checked = checkNewObject(draft.text, collection);
    if (!checked.ok) {
      dispatch({ type: 'refused', refusal: checked.kind === 'yaml' ? { kind: 'yaml', problems: checked.problems } : { kind: 'fields', problems: checked.problems } });
      return;
    }
    // The form refuses what its schema checks find before anything is sent.
    const formProblems = view === 'form' ? formRefusal(schema, checked.object) : null;
    setRefusedByForm(formProblems !== null);
    if (formProblems) {
      dispatch({ type: 'refused', refusal: formProblems });
      return;
    }
    dispatch({ type: 'checked' });
    const post: CreatePost = { dryRun, object: checked.object, collectionPath: checked.collectionPath, text: draft.text };
    if (!dryRun) setSentCreate(post);
    postRequest.send(post);
  };
  // Ctrl/Cmd+S previews: a keyboard habit must never create an object by accident.
  const onPreview = useSaveCommand(() => send(true));

  const discard = () => {
    const to = currentTemplate ?? first;
    if (to) replaceText(to.id);
  };

  const revealAt = (line: number, column: number) => dispatch({ type: 'revealed', line, column });
  const onCauseClick = (field: string) => {
    dispatch({ type: 'preview-shown', shown: false });
    const line = lineOfFieldPath(text, field);
    if (line !== null) revealAt(line, 1);
  };

  const error = failure?.error ?? null;
  const warnings = error instanceof KubeApiError ? error.warnings : previewShown && preview ? preview.data.warnings : [];
  const canCreate = resource?.verbs.includes('create') ?? false;
  const scope = resource ? (resource.namespaced ? (path.namespace ? `in ${path.namespace}` : 'in the namespace the YAML names') : 'cluster-scoped') : '';
  const notReady = !draft || !collection || !canCreate;
  const objectProblems = refusal?.kind === 'fields' ? refusal.problems : [];

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
  } else if (!draft || !resource) {
    // The editor waits for discovery: its label and model carry the kind, and remounting it would lose typing.
    body = (
      <p role="status" className="p-2 text-sm text-slate-500">
        Loading the {kindLabel} template…
      </p>
    );
  } else if (preview?.shown) {
    body = <CreatePreview preview={preview.data} seq={preview.seq} stale={preview.data.text !== text} DiffEditor={DiffEditor} />;
  } else if (view === 'form') {
    body = (
      <FormView
        text={text}
        kindSchema={schema}
        schemaWaiting={schemaWaiting}
        onChange={onChange}
        readOnlyReason={createAccess.state === 'denied' ? (accessTitle(createAccess, `create ${path.resource}`) ?? 'You may not create it') : null}
        serverProblems={serverProblems(error)}
        label={`Form of the new ${kindLabel}`}
      />
    );
  } else {
    body = (
      <DraftCodeEditor
        CodeEditor={CodeEditor}
        state={state}
        onChange={onChange}
        onSave={onPreview}
        label={`YAML of the new ${kindLabel}`}
        uri={`file:///kubeglass/${encodeURIComponent(context)}${apiPath}/new.yaml`}
        schema={schema?.jsonSchema ?? null}
      />
    );
  }

  return (
    <DraftPage
      badges={[{ label: 'New', tone: 'emerald' }]}
      title={{ id: 'create-title', text: `Create ${kindLabel}` }}
      headerWraps
      facts={
        <>
          <span className="shrink-0 whitespace-nowrap text-xs text-slate-500" data-testid="create-scope">
            {scope}
          </span>
          <span className="min-w-0 truncate whitespace-nowrap text-xs text-slate-500" data-testid="draft-state">
            {state.kept ? (secretDraft ? 'Draft kept in memory only' : 'Draft kept in this browser') : edited ? 'Not kept (browser storage refused it)' : 'Unchanged template'}
          </span>
        </>
      }
      actions={
        <>
          {templates.length > 1 && draft && (
            <label className="flex items-center gap-1.5 text-xs text-slate-600">
              Template
              <select value={draft.origin} onChange={(e) => pickTemplate(e.target.value)} className="max-w-64 rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs text-slate-800">
                {templates.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button type="button" onClick={onPreview} disabled={notReady || busy !== null} title={PREVIEW_TITLE} className={buttonStyles.preview}>
            {busy === 'preview' ? 'Previewing…' : 'Preview'}
          </button>
          <button
            type="button"
            onClick={() => send(false)}
            disabled={notReady || busy !== null || !mayAct(createAccess)}
            aria-busy={createAccess.state === 'pending' ? true : undefined}
            data-access={createAccess.state}
            data-testid="create-button"
            title={accessTitle(createAccess, `create ${path.resource}`) ?? 'Create the object on the server (POST)'}
            className={buttonStyles.primary}
          >
            {busy === 'create' ? 'Creating…' : 'Create'}
          </button>
          <DiscardButton dirty={edited} disabled={!draft || !edited} title="Drop your text and start again from the template" backTo="the template" onDiscard={discard} />
          <button type="button" onClick={onCancel} title="Back to the list (the draft stays)" className={buttonStyles.secondary}>
            Cancel
          </button>
        </>
      }
      notices={
        <>
          {secretDraft && <SecretDraftNotice />}
          {state.restored && !failure && !previewShown && (
            <p role="status" data-testid="draft-restored" className="border-b border-sky-200 bg-sky-50 px-4 py-1 text-xs text-sky-900">
              Restored your draft{secretDraft ? '' : ' from this browser'}. Discard drops it and starts again from the template.
            </p>
          )}
          {pendingTemplate !== null && (
            <div role="alert" data-testid="template-confirm" className="flex items-center gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
              <span>Replace your edited text with the “{templates.find((t) => t.id === pendingTemplate)?.label}” template? Your changes would be lost.</span>
              <button type="button" onClick={() => replaceText(pendingTemplate)} className={`${buttonBase} ml-auto border-amber-600 bg-amber-600 text-white hover:bg-amber-700`}>
                Replace my text
              </button>
              <button type="button" onClick={() => setPendingTemplate(null)} className={buttonStyles.secondary}>
                Keep my text
              </button>
            </div>
          )}
        </>
      }
      refusals={
        <>
          <YamlProblemsAlert problems={refusal?.kind === 'yaml' ? refusal.problems : []} outcome="Not sent" onReveal={revealAt} />
          {refusedByForm && (
            <FieldProblemsAlert
              problems={objectProblems}
              outcome="Not sent"
              onShow={(field) => {
                setView('yaml');
                onCauseClick(field);
              }}
            />
          )}
          {objectProblems.length > 0 && !refusedByForm && (
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
        </>
      }
      failure={
        failure && (
          <>
            {failure.request === 'create' && sentCreate && (
              <WriteOutcomePanel
                context={context}
                error={failure.error}
                target={{ verb: 'create', collectionPath: sentCreate.collectionPath, sent: sentCreate.object }}
                action="Create"
                onSendAgain={() => send(false)}
                onDone={{ label: 'Open it', run: (found) => openCreated(found ?? sentCreate.object) }}
                busy={busy !== null}
              />
            )}
            <KubeErrorPanel
              error={failure.error}
              title={failure.request === 'preview' ? `Previewing (dry run) a new ${kindLabel}` : `Creating a ${kindLabel}`}
              onCauseClick={onCauseClick}
              testId="create-error"
              footer={
                failure.request === 'preview'
                  ? 'Nothing was stored. Your text is kept: fix it and Preview again.'
                  : writeOutcome(failure.error).known === 'not-done'
                    ? 'Nothing was created. Your text is kept: fix it and try again.'
                    : 'Your text is kept. Whether it was created is shown above (Check now asks the server).'
              }
            />
          </>
        )
      }
      warnings={{ list: warnings, testId: 'create-warnings' }}
      views={[
        draft && !previewShown && <SegmentedTabs label="Edit view" options={DRAFT_VIEWS} value={view} onChange={setView} />,
        preview && draft && (
          <SegmentedTabs label="Create view" options={VIEWS} value={previewShown ? 'preview' : 'yaml'} onChange={(view) => dispatch({ type: 'preview-shown', shown: view === 'preview' })} />
        ),
      ]}
      body={body}
    />
  );
}
