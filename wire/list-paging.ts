// How a list is paged as meta.k8s.io/v1 Table pages, for the browser (src/data/table-pages.ts, src/k8s/list-table.ts)
// and the server (server/list-pages): the page sizes, the first page a list URL asks, the page after a page, and
// reading a page's continue token from its head without parsing its rows.

/** Rows of the first page: small, so the first rows show as soon as possible. */
export const FIRST_PAGE_SIZE = 100;
/** Rows of every later page: fewer round trips and fewer commits for big lists (kubectl chunks by 500). */
export const NEXT_PAGE_SIZE = 2500;

/** /c/{context}/{list path}: a list's UI URL (no object, no subresource). */
const LIST_DOCUMENT = /^\/c\/([^/]+)((?:\/api\/[^/]+|\/apis\/[^/]+\/[^/]+)(?:\/namespaces\/[^/]+)?\/[^/]+)\/*$/;

/**
 * The /k8s/{context}/... path and query of the first Table page the app asks at a list's UI URL (its pathname and
 * search), in the order list-table writes them; null when the URL is not a list's (or is its create form).
 */
export function firstPagePath(pathname: string, search: string): string | null {
  const match = LIST_DOCUMENT.exec(pathname);
  if (!match?.[1] || !match[2]) return null;
  const params = new URLSearchParams(search);
  if (params.get('create') === '1') return null;
  let context: string;
  try {
    context = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  const query = new URLSearchParams({ includeObject: 'Metadata' });
  const labelSelector = (params.get('labelSelector') ?? '').trim();
  const fieldSelector = (params.get('fieldSelector') ?? '').trim();
  if (labelSelector) query.append('labelSelector', labelSelector);
  if (fieldSelector) query.append('fieldSelector', fieldSelector);
  query.append('limit', String(FIRST_PAGE_SIZE));
  return `/k8s/${encodeURIComponent(context)}${match[2]}?${query.toString()}`;
}

/**
 * The path and query of the page after `pathAndQuery` whose continue token is `token`, as the browser asks for it:
 * the same query with the token in place of its `continue`, or, after a first page (no `continue`, limit
 * FIRST_PAGE_SIZE), its limit NEXT_PAGE_SIZE and the token appended (the order list-table writes them in). Null for a
 * request that is not a page of a paged list.
 */
export function nextPagePath(pathAndQuery: string, token: string): string | null {
  const q = pathAndQuery.indexOf('?');
  if (q === -1) return null;
  const params = pathAndQuery.slice(q + 1).split('&');
  const limit = params.findIndex((param) => param.startsWith('limit='));
  if (limit === -1) return null;
  const at = params.findIndex((param) => param.startsWith('continue='));
  const continued = new URLSearchParams({ continue: token }).toString();
  if (at !== -1) params[at] = continued;
  else {
    if (params[limit] !== `limit=${FIRST_PAGE_SIZE}`) return null;
    params[limit] = `limit=${NEXT_PAGE_SIZE}`;
    params.push(continued);
  }
  return `${pathAndQuery.slice(0, q)}?${params.join('&')}`;
}

// A Table's own metadata comes before its columns and rows (kube-apiserver writes a Table's fields in that order,
// and so does the demo cluster); only that object is read.
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
