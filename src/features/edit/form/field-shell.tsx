// One field's frame: its name as the control's label, the required mark, the type, the description behind an
// info toggle, a Remove field control for optional fields, and the problems found at its path.
import { useState, type ReactNode } from 'react';
import type { FormField } from '../../../k8s/openapi/form-model';
import { useFormContext } from './form-context';

export interface FieldShellProps {
  field: FormField;
  /** The control's id (its <label> points at it). */
  controlId: string;
  /** Field path as the apiserver writes it. */
  at: string;
  onUnset: (() => void) | null;
  children: ReactNode;
}

export function FieldProblems({ at }: { at: string }) {
  const { problems } = useFormContext();
  const messages = problems.get(at) ?? [];
  if (messages.length === 0) return null;
  return (
    <ul role="alert" data-testid="form-field-problems" data-field={at} className="mt-0.5 text-xs text-red-700">
      {messages.map((m) => (
        <li key={m}>
          {at}: {m}
        </li>
      ))}
    </ul>
  );
}

export function FieldInfo({ field }: { field: FormField }) {
  const [open, setOpen] = useState(false);
  const rules = field.validations;
  if (!field.description && rules.length === 0) return null;
  return (
    <>
      <button
        type="button"
        aria-label={`About ${field.name}`}
        aria-expanded={open}
        title={field.description}
        onClick={() => setOpen((v) => !v)}
        className="inline-flex h-3.5 w-3.5 items-center justify-center rounded-full border border-slate-300 font-serif text-[10px] italic leading-none text-slate-500 hover:border-slate-500 hover:text-slate-800"
      >
        i
      </button>
      {open && (
        <div className="basis-full whitespace-pre-wrap rounded bg-slate-50 px-2 py-1 text-xs text-slate-600" data-testid="field-description">
          {field.description}
          {rules.length > 0 && (
            <ul className="mt-1 list-disc pl-4">
              {rules.map((r) => (
                <li key={r.rule} className="font-mono">
                  {r.rule}
                  {r.message ? ` — ${r.message}` : ''}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}

/** Takes an optional field out of the object, and says so: a control, not a grey word that reads like a state. */
export function RemoveFieldButton({ name, onRemove, className = 'ml-auto' }: { name: string; onRemove: () => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onRemove}
      aria-label={`Remove ${name} from the object`}
      title={`Remove ${name} from the object (the YAML loses it too)`}
      className={`${className} rounded border border-slate-200 px-1 text-[11px] text-slate-600 hover:border-red-300 hover:bg-red-50 hover:text-red-700`}
    >
      Remove field
    </button>
  );
}

export function FieldShell({ field, controlId, at, onUnset, children }: FieldShellProps) {
  const { readOnly } = useFormContext();
  return (
    <div className="py-1" data-form-field={at}>
      <div className="flex flex-wrap items-center gap-x-2">
        <label htmlFor={controlId} className="font-mono text-xs font-medium text-slate-800">
          {field.name}
        </label>
        {field.required && (
          <span className="text-xs text-red-600" title="Required">
            *<span className="sr-only"> required</span>
          </span>
        )}
        <span className="text-[11px] text-slate-400">{field.typeName}</span>
        <FieldInfo field={field} />
        {onUnset && readOnly === null && <RemoveFieldButton name={field.name} onRemove={onUnset} />}
      </div>
      {children}
      <FieldProblems at={at} />
    </div>
  );
}
