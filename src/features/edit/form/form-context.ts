// What every control of one form shares: how to write an edit into the draft, the problems by field path, and
// the view state (groups opened or closed by the user).
import { createContext, useContext, type ReactNode } from 'react';
import type { FormField, FormModel } from '../../../k8s/openapi/form-model';
import type { YamlEdit, YamlPath } from '../../../k8s/yaml-edit';

export interface FormContextValue {
  model: FormModel;
  /** Writes edits (in order) into the draft text. */
  edit: (...edits: YamlEdit[]) => void;
  /** Messages by field path (`spec.replicas`): the schema's checks and the server's causes. */
  problems: ReadonlyMap<string, string[]>;
  /** Why nothing can be changed (the YAML does not parse, no permission), or null. */
  readOnly: string | null;
  /** Groups the user opened or closed (by path key); the others show as they are by default. */
  opened: ReadonlyMap<string, boolean>;
  setOpen: (key: string, open: boolean) => void;
  /** Draws one field (passed down rather than imported: groups hold fields that hold groups). */
  renderField: (props: FieldRenderProps) => ReactNode;
}

export interface FieldRenderProps {
  field: FormField;
  path: YamlPath;
  /** Field path as the apiserver writes it. */
  at: string;
  value: unknown;
}

export const FormContext = createContext<FormContextValue | null>(null);

export function useFormContext(): FormContextValue {
  const value = useContext(FormContext);
  if (!value) throw new Error('useFormContext outside a FormView');
  return value;
}
