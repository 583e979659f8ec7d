import { useId } from 'react';
import { useNamespaceNames } from '../../data/namespaces-query';

/** Option value for "All namespaces" (no namespace is named ""). */
const ALL = '';

export interface NamespacePickerProps {
  context: string;
  /** The chosen namespace; null = all namespaces. */
  namespace: string | null;
  /** True on cluster-scoped lists, where a namespace means nothing. */
  disabled: boolean;
  onSelect: (namespace: string | null) => void;
}

/** Namespaces listed from the cluster, plus "All namespaces". */
export function NamespacePicker({ context, namespace, disabled, onSelect }: NamespacePickerProps) {
  const id = useId();
  const names = useNamespaceNames(context);
  const options = [...(names.data ?? [])];
  if (namespace !== null && !options.includes(namespace)) options.unshift(namespace);
  const title = disabled
    ? 'This resource is cluster-scoped'
    : names.isError
      ? `Could not list namespaces: ${names.error.message}`
      : undefined;
  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="text-xs text-slate-500">
        Namespace
      </label>
      <select
        id={id}
        data-testid="namespace-picker"
        value={namespace ?? ALL}
        disabled={disabled}
        title={title}
        onChange={(e) => onSelect(e.target.value === ALL ? null : e.target.value)}
        className="h-7 max-w-56 rounded border border-slate-200 bg-white px-1.5 text-xs font-medium text-slate-800 hover:border-slate-300 focus:border-indigo-400 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-400"
      >
        <option value={ALL}>All namespaces</option>
        {options.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
