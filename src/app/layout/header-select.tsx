// A labelled select of the app header (context, namespace).
import { useId, type ReactNode } from 'react';

export interface HeaderSelectProps {
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  title?: string;
  disabled?: boolean;
  /** The <option>s. */
  children: ReactNode;
}

export function HeaderSelect({ label, testId, value, onChange, title, disabled, children }: HeaderSelectProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="text-xs text-slate-500">
        {label}
      </label>
      <select
        id={id}
        data-testid={testId}
        value={value}
        disabled={disabled}
        title={title}
        onChange={(e) => onChange(e.target.value)}
        className="h-7 max-w-56 rounded border border-slate-200 bg-white px-1.5 text-xs font-medium text-slate-800 hover:border-slate-300 focus:border-indigo-400 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-400"
      >
        {children}
      </select>
    </div>
  );
}
