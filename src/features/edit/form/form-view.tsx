// The Form view of a draft: the kind's schema drawn as fields over the same YAML text the YAML view edits. Every
// change is an edit of that text (yaml-edit), so comments, order and formatting elsewhere stay, and Save, Preview,
// kept drafts and the conflict merge see one draft. A text that does not parse keeps the form read-only.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KubeObject } from '../../../k8s/kube-object';
import { buildFormModel, type FormField } from '../../../k8s/openapi/form-model';
import { validateObject, type FormProblem, type ValidationCache } from '../../../k8s/openapi/form-validate';
import type { KindSchema } from '../../../k8s/openapi';
import { editYaml, type YamlEdit } from '../../../k8s/yaml-edit';
import { readYaml } from '../../../k8s/yaml-read';
import { toYaml } from '../../../writes/draft/editable-object';
import { FindField } from './find-field';
import { FormContext, type FieldRenderProps, type FormContextValue } from './form-context';
import { locateSchemaPath, pathKey } from './form-paths';
import { FormFieldView } from './form-field';
import { ObjectFields } from './object-group';
import { shareUnchanged } from './share-unchanged';
import { applyEdit } from './apply-edit';

export interface FormViewProps {
  text: string;
  /** undefined while loading; null when the cluster publishes none. */
  kindSchema: KindSchema | null | undefined;
  /** The schema is missing but read again shortly (a new CRD's schema is published some seconds after it). */
  schemaWaiting?: boolean;
  onChange: (text: string) => void;
  /** Why nothing may be changed (the user may not update), or null. */
  readOnlyReason: string | null;
  /** The causes of the last failed request: shown on their fields. */
  serverProblems: FormProblem[];
  /** The object as on the server: its status and server-set metadata, shown read-only on demand. */
  serverObject?: KubeObject | null;
  label: string;
  /** A field to show and focus (a cause clicked in the error panel); `seq` changes per request. */
  reveal?: { field: string; seq: number } | null;
}

/** A value for a CSS attribute selector in double quotes (CSS.escape is not everywhere, e.g. jsdom). */
function cssString(value: string): string {
  return value.replace(/["\\]/g, '\\$&');
}

const renderField = (props: FieldRenderProps) => <FormFieldView {...props} />;

function problemMap(problems: FormProblem[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const p of problems) {
    const list = map.get(p.field) ?? [];
    if (!list.includes(p.message)) list.push(p.message);
    map.set(p.field, list);
  }
  return map;
}

/** The path's field path text with list indices in brackets (`spec.containers[0]`). */
function atOf(path: ReadonlyArray<string | number>): string {
  return path.reduce<string>((out, s) => (typeof s === 'number' ? `${out}[${s}]` : out === '' ? s : `${out}.${s}`), '');
}

/** The fields only the server sets, shown read-only beside the form. */
const SERVER_SET_METADATA = ['uid', 'resourceVersion', 'creationTimestamp', 'generation', 'selfLink', 'deletionTimestamp'];

function serverSetPart(object: KubeObject): Record<string, unknown> {
  const metadata = Object.fromEntries(Object.entries(object.metadata).filter(([k]) => SERVER_SET_METADATA.includes(k)));
  return object.status === undefined ? { metadata } : { metadata, status: object.status };
}

export function FormView({ text, kindSchema, schemaWaiting = false, onChange, readOnlyReason, serverProblems, serverObject, label, reveal = null }: FormViewProps) {
  // What the form's own last edit wrote: its value is known without parsing the text again.
  const [known, setKnown] = useState<{ text: string; value: unknown } | null>(null);
  const parsed = useMemo(() => (known !== null && known.text === text ? { ok: true as const, value: known.value } : readYaml(text)), [text, known]);
  // While the text does not parse, the form shows (read-only) the last text that did. What a keystroke did not
  // change keeps its identity, so the memoized fields below skip it.
  const [lastGood, setLastGood] = useState<unknown>(parsed.ok ? parsed.value : null);
  const [lastRead, setLastRead] = useState(parsed);
  if (parsed !== lastRead) {
    setLastRead(parsed);
    if (parsed.ok) setLastGood(shareUnchanged(lastGood, parsed.value));
  }
  const read = parsed;
  const value = lastGood;
  const model = useMemo(() => (kindSchema ? buildFormModel(kindSchema) : null), [kindSchema]);
  const [opened, setOpened] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [editError, setEditError] = useState<string | null>(null);
  const [found, setFound] = useState<{ at: string; set: boolean; name: string; seq: number } | null>(null);
  const [showServerSet, setShowServerSet] = useState(false);
  const formRef = useRef<HTMLDivElement>(null);

  const [validationCache] = useState<ValidationCache>(() => new WeakMap());
  const schemaProblems = useMemo(() => (model && read.ok ? validateObject(model, value, 200, validationCache) : []), [model, read, value, validationCache]);
  // The same problems keep the same map (the fields re-render only when what they show changed).
  const problemsKey = JSON.stringify([serverProblems, schemaProblems]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by content, not by the arrays' identity
  const problems = useMemo(() => problemMap([...serverProblems, ...schemaProblems]), [problemsKey]);
  // Edits read the latest text and onChange from a box set after each render: the context (and every field under it) stays the same object.
  const [latest] = useState(() => new Map([['draft', { text, onChange, value: read.ok ? value : undefined }]]));
  useLayoutEffect(() => {
    latest.set('draft', { text, onChange, value: read.ok ? value : undefined });
  });
  const setOpen = useCallback((key: string, open: boolean) => setOpened((old) => new Map(old).set(key, open)), []);
  const parseProblem = read.ok ? null : (read.problems[0] ?? { line: 1, column: 1, message: 'The YAML does not parse.' });
  const readOnly = parseProblem ? 'The YAML does not parse' : readOnlyReason;

  useEffect(() => {
    if (!found || !formRef.current) return;
    const root = formRef.current;
    const target = found.set
      ? (() => {
          const field = root.querySelector(`[data-form-field="${cssString(found.at)}"]`);
          // The control itself; a group (object, list) has none of its own: its expand button.
          return field?.querySelector<HTMLElement>('input, select, textarea') ?? field?.querySelector<HTMLElement>('button[aria-expanded]');
        })()
      : root.querySelector<HTMLElement>(`[data-add-field="${cssString(found.at)}"]`);
    target?.scrollIntoView?.({ block: 'center' });
    target?.focus();
  }, [found]);

  const edit = useCallback(
    (...edits: YamlEdit[]) => {
      const draft = latest.get('draft');
      if (readOnly !== null || !draft) return;
      const { text: current, onChange: write, value: before } = draft;
      try {
        const written = edits.reduce((t, e) => editYaml(t, e), current);
        setKnown({ text: written, value: edits.reduce((v, e) => applyEdit(v, e), before) });
        write(written);
        setEditError(null);
      } catch (error) {
        setEditError(error instanceof Error ? error.message : String(error));
      }
    },
    [readOnly, latest],
  );
  const formContext = useMemo<FormContextValue | null>(
    () =>
      model && {
        model,
        renderField,
        problems,
        readOnly,
        opened,
        setOpen,
        edit,
      },
    [model, problems, readOnly, opened, setOpen, edit],
  );

  useEffect(() => {
    if (!reveal || !formRef.current) return;
    const target = formRef.current.querySelector(`[data-form-field="${cssString(reveal.field)}"]`)?.querySelector<HTMLElement>('input, select, textarea');
    target?.scrollIntoView?.({ block: 'center' });
    target?.focus();
  }, [reveal]);

  if (kindSchema === undefined) {
    return (
      <p role="status" className="p-2 text-sm text-slate-500">
        Loading the kind&apos;s schema…
      </p>
    );
  }
  if ((model === null || formContext === null) && schemaWaiting) {
    return (
      <p role="status" data-testid="form-schema-waiting" className="p-2 text-sm text-slate-600">
        Waiting for the schema: the cluster serves this kind but its OpenAPI does not describe it yet (a new
        CustomResourceDefinition&apos;s schema is published some seconds after it). The form appears by itself.
      </p>
    );
  }
  if (model === null || formContext === null) {
    return (
      <p role="alert" data-testid="form-no-schema" className="p-2 text-sm text-amber-900">
        The cluster publishes no OpenAPI schema for this kind, so there is no form: edit it in the YAML view.
      </p>
    );
  }


  const onFound = (field: FormField) => {
    const located = locateSchemaPath(value, field.schemaPath);
    // Expand every group on the way.
    setOpened((old) => {
      const next = new Map(old);
      for (let i = 0; i <= located.path.length; i++) next.set(pathKey(located.path.slice(0, i)), true);
      return next;
    });
    setFound({ at: atOf(located.path), set: located.set, name: field.name, seq: (found?.seq ?? 0) + 1 });
  };

  return (
    <FormContext.Provider value={formContext}>
      <div className="flex h-full min-h-0 flex-col" aria-label={label} role="form">
        <div className="flex shrink-0 flex-wrap items-center gap-3 border-b border-slate-200 pb-1.5">
          <FindField model={model} onFound={onFound} />
          <label className="flex items-center gap-1 text-xs text-slate-600">
            <input type="checkbox" checked={showServerSet} onChange={(e) => setShowServerSet(e.target.checked)} />
            Show fields the server sets
          </label>
          <span className="text-xs text-slate-400">
            Schema: {model.definitionName} ({kindSchema?.source === 'v3' ? 'OpenAPI v3' : 'OpenAPI v2'})
          </span>
        </div>
        {parseProblem && (
          <p role="alert" data-testid="form-parse-error" className="mt-1 rounded border border-red-200 bg-red-50 px-2 py-1 text-xs text-red-900">
            The form is read-only until the YAML parses: line {parseProblem.line}, column {parseProblem.column}: {parseProblem.message}
          </p>
        )}
        {!parseProblem && readOnlyReason && (
          <p role="status" data-testid="form-read-only" className="mt-1 rounded border border-slate-200 bg-slate-50 px-2 py-1 text-xs text-slate-700">
            Read-only: {readOnlyReason}
          </p>
        )}
        {editError && (
          <p role="alert" className="mt-1 rounded border border-red-200 bg-red-50 px-2 py-1 text-xs text-red-900">
            That change was not written: {editError}
          </p>
        )}
        {found && !found.set && (
          <p role="status" className="mt-1 text-xs text-slate-600">
            {found.name} is not set: add it with “Add field” (focused).
          </p>
        )}
        <div ref={formRef} className="min-h-0 flex-1 overflow-auto pr-2">
          <ObjectFields schemaPath={[]} path={[]} at="" value={value} />
          {showServerSet && serverObject && (
            <section aria-label="Set by the server (read-only)" className="mt-2 rounded border border-slate-200 bg-slate-50 p-2">
              <h2 className="text-xs font-semibold text-slate-700">Set by the server (read-only)</h2>
              <pre className="overflow-auto font-mono text-xs text-slate-700">{toYaml(serverSetPart(serverObject))}</pre>
            </section>
          )}
        </div>
      </div>
    </FormContext.Provider>
  );
}
