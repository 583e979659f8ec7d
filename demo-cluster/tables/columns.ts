// Column definitions shared by the server-side printers (descriptions are the OpenAPI field docs, as upstream).
import type { TableColumnDefinition } from '../resources/registry.js';
import { RECORDED } from '../resources/recorded.js';

export const NAME_DESCRIPTION =
  'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names';

export const CREATION_TIMESTAMP_DESCRIPTION =
  'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata';

/** A column definition; format defaults to "" and priority to 0 as in the printers. */
export function column(name: string, type: string, description: string, priority = 0, format = ''): TableColumnDefinition {
  return { name, type, format, description, priority };
}

export const NAME_COLUMN = column('Name', 'string', NAME_DESCRIPTION, 0, 'name');
export const AGE_COLUMN = column('Age', 'string', CREATION_TIMESTAMP_DESCRIPTION);

/** The columns kube-apiserver printed for a type ("v1/pods"), as recorded. */
export function recordedColumns(key: string): TableColumnDefinition[] {
  const columns = RECORDED[key]?.columns;
  if (!columns) throw new Error(`no recorded Table columns for ${key}`);
  return columns;
}
