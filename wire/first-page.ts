// The first Table page a list URL's boot script asks for (src/app/boot/preload-list.js, a classic script that
// cannot import this): the server starts the same request when it serves that URL's document (server/first-page-
// prefetch.ts). src/app/first-page-preload.test.ts pins the two to the same URL.

/** /c/{context}/{list path}: the list routes the boot script preloads (no object, no subresource). */
const LIST_DOCUMENT = /^\/c\/([^/]+)((?:\/api\/[^/]+|\/apis\/[^/]+\/[^/]+)(?:\/namespaces\/[^/]+)?\/[^/]+)\/*$/;

/** The boot script's first page size (table-pages FIRST_PAGE_SIZE). */
const FIRST_PAGE_LIMIT = 100;

/** The /k8s/{context}/... path and query of a list URL's first Table page, or null when the URL is not a list's. */
export function firstPageRequestPath(pathname: string, search: string): string | null {
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
  return `/k8s/${encodeURIComponent(context)}${match[2]}?${query.toString()}&limit=${FIRST_PAGE_LIMIT}`;
}

/** The boot script's (and the app's) size of the pages after the first (table-pages NEXT_PAGE_SIZE). */
const NEXT_PAGE_LIMIT = 2500;

/** The path and query of the page after a first page (firstPageRequestPath) whose continue token is `token`. */
export function nextPageRequestPath(firstPagePath: string, token: string): string | null {
  const suffix = `&limit=${FIRST_PAGE_LIMIT}`;
  if (!firstPagePath.endsWith(suffix)) return null;
  return `${firstPagePath.slice(0, -suffix.length)}&${new URLSearchParams({ limit: String(NEXT_PAGE_LIMIT), continue: token }).toString()}`;
}
