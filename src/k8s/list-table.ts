// One page of a collection as a meta.k8s.io/v1 Table, through the proxy; a plain list where the server cannot print.
import { peekContinue } from '../../wire/list-paging';
import { TABLE_ACCEPT } from '../../wire/ws-protocol';
import { kubeRequest } from './api-client';
import { listToTable } from './list-to-table';
import { dropManagedFields, isTable, normalizeTable, type ListSelectors, type Table } from './table';

export interface ListTableOptions extends ListSelectors {
  limit?: number;
  continue?: string;
  signal?: AbortSignal;
  /** Called with the page's continue token as soon as the body is in, before the page is parsed (see peekContinue). */
  onContinue?: (token: string) => void;
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
  dropManagedFields(table.rows);
  return { table, warnings: response.warnings };
}
