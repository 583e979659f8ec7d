// The value a field starts with when the user adds it: its default, else an empty value of its kind.
import type { FormField, FormFieldKind } from '../../../k8s/openapi/form-model';

export function initialValue(field: Pick<FormField, 'defaultValue' | 'enumValues'> & { kind: FormFieldKind }, titleKey: string | null = null): unknown {
  if (field.defaultValue !== undefined) return field.defaultValue;
  switch (field.kind) {
    case 'object':
      return titleKey ? { [titleKey]: '' } : {};
    case 'map':
      return {};
    case 'list':
      return [];
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return 0;
    case 'enum':
      return field.enumValues[0] ?? '';
    case 'yaml':
      return {};
    default:
      return '';
  }
}
