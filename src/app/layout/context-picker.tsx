import { useId } from 'react';
import { useContexts } from '../../data/contexts-query';

export interface ContextPickerProps {
  context: string;
  onSelect: (context: string) => void;
}

/** The kubeconfig contexts the server offers (GET /-/contexts). */
export function ContextPicker({ context, onSelect }: ContextPickerProps) {
  const id = useId();
  const contexts = useContexts();
  const list = contexts.data?.contexts ?? [];
  const names = list.map((c) => c.name);
  if (!names.includes(context)) names.unshift(context);
  const current = list.find((c) => c.name === context);
  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="text-xs text-slate-500">
        Context
      </label>
      <select
        id={id}
        data-testid="context-picker"
        value={context}
        onChange={(e) => onSelect(e.target.value)}
        title={contexts.isError ? `Could not load contexts: ${contexts.error.message}` : current?.server}
        className="h-7 max-w-56 rounded border border-slate-200 bg-white px-1.5 text-xs font-medium text-slate-800 hover:border-slate-300 focus:border-indigo-400 focus:outline-none"
      >
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
            {name === contexts.data?.default ? ' (default)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
