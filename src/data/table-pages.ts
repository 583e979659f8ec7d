// A Table list in pages (100 first for fast first rows, larger after, like kubectl's chunking), yielded as they
// arrive, restarted whole when a continue token expires.
import { FIRST_PAGE_SIZE, NEXT_PAGE_SIZE } from '../../wire/list-paging';
import { KubeApiError } from '../k8s/kube-api-error';
import type { ListMeta } from '../k8s/object-meta';
import { listTable, type TablePage } from '../k8s/list-table';
import type { ListSelectors, Table, TableRow } from '../k8s/table';

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
  /** Rows still to come, as the last page's remainingItemCount says (undefined when it does not say). */
  remainingItemCount?: number;
}

export interface ListPagesOptions extends ListSelectors {
  signal?: AbortSignal;
  /** Rows of the first page (default FIRST_PAGE_SIZE). */
  pageSize?: number;
  /** Rows of the continue pages (default NEXT_PAGE_SIZE, never below pageSize). */
  nextPageSize?: number;
  /** Injected in tests. */
  fetchPage?: typeof listTable;
}

/** 410 on a continue request: the snapshot the token pointed at has been compacted away (wire doc section 4). */
function isExpiredContinue(error: unknown): boolean {
  return error instanceof KubeApiError && error.code === 410;
}

/** A page request started ahead; its failure is taken when it is awaited, never reported as unhandled. */
function started(request: Promise<TablePage>): Promise<TablePage> {
  request.catch(() => undefined);
  return request;
}

/**
 * Lists a collection page by page, yielding the growing list after every page. Pages share the
 * first page's resourceVersion (the continue token pins it), which is what a following watch must
 * start from. The next page is requested as soon as the token is known (read from the head of the
 * body before the page is parsed), so parsing and the caller's work overlap the wire. When a
 * continue token expires the whole list starts again (the next yield holds only the new first
 * page), so a caller never shows rows of two different snapshots as one list.
 */
export async function* listTablePages(context: string, path: string, options: ListPagesOptions = {}): AsyncGenerator<ListProgress> {
  const fetchPage = options.fetchPage ?? listTable;
  const firstLimit = options.pageSize ?? FIRST_PAGE_SIZE;
  const nextLimit = Math.max(firstLimit, options.nextPageSize ?? (options.pageSize ?? NEXT_PAGE_SIZE));
  // Requests started from a page's continue token as soon as its body is in, before it is parsed (by token).
  const early = new Map<string, Promise<TablePage>>();
  const selectors = {
    labelSelector: options.labelSelector,
    fieldSelector: options.fieldSelector,
    signal: options.signal,
    onContinue: (token: string) => {
      if (!early.has(token) && early.size < MAX_PAGES) early.set(token, request(token));
    },
  };
  // The page for `token`: the one already asked when its token was peeked, else asked now.
  const pageFor = (token: string) => {
    const asked = early.get(token);
    early.delete(token);
    return asked ?? request(token);
  };
  const request = (token: string): Promise<TablePage> => started(fetchPage(context, path, { ...selectors, limit: nextLimit, continue: token }));
  for (let restarts = 0; ; restarts++) {
    early.clear();
    const first: TablePage = await fetchPage(context, path, { ...selectors, limit: firstLimit });
    let rows: TableRow[] = first.table.rows;
    const warnings = [...first.warnings];
    const metadata: ListMeta = { resourceVersion: first.table.metadata.resourceVersion };
    // Each yield gets its own rows array (consumers memoize on identity); pages are joined once each.
    let remainingItemCount = first.table.metadata.remainingItemCount;
    const snapshot = (complete: boolean): ListProgress => ({
      table: { ...first.table, metadata, rows },
      warnings: [...warnings],
      complete,
      restarts,
      ...(!complete && remainingItemCount !== undefined ? { remainingItemCount } : {}),
    });
    let token = first.table.metadata.continue;
    if (!token) {
      yield snapshot(true);
      return;
    }
    let pending = pageFor(token);
    yield snapshot(false);
    let expired = false;
    for (let page = 1; page < MAX_PAGES; page++) {
      let next: TablePage;
      try {
        next = await pending;
      } catch (error) {
        if (isExpiredContinue(error) && restarts < MAX_RESTARTS) {
          expired = true;
          break;
        }
        throw error;
      }
      token = next.table.metadata.continue;
      remainingItemCount = next.table.metadata.remainingItemCount;
      const ahead = token && page + 1 < MAX_PAGES ? pageFor(token) : null;
      rows = rows.concat(next.table.rows);
      for (const w of next.warnings) if (!warnings.includes(w)) warnings.push(w);
      if (!ahead) break;
      pending = ahead;
      yield snapshot(false);
    }
    if (!expired) {
      yield snapshot(true);
      return;
    }
  }
}
