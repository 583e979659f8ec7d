// The control of one scalar value: a select for enums, a switch for booleans, a text box for numbers, quantities,
// durations, int-or-string and strings (what was typed stays as typed while the box has focus); a multi-line
// string gets a text area (a text input would drop its line breaks).
import { useState } from 'react';
import type { FormField, FormFieldKind } from '../../../k8s/openapi/form-model';
import { useFormContext } from './form-context';

export interface ScalarControlProps {
  id: string;
  kind: FormFieldKind;
  field: Pick<FormField, 'enumValues' | 'defaultValue' | 'required'>;
  label: string;
  value: unknown;
  /** undefined: remove the value. */
  onValue: (value: unknown) => void;
  invalid: boolean;
}

const INTEGER = /^[-+]?\d+$/;
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** What a typed text means for a kind: numbers where the kind wants them, the text itself otherwise (kept, checked). */
export function valueOfInput(kind: FormFieldKind, text: string): unknown {
  if (text === '' && kind !== 'string') return undefined;
  if ((kind === 'integer' || kind === 'int-or-string') && INTEGER.test(text)) return Number.parseInt(text, 10);
  if (kind === 'number' && NUMBER.test(text)) return Number(text);
  return text;
}

function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const INPUT = 'w-full max-w-xl rounded border px-1.5 py-0.5 font-mono text-xs text-slate-900 disabled:bg-slate-50 disabled:text-slate-500';

export function ScalarControl({ id, kind, field, label, value, onValue, invalid }: ScalarControlProps) {
  const { readOnly } = useFormContext();
  const [typed, setTyped] = useState<string | null>(null);
  // Once multi-line, a text area for as long as it is shown: turning back into an input would lose the focus.
  const [area, setArea] = useState(false);
  const multiline = kind === 'string' && (area || textOf(value).includes('\n'));
  if (multiline && !area) setArea(true);
  const border = invalid ? 'border-red-400' : 'border-slate-300';
  const disabled = readOnly !== null;
  if (kind === 'enum') {
    const current = textOf(value);
    return (
      <select id={id} aria-label={label} disabled={disabled} value={current} onChange={(e) => onValue(e.target.value === '' ? undefined : field.enumValues.find((v) => textOf(v) === e.target.value))} className={`${INPUT} ${border} max-w-xs`}>
        <option value="">{field.defaultValue === undefined ? '(unset)' : `(unset: ${textOf(field.defaultValue)})`}</option>
        {field.enumValues.map((v) => (
          <option key={textOf(v)} value={textOf(v)}>
            {textOf(v)}
          </option>
        ))}
        {current !== '' && !field.enumValues.some((v) => textOf(v) === current) && <option value={current}>{current}</option>}
      </select>
    );
  }
  if (kind === 'boolean') {
    return (
      <span className="flex items-center gap-2">
        <input id={id} type="checkbox" role="switch" aria-label={label} disabled={disabled} checked={value === true} aria-checked={value === true} onChange={(e) => onValue(e.target.checked)} />
        <span className="text-xs text-slate-500">{value === undefined ? `unset${field.defaultValue === undefined ? '' : ` (default ${textOf(field.defaultValue)})`}` : String(value)}</span>
      </span>
    );
  }
  if (multiline) {
    const shown = typed ?? textOf(value);
    return (
      <textarea
        id={id}
        aria-label={label}
        aria-invalid={invalid}
        aria-required={field.required}
        disabled={disabled}
        spellCheck={false}
        rows={Math.min(12, Math.max(2, shown.split('\n').length))}
        value={shown}
        onChange={(e) => {
          setTyped(e.target.value);
          onValue(e.target.value);
        }}
        onBlur={() => setTyped(null)}
        className={`${INPUT} ${border}`}
      />
    );
  }
  return (
    <input
      id={id}
      type="text"
      aria-label={label}
      aria-invalid={invalid}
      aria-required={field.required}
      inputMode={kind === 'integer' || kind === 'number' ? 'numeric' : undefined}
      disabled={disabled}
      spellCheck={false}
      value={typed ?? textOf(value)}
      placeholder={field.defaultValue === undefined ? undefined : `default: ${textOf(field.defaultValue)}`}
      onChange={(e) => {
        setTyped(e.target.value);
        onValue(valueOfInput(kind, e.target.value));
      }}
      onBlur={() => setTyped(null)}
      className={`${INPUT} ${border}`}
    />
  );
}
