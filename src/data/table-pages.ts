// A Table list in pages of 500 (like kubectl), yielded as they arrive, restarted whole when a continue token expires.
import { KubeApiError } from '../k8s/kube-api-error';
import type { ListMeta } from '../k8s/object-meta';
import { listTable, type TablePage } from '../k8s/list-table';
import type { ListSelectors, Table } from '../k8s/table';

const PAGE_SIZE = 500;
const MAX_PAGES = 1000;
const MAX_RESTARTS = 3;

export interface ListProgress {
  /** Every row so far: pages joined in order, all at the first page's resourceVersion. */
  table: Table;
  warnings: string[];
  /** False while continue pages are still to come. */
  complete: boolean;
  /** How many times the list started over because a continue token expired. */
  restarts: number;
}

export interface ListPagesOptions extends ListSelectors {
  signal?: AbortSignal;
  pageSize?: number;
  /** Injected in tests. */
  fetchPage?: typeof listTable;
}

/** 410 on a continue request: the snapshot the token pointed at has been compacted away (wire doc section 4). */
function isExpiredContinue(error: unknown): boolean {
  return error instanceof KubeApiError && error.code === 410;
}

/**
 * Lists a collection page by page, yielding the growing list after every page. Pages share the
 * first page's resourceVersion, which is what a following watch must start from. When a continue
 * token expires the whole list starts again (the next yield holds only the new first page), so a
 * caller never shows rows of two different snapshots as one list.
 */
export async function* listTablePages(context: string, path: string, options: ListPagesOptions = {}): AsyncGenerator<ListProgress> {
  const fetchPage = options.fetchPage ?? listTable;
  const limit = options.pageSize ?? PAGE_SIZE;
  const selectors = { labelSelector: options.labelSelector, fieldSelector: options.fieldSelector, signal: options.signal };
  for (let restarts = 0; ; restarts++) {
    const first: TablePage = await fetchPage(context, path, { ...selectors, limit });
    const rows = [...first.table.rows];
    const warnings = [...first.warnings];
    const metadata: ListMeta = { resourceVersion: first.table.metadata.resourceVersion };
    const snapshot = (complete: boolean): ListProgress => ({
      table: { ...first.table, metadata, rows: complete ? rows : [...rows] },
      warnings: [...warnings],
      complete,
      restarts,
    });
    let token = first.table.metadata.continue;
    if (!token) {
      yield snapshot(true);
      return;
    }
    yield snapshot(false);
    let expired = false;
    for (let page = 1; token && page < MAX_PAGES; page++) {
      let next: TablePage;
      try {
        next = await fetchPage(context, path, { ...selectors, limit, continue: token });
      } catch (error) {
        if (isExpiredContinue(error) && restarts < MAX_RESTARTS) {
          expired = true;
          break;
        }
        throw error;
      }
      for (const row of next.table.rows) rows.push(row);
      for (const w of next.warnings) if (!warnings.includes(w)) warnings.push(w);
      token = next.table.metadata.continue;
      if (token) yield snapshot(false);
    }
    if (!expired) {
      yield snapshot(true);
      return;
    }
  }
}
