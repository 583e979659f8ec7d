// The words a user types before a cluster-wide deletion: what the deletion reaches, then the text to type.
import type { ReactNode } from 'react';

export function TypedConfirmation({ warning, expected, what, value, onChange, narrow }: { warning: ReactNode; expected: string; what: string; value: string; onChange: (value: string) => void; narrow?: boolean }) {
  return (
    <label className="block">
      <span className="text-xs text-slate-700">
        {warning}
        Type <span className="font-mono font-semibold">{expected}</span>
        {what} to confirm
      </span>
      <input
        type="text"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        className={`mt-1 block ${narrow ? 'w-24' : 'w-full'} rounded border border-slate-300 px-2 py-1 font-mono text-sm focus:border-red-400 focus:outline-none`}
      />
    </label>
  );
}
