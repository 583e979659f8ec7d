import { useContexts } from '../../data/contexts-query';
import { HeaderSelect } from './header-select';

export interface ContextPickerProps {
  context: string;
  onSelect: (context: string) => void;
}

/** The kubeconfig contexts the server offers (GET /-/contexts). */
export function ContextPicker({ context, onSelect }: ContextPickerProps) {
  const contexts = useContexts();
  const list = contexts.data?.contexts ?? [];
  const names = list.map((c) => c.name);
  if (!names.includes(context)) names.unshift(context);
  const current = list.find((c) => c.name === context);
  return (
    <HeaderSelect
      label="Context"
      testId="context-picker"
      value={context}
      onChange={onSelect}
      title={contexts.isError ? `Could not load contexts: ${contexts.error.message}` : current?.server}
    >
      {names.map((name) => (
        <option key={name} value={name}>
          {name}
          {name === contexts.data?.default ? ' (default)' : ''}
        </option>
      ))}
    </HeaderSelect>
  );
}
