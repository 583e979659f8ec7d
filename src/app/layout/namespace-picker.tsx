import { useNamespaceNames } from '../../data/namespaces-query';
import { HeaderSelect } from './header-select';

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
  const names = useNamespaceNames(context);
  const options = [...(names.data ?? [])];
  if (namespace !== null && !options.includes(namespace)) options.unshift(namespace);
  const title = disabled
    ? 'This resource is cluster-scoped'
    : names.isError
      ? `Could not list namespaces: ${names.error.message}`
      : undefined;
  return (
    <HeaderSelect
      label="Namespace"
      testId="namespace-picker"
      value={namespace ?? ALL}
      disabled={disabled}
      title={title}
      onChange={(value) => onSelect(value === ALL ? null : value)}
    >
      <option value={ALL}>All namespaces</option>
      {options.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </HeaderSelect>
  );
}
