// A labelled select of the app header (context, namespace), and the text box the namespace picker turns into.
import { useId, type KeyboardEvent, type ReactNode, type Ref } from 'react';

const CONTROL =
  'h-7 max-w-56 rounded border border-slate-200 bg-white px-1.5 text-xs font-medium text-slate-800 hover:border-slate-300 focus:border-indigo-400 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-400';

export interface HeaderSelectProps {
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  title?: string;
  disabled?: boolean;
  ref?: Ref<HTMLSelectElement>;
  /** The <option>s. */
  children: ReactNode;
}

/** A header control with its label in front; `control` gets the id the label points at. */
function Labelled({ label, control }: { label: string; control: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="text-xs text-slate-500">
        {label}
      </label>
      {control(id)}
    </div>
  );
}

export function HeaderSelect({ label, testId, onChange, ref, children, ...shown }: HeaderSelectProps) {
  const select = (id: string) => (
    <select {...shown} ref={ref} id={id} data-testid={testId} onChange={(e) => onChange(e.target.value)} className={CONTROL}>
      {children}
    </select>
  );
  return <Labelled label={label} control={select} />;
}

export interface HeaderTextInputProps {
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  placeholder: string;
  /** Suggestions, offered through a <datalist>. */
  suggestions: readonly string[];
  /** What to say under the box: how to use it, or what is wrong with the text. */
  hint: string;
  invalid: boolean;
}

/** A labelled text box in the header, focused when it appears, with suggestions and a hint read out with it. */
export function HeaderTextInput({ label, testId, value, onChange, onKeyDown, onBlur, placeholder, suggestions, hint, invalid }: HeaderTextInputProps) {
  const box = (id: string) => (
    <>
      <input
        id={id}
        data-testid={testId}
        type="text"
        // The user asked for the box by choosing "Type a namespace…": moving focus there is expected.
        autoFocus
        value={value}
        list={`${id}-suggestions`}
        aria-describedby={`${id}-hint`}
        aria-invalid={invalid || undefined}
        placeholder={placeholder}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        className={`${CONTROL} w-40 font-mono aria-[invalid=true]:border-red-400`}
      />
      <datalist id={`${id}-suggestions`}>
        {suggestions.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <span id={`${id}-hint`} aria-live="polite" className={`text-[11px] ${invalid ? 'text-red-600' : 'text-slate-400'}`}>
        {hint}
      </span>
    </>
  );
  return <Labelled label={label} control={box} />;
}
