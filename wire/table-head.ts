// How a Table page's continue token is read without parsing its rows: by the app (src/k8s/list-table.ts) and the
// server; src/app/boot/preload-list.js, a classic script that cannot import this, has its twin (pinned by a test).

// A Table's own metadata comes before its columns and rows (kube-apiserver writes a Table's fields in that order,
// and so does the demo cluster); only that object is read. src/app/boot/preload-list.js reads the first page the same way, and
// the server (server/first-page-prefetch.ts) every page it asks ahead of the tab.
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
