// A recorded body as the console shows it: JSON or YAML text, or a meta.k8s.io Table's columns and cells.
import { stringify } from 'yaml';
import type { RecordedBody } from '../../k8s/request-recorder';
import { isTable, normalizeTable, type Table } from '../../k8s/table';

export type BodyFormat = 'json' | 'yaml' | 'table';

/** The decoded JSON of a whole body; undefined when cut, empty or not JSON (shown as received). */
export function decodeBody(body: RecordedBody | null): unknown {
  if (!body || body.truncated || body.text === '') return undefined;
  try {
    return JSON.parse(body.text) as unknown;
  } catch {
    return undefined;
  }
}

/** The Table of a Table response (kind Table of meta.k8s.io), null for anything else. */
export function tableOf(value: unknown): Table | null {
  if (!isTable(value)) return null;
  const apiVersion = (value as { apiVersion?: unknown }).apiVersion;
  if (typeof apiVersion === 'string' && !apiVersion.startsWith('meta.k8s.io/')) return null;
  return normalizeTable(value);
}

/** Decoded JSON as indented JSON or as YAML text. */
export function formatValue(value: unknown, format: 'json' | 'yaml'): string {
  return format === 'yaml' ? stringify(value, { lineWidth: 0 }) : JSON.stringify(value, null, 2);
}

/** One cell as text: objects as JSON, null as empty (the wire may send either). */
export function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'object') return JSON.stringify(cell);
  return String(cell);
}
