// One page of a collection as a meta.k8s.io/v1 Table, through the proxy; a plain list where the server cannot print.
import { TABLE_ACCEPT } from '../../wire/ws-protocol';
import { kubeRequest } from './api-client';
import { listToTable } from './list-to-table';
import { isTable, normalizeTable, type ListSelectors, type Table } from './table';

export interface ListTableOptions extends ListSelectors {
  limit?: number;
  continue?: string;
  signal?: AbortSignal;
  /** Called with the page's continue token as soon as the body is in, before the page is parsed (see peekContinue). */
  onContinue?: (token: string) => void;
}

// A Table's own metadata comes before its columns and rows (kube-apiserver writes a Table's fields in that order,
// and so does the demo cluster); only that object is read. src/app/boot/preload-list.js reads the first page the same way.
export const TABLE_HEAD = /^\s*\{\s*"kind"\s*:\s*"Table"\s*,\s*"apiVersion"\s*:\s*"meta\.k8s\.io\/v1"\s*,\s*"metadata"\s*:\s*(\{[^{}]*\})/;
/** How far into a body the Table's metadata must have ended: past it, the body is not read as a Table head. */
export const HEAD_CHARS = 4096;

/**
 * The continue token of a Table page, read from the head of its JSON text without parsing the rows ('' when the
 * head is not a Table's, or has no token). Lets the next page be asked while this one is still being parsed.
 */
export function peekContinue(text: string): string {
  const head = TABLE_HEAD.exec(text.length > HEAD_CHARS ? text.slice(0, HEAD_CHARS) : text);
  if (!head?.[1]) return '';
  try {
    const meta: unknown = JSON.parse(head[1]);
    const token = typeof meta === 'object' && meta !== null ? (meta as { continue?: unknown }).continue : undefined;
    return typeof token === 'string' ? token : '';
  } catch {
    return '';
  }
}

export interface TablePage {
  table: Table;
  /** Warning headers of the response(s). */
  warnings: string[];
}

/**
 * Lists one page of a collection as a Table. A server that cannot print this type answers the
 * plain list (Accept ends with application/json): check `kind` and convert (wire doc section 2).
 */
export async function listTable(context: string, path: string, options: ListTableOptions = {}): Promise<TablePage> {
  const response = await kubeRequest<unknown>(context, path, {
    accept: TABLE_ACCEPT,
    query: {
      includeObject: 'Metadata',
      labelSelector: options.labelSelector,
      fieldSelector: options.fieldSelector,
      limit: options.limit,
      continue: options.continue,
    },
    signal: options.signal,
    onText: options.onContinue
      ? (text) => {
          const token = peekContinue(text);
          if (token) options.onContinue?.(token);
        }
      : undefined,
  });
  const body = response.body;
  const table = isTable(body) ? normalizeTable(body) : listToTable(body, Date.now());
  return { table, warnings: response.warnings };
}
