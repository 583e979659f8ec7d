// Builds meta.k8s.io Table responses from objects and a printer (the apiserver's TableConvertor).
import type { KubeObject } from '../resources/types.js';
import type { ResourceType, TableColumnDefinition, TablePrinter } from '../resources/registry.js';
import { rfc3339 } from '../resources/duration.js';
import { NAME_COLUMN, column } from './columns.js';
import { cachedJson } from '../http/json-cache.js';

export type IncludeObject = 'None' | 'Metadata' | 'Object';

export interface TableListMeta {
  resourceVersion: string;
  continue?: string;
  remainingItemCount?: number;
}

export interface Table {
  kind: 'Table';
  apiVersion: string;
  metadata: TableListMeta;
  columnDefinitions: TableColumnDefinition[] | null;
  rows: TableRow[];
}

interface TableRow {
  cells: unknown[];
  conditions?: unknown[];
  object?: unknown;
}

/** Default printer for types without one: Name and "Created At" (type date, RFC 3339). */
export const defaultPrinter: TablePrinter = {
  columns: [
    NAME_COLUMN,
    column(
      'Created At',
      'date',
      'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata',
    ),
  ],
  cells(obj) {
    const ts = obj.metadata.creationTimestamp;
    return [obj.metadata.name ?? '', typeof ts === 'string' ? ts : rfc3339(0)];
  },
};

/** The row's embedded object per includeObject (Metadata: a PartialObjectMetadata). */
function rowObject(obj: KubeObject, includeObject: IncludeObject, apiVersion: string): unknown {
  if (includeObject === 'None') return null;
  if (includeObject === 'Object') return obj;
  return { kind: 'PartialObjectMetadata', apiVersion, metadata: obj.metadata };
}

/** One row for one object. */
export function tableRow(t: ResourceType, obj: KubeObject, includeObject: IncludeObject, apiVersion: string, now: number): TableRow {
  const printer = t.printer ?? defaultPrinter;
  const row: TableRow = { cells: printer.cells(obj, now) };
  const conditions = printer.conditions?.(obj);
  if (conditions && conditions.length > 0) row.conditions = conditions;
  row.object = rowObject(obj, includeObject, apiVersion);
  return row;
}

/** A Table for a list, a single object, or one watch event. */
export function buildTable(
  t: ResourceType,
  objects: KubeObject[],
  meta: TableListMeta,
  options: { includeObject: IncludeObject; apiVersion: string; withColumns: boolean },
): Table {
  const now = Date.now();
  return {
    kind: 'Table',
    apiVersion: options.apiVersion,
    metadata: meta,
    columnDefinitions: options.withColumns ? (t.printer ?? defaultPrinter).columns : null,
    rows: (t.printer?.rowOrder ? [...objects].sort(t.printer.rowOrder) : objects).map((o) => tableRow(t, o, options.includeObject, options.apiVersion, now)),
  };
}

function rowJson(row: TableRow): string {
  const o = row.object;
  let object: string;
  if (o === undefined) object = '';
  else if (o !== null && typeof o === 'object' && 'metadata' in o && (o as { kind?: unknown }).kind === 'PartialObjectMetadata') {
    const p = o as { apiVersion: string; metadata: object };
    object = `,"object":{"kind":"PartialObjectMetadata","apiVersion":${JSON.stringify(p.apiVersion)},"metadata":${cachedJson(p.metadata)}}`;
  } else object = `,"object":${o !== null && typeof o === 'object' ? cachedJson(o) : JSON.stringify(o)}`;
  const conditions = row.conditions !== undefined ? `,"conditions":${JSON.stringify(row.conditions)}` : '';
  return `{"cells":${JSON.stringify(row.cells)}${conditions}${object}}`;
}

/** JSON.stringify(table), with row objects' metadata serialized once per stored object (lists of 10,000 pods). */
export function tableJson(table: Table): string {
  return `{"kind":"Table","apiVersion":${JSON.stringify(table.apiVersion)},"metadata":${JSON.stringify(table.metadata)},"columnDefinitions":${JSON.stringify(table.columnDefinitions)},"rows":[${table.rows.map(rowJson).join(',')}]}`;
}
