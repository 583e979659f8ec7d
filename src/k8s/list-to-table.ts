// Fallback printing for servers or types without a Table converter: Name, Namespace (if any), Age.
import { ageOf } from './duration';
import { metadataOf, type ListMeta, type ObjectMeta } from './object-meta';
import type { Table, TableColumnDefinition, TableRow } from './table';

const NAME_COLUMN: TableColumnDefinition = {
  name: 'Name',
  type: 'string',
  format: 'name',
  description: 'Name must be unique within a namespace.',
  priority: 0,
};
const NAMESPACE_COLUMN: TableColumnDefinition = {
  name: 'Namespace',
  type: 'string',
  format: '',
  description: 'Namespace of the object.',
  priority: 0,
};
const AGE_COLUMN: TableColumnDefinition = {
  name: 'Age',
  type: 'string',
  format: '',
  description: 'Time since metadata.creationTimestamp.',
  priority: 0,
};

/** Builds a row for a plain object, filling the cells by column name (Name, Namespace, Age). */
export function objectToRow(object: unknown, columns: readonly TableColumnDefinition[], now: number): TableRow {
  const metadata: ObjectMeta = metadataOf(object) ?? {};
  const cells = columns.map((column) => {
    if (column.format === 'name') return metadata.name ?? '';
    switch (column.name) {
      case 'Namespace':
        return metadata.namespace ?? '';
      case 'Age':
        return ageOf(metadata.creationTimestamp, now) ?? '<unknown>';
      default:
        return null;
    }
  });
  return {
    cells,
    object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata },
  };
}

/** Converts a plain list (`{"kind":"PodList","items":[...]}`) into a Table with fallback columns. */
export function listToTable(list: unknown, now: number): Table {
  const body = (typeof list === 'object' && list !== null ? list : {}) as { metadata?: ListMeta; items?: unknown };
  const items = Array.isArray(body.items) ? (body.items as unknown[]) : [];
  const namespaced = items.some((item) => Boolean(metadataOf(item)?.namespace));
  const columns = namespaced ? [NAME_COLUMN, NAMESPACE_COLUMN, AGE_COLUMN] : [NAME_COLUMN, AGE_COLUMN];
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: body.metadata ?? {},
    columnDefinitions: columns,
    rows: items.map((item) => objectToRow(item, columns, now)),
  };
}
