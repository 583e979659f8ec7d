// The value a field starts with when the user adds it: its default, else an empty value of its kind; new objects and
// list items come with the fields they are added for, so one click gives something to fill in.
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

/** The fields of an object (or of a list's items) by schema path: FormModel.children. */
type Children = (schemaPath: readonly string[]) => FormField[];

/** A new object: its merge key, its required fields, and the value of a name/value pair (an env var, a header). */
function newObject(fields: FormField[], titleKey: string | null): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  if (titleKey !== null) object[titleKey] = '';
  for (const field of fields) if (field.required && !Object.hasOwn(object, field.name)) object[field.name] = initialValue(field, field.itemTitleKey);
  // Nobody adds an env var for its name alone: a name/value pair comes with its value.
  if (Object.hasOwn(object, 'name') && fields.some((f) => f.name === 'value' && f.kind === 'string' && !f.required)) object.value = '';
  return object;
}

/** A new item of `list`, ready to fill in (an object item with its usual fields, in one step). */
export function newListItem(list: FormField, children: Children): unknown {
  if (list.itemKind !== 'object') return initialValue({ kind: list.itemKind ?? 'yaml', defaultValue: undefined, enumValues: [] });
  return newObject(children(list.schemaPath), list.itemTitleKey);
}

/** The value a field added from "Add field" starts with: a list of objects starts with its first item, never empty. */
export function newFieldValue(field: FormField, children: Children): unknown {
  if (field.defaultValue !== undefined) return field.defaultValue;
  if (field.kind === 'list' && field.itemKind === 'object') return [newListItem(field, children)];
  if (field.kind === 'object') return newObject(children(field.schemaPath), null);
  return initialValue(field, field.itemTitleKey);
}
