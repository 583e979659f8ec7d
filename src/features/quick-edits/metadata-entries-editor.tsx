// Labels or annotations as chips: click a chip to change its value, × to remove it, a form to add one.
// Every action asks for a preview; typed text stays in the form until the change is applied.
import { useId, useState, type FormEvent } from 'react';
import { revealHidden } from '../../components/ui/reveal-hidden';
import type { KubeObject } from '../../k8s/kube-object';
import type { ChangeRequest } from '../../writes/preview/change-request';
import { FieldProblems, inputClass, primaryButton, secondaryButton } from './field-problems';
import { metadataEntryProblems, removeMetadataEntryChange, setMetadataEntryChange, type MetadataField } from './metadata-change';

/** Opens the preview of a change; onApplied runs once the server took it. */
export type RequestPreview = (change: ChangeRequest, onApplied?: () => void) => void;

interface MetadataEntriesEditorProps {
  object: KubeObject;
  apiPath: string;
  field: MetadataField;
  onPreview: RequestPreview;
}

const TITLES: Record<MetadataField, { heading: string; singular: string; Singular: string }> = {
  labels: { heading: 'Labels', singular: 'label', Singular: 'Label' },
  annotations: { heading: 'Annotations', singular: 'annotation', Singular: 'Annotation' },
};

const MAX_CHIP_VALUE = 48;

function ValueInput({ field, id, label, value, invalid, describedBy, onChange }: {
  field: MetadataField;
  id: string;
  label: string;
  value: string;
  invalid: boolean;
  describedBy: string;
  onChange: (value: string) => void;
}) {
  const common = {
    id,
    'aria-label': label,
    'aria-invalid': invalid,
    'aria-describedby': invalid ? describedBy : undefined,
    value,
    spellCheck: false,
    className: `${inputClass} min-w-0 flex-1`,
  };
  // Annotation values are often multi-line (JSON, scripts): a textarea keeps them intact.
  return field === 'annotations' ? (
    <textarea {...common} rows={Math.min(6, Math.max(1, value.split('\n').length))} onChange={(e) => onChange(e.target.value)} />
  ) : (
    <input {...common} type="text" onChange={(e) => onChange(e.target.value)} />
  );
}

function EntryChip({ object, apiPath, field, entryKey, value, onPreview }: {
  object: KubeObject;
  apiPath: string;
  field: MetadataField;
  entryKey: string;
  value: string;
  onPreview: RequestPreview;
}) {
  const { singular } = TITLES[field];
  const [draft, setDraft] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const problemsId = useId();
  const inputId = useId();

  if (draft === null) {
    const shown = revealHidden(value.length > MAX_CHIP_VALUE ? `${value.slice(0, MAX_CHIP_VALUE)}…` : value);
    return (
      <li data-testid={`quick-${singular}-chip`} data-key={entryKey} className="inline-flex max-w-full items-center rounded border border-slate-200 bg-white font-mono text-[12px] text-slate-700">
        <button
          type="button"
          aria-label={`Edit ${singular} ${entryKey}`}
          title={value.length > MAX_CHIP_VALUE ? value : `Change the value of ${entryKey}`}
          onClick={() => setDraft(value)}
          className="min-w-0 truncate rounded-l px-1.5 py-0.5 text-left hover:bg-indigo-50"
        >
          <span className="text-slate-500">{revealHidden(entryKey)}</span>
          {value !== '' && <span className="text-slate-400">=</span>}
          <span>{shown}</span>
        </button>
        <button
          type="button"
          aria-label={`Remove ${singular} ${entryKey}`}
          title={`Remove ${entryKey}`}
          onClick={() => onPreview(removeMetadataEntryChange(object, apiPath, field, entryKey))}
          className="rounded-r border-l border-slate-200 px-1 py-0.5 font-sans text-slate-400 hover:bg-red-50 hover:text-red-700"
        >
          ×
        </button>
      </li>
    );
  }

  const problems = metadataEntryProblems(object, field, entryKey, draft).value;
  const showProblems = tried && problems.length > 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problems.length > 0) return;
    if (draft === value) {
      setDraft(null);
      return;
    }
    onPreview(setMetadataEntryChange(object, apiPath, field, entryKey, draft), () => setDraft(null));
  };
  return (
    <li data-testid={`quick-${singular}-chip`} data-key={entryKey} className="w-full">
      <form onSubmit={submit} className="flex flex-wrap items-start gap-1 rounded border border-indigo-200 bg-indigo-50/40 p-1">
        <label htmlFor={inputId} className="py-0.5 font-mono text-[12px] text-slate-600">
          {entryKey}=
        </label>
        <ValueInput
          field={field}
          id={inputId}
          label={`Value of ${singular} ${entryKey}`}
          value={draft}
          invalid={showProblems}
          describedBy={problemsId}
          onChange={setDraft}
        />
        <button type="submit" className={primaryButton}>
          Preview
        </button>
        <button type="button" className={secondaryButton} onClick={() => setDraft(null)}>
          Cancel
        </button>
        {showProblems && (
          <div className="basis-full">
            <FieldProblems id={problemsId} subject="Value" problems={problems} />
          </div>
        )}
      </form>
    </li>
  );
}

function AddEntryForm({ object, apiPath, field, onPreview }: MetadataEntriesEditorProps) {
  const { singular, Singular } = TITLES[field];
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [tried, setTried] = useState(false);
  const keyProblemsId = useId();
  const valueProblemsId = useId();
  const problems = metadataEntryProblems(object, field, key, value);
  const existing = object.metadata[field]?.[key];
  const unchanged = existing !== undefined && existing === value;
  const keyProblems = unchanged ? [...problems.key, `${singular} ${key} already has this value`] : problems.key;
  const showKey = tried && keyProblems.length > 0;
  const showValue = tried && problems.value.length > 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (keyProblems.length > 0 || problems.value.length > 0) return;
    onPreview(setMetadataEntryChange(object, apiPath, field, key, value), () => {
      setKey('');
      setValue('');
      setTried(false);
    });
  };

  return (
    <form onSubmit={submit} className="mt-1.5">
      <div className="flex flex-wrap items-start gap-1">
        <input
          type="text"
          aria-label={`${Singular} key`}
          placeholder="key, e.g. example.com/tier"
          aria-invalid={showKey}
          aria-describedby={showKey ? keyProblemsId : undefined}
          value={key}
          spellCheck={false}
          onChange={(e) => setKey(e.target.value)}
          className={`${inputClass} w-56`}
        />
        <ValueInput
          field={field}
          id={`${valueProblemsId}-input`}
          label={`${Singular} value`}
          value={value}
          invalid={showValue}
          describedBy={valueProblemsId}
          onChange={setValue}
        />
        <button type="submit" className={secondaryButton}>
          {existing === undefined ? `Add ${singular}` : `Change ${singular}`}
        </button>
      </div>
      {showKey && <FieldProblems id={keyProblemsId} subject="Key" problems={keyProblems} />}
      {showValue && <FieldProblems id={valueProblemsId} subject="Value" problems={problems.value} />}
    </form>
  );
}

/** Chips of one metadata map with edit, remove and add. */
export function MetadataEntriesEditor(props: MetadataEntriesEditorProps) {
  const { object, field } = props;
  const { heading } = TITLES[field];
  const entries = Object.entries(object.metadata[field] ?? {});
  return (
    <div className="min-w-0">
      <h3 className="text-xs font-medium text-slate-600">{heading}</h3>
      {entries.length === 0 ? (
        <p className="mt-1 text-xs text-slate-400">none</p>
      ) : (
        <ul aria-label={heading} className="mt-1 flex flex-wrap gap-1">
          {entries.map(([key, value]) => (
            <EntryChip key={key} {...props} entryKey={key} value={String(value)} />
          ))}
        </ul>
      )}
      <AddEntryForm {...props} />
    </div>
  );
}
