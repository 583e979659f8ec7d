// meta.k8s.io/v1 Table: server-side printing (what kubectl get shows); list-table.ts fetches it.
import type { TableColumnDefinition } from '../../wire/table';
import type { ListMeta, ObjectMeta, PartialObjectMetadata } from './object-meta';

export type { TableColumnDefinition };

export interface TableRowCondition {
  /** Only "Completed" is defined (succeeded or failed pods). */
  type: string;
  status: 'True' | 'False' | 'Unknown' | string;
  reason?: string;
  message?: string;
}

/** One cell per column: string, number, boolean or null on the wire. */
export type TableCell = unknown;

export interface TableRow {
  cells: TableCell[];
  conditions?: TableRowCondition[] | null;
  /** PartialObjectMetadata with includeObject=Metadata, the full object with includeObject=Object. */
  object?: PartialObjectMetadata;
}

export interface Table {
  kind: 'Table';
  apiVersion: string;
  metadata: ListMeta;
  columnDefinitions: TableColumnDefinition[];
  rows: TableRow[];
}

export interface ListSelectors {
  labelSelector?: string;
  fieldSelector?: string;
}

/** Metadata of a row's object (empty when the server sent none, e.g. includeObject=None). */
export function rowMetadata(row: TableRow): ObjectMeta {
  return row.object?.metadata ?? {};
}

/** Index of the column with format "name", or -1. */
export function nameColumnIndex(columns: readonly TableColumnDefinition[]): number {
  return columns.findIndex((c) => c.format === 'name');
}

/** Name of a row: object metadata first, else the name-format cell. */
export function rowName(row: TableRow, columns: readonly TableColumnDefinition[]): string {
  const name = rowMetadata(row).name;
  if (name) return name;
  const cell = row.cells[nameColumnIndex(columns)];
  return typeof cell === 'string' ? cell : '';
}

/** True for a decoded meta.k8s.io Table (a list response or a watch event's object). */
export function isTable(value: unknown): value is Table {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'Table';
}

/**
 * Drops metadata.managedFields from the rows' objects, in place (call it on rows just decoded, nobody else's): a list
 * never reads them (the object page gets the object itself), and they are most of a row, on the wire and in the heap:
 * a pod's entries are ~25 of its ~35 small objects, kept alive with the row for as long as the list is open.
 */
export function dropManagedFields(rows: readonly TableRow[]): void {
  for (const row of rows) {
    const metadata = row.object?.metadata;
    // Set to undefined, not deleted: a delete turns each metadata object into a slow dictionary (20 ms a 50k list
    // in a profiled tab, and more heap); an undefined field is left out of JSON and YAML alike.
    if (metadata && metadata.managedFields !== undefined) metadata.managedFields = undefined;
  }
}

/** Makes a decoded Table safe to read: arrays where the wire may have null, metadata always present. */
export function normalizeTable(value: Table): Table {
  return {
    kind: 'Table',
    apiVersion: value.apiVersion ?? 'meta.k8s.io/v1',
    metadata: value.metadata ?? {},
    columnDefinitions: value.columnDefinitions ?? [],
    rows: (value.rows ?? []).map((row) => (Array.isArray(row.cells) ? row : { ...row, cells: [] })),
  };
}
