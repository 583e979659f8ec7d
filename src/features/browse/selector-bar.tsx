// Server-side label and field selectors (applied on submit: re-list and re-watch) with a syntax hint.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useDismiss } from '../../components/ui/use-dismiss';
import { knownFieldSelectors, parseFieldSelector, parseLabelSelector } from './selector-syntax';

export interface SelectorBarProps {
  labelSelector: string;
  fieldSelector: string;
  /** Resource name (pods...) for the list of known field selectors. */
  resource: string;
  onApply: (selectors: { labelSelector: string; fieldSelector: string }) => void;
}

const LABEL_SYNTAX: Array<[string, string]> = [
  ['app=web', 'label equals'],
  ['app!=web', 'label differs or is missing'],
  ['tier in (web,api)', 'one of'],
  ['tier notin (db)', 'none of'],
  ['app', 'label exists'],
  ['!app', 'label missing'],
  ['app=web,tier!=db', 'comma = AND'],
];

const inputClass =
  'w-full min-w-0 rounded border border-slate-200 bg-white px-2 py-1 font-mono text-xs text-slate-800 placeholder:text-slate-400 focus:border-indigo-400 focus:outline-none';

interface SelectorInputProps {
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** False marks the text the local syntax check refused (the server still decides). */
  valid: boolean;
  describedBy?: string;
}

function SelectorInput({ label, testId, value, onChange, placeholder, valid, describedBy }: SelectorInputProps) {
  return (
    <label className="flex min-w-0 flex-1 items-center gap-1.5 text-xs text-slate-500">
      <span className="shrink-0">{label}</span>
      <input
        data-testid={testId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        spellCheck={false}
        aria-invalid={!valid || undefined}
        aria-describedby={describedBy}
        className={`${inputClass} ${valid ? '' : 'border-amber-400'}`}
      />
    </label>
  );
}

/** Keyed by the applied selectors: drafts reset when the URL changes them (back/forward). */
export function SelectorBar({ labelSelector, fieldSelector, resource, onApply }: SelectorBarProps) {
  const [label, setLabel] = useState(labelSelector);
  const [field, setField] = useState(fieldSelector);
  const [help, setHelp] = useState(false);
  const helpId = useId();
  const helpToggle = useRef<HTMLButtonElement>(null);
  const helpNote = useRef<HTMLDivElement>(null);
  useDismiss(help, [helpToggle, helpNote], () => setHelp(false));
  const labelCheck = parseLabelSelector(label);
  const fieldCheck = parseFieldSelector(field);
  const dirty = label.trim() !== labelSelector || field.trim() !== fieldSelector;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ labelSelector: label.trim(), fieldSelector: field.trim() });
  };

  return (
    <form onSubmit={submit} className="relative flex min-w-0 flex-1 items-center gap-2" data-testid="selector-bar">
      <SelectorInput
        label="Labels"
        testId="label-selector"
        value={label}
        onChange={setLabel}
        placeholder="app=web,tier in (a,b)"
        valid={labelCheck.ok}
        describedBy={help ? helpId : undefined}
      />
      <SelectorInput
        label="Fields"
        testId="field-selector"
        value={field}
        onChange={setField}
        placeholder={resource === 'pods' ? 'status.phase=Running' : 'metadata.name=x'}
        valid={fieldCheck.ok}
      />
      <button
        type="submit"
        data-testid="apply-selectors"
        className={`rounded border px-2 py-1 text-xs font-medium ${dirty ? 'border-indigo-300 bg-indigo-50 text-indigo-700' : 'border-slate-200 text-slate-500'}`}
      >
        Apply
      </button>
      <button
        ref={helpToggle}
        type="button"
        aria-expanded={help}
        aria-controls={helpId}
        data-testid="selector-help-toggle"
        title="Selector syntax"
        onClick={() => setHelp(!help)}
        className="h-6 w-6 shrink-0 rounded-full border border-slate-200 text-xs text-slate-500 hover:bg-slate-50"
      >
        ?
      </button>
      {(!labelCheck.ok || !fieldCheck.ok) && (
        <span data-testid="selector-hint" className="absolute top-full left-12 z-20 mt-0.5 rounded bg-amber-50 px-1.5 py-0.5 text-[11px] text-amber-800 shadow-sm">
          {!labelCheck.ok ? `Labels: ${labelCheck.error}` : !fieldCheck.ok ? `Fields: ${fieldCheck.error}` : ''} — the server decides on Apply
        </span>
      )}
      {help && (
        <div
          ref={helpNote}
          id={helpId}
          role="note"
          data-testid="selector-help"
          className="absolute top-full right-0 z-30 mt-1 w-96 rounded-md border border-slate-200 bg-white p-3 text-xs text-slate-700 shadow-lg"
        >
          <p className="mb-1 font-semibold text-slate-900">Label selector</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
            {LABEL_SYNTAX.map(([example, meaning]) => (
              <div key={example} className="contents">
                <dt className="font-mono text-slate-900">{example}</dt>
                <dd className="text-slate-500">{meaning}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 mb-1 font-semibold text-slate-900">Field selector (=, ==, !=)</p>
          <ul className="font-mono">
            {knownFieldSelectors(resource).map((f) => (
              <li key={f}>{f}=…</li>
            ))}
          </ul>
          <p className="mt-2 text-slate-500">Applied on the server: the list is fetched again and the watch restarts.</p>
        </div>
      )}
    </form>
  );
}
