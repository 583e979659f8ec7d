// A list URL's document (/c/{context}/{list path}) is followed, ~50-100 ms later, by its boot script asking for
// the list's first Table page, then by the boot script and the app asking for the next pages one after another. The
// server starts the first page upstream once it has sent the document, and each next page as soon as the page before
// is in (once the tab has claimed the first, at most PAGES_AHEAD unclaimed), and hands each answer, kept whole, to
// the tab's request when that arrives with the same URL and headers: the cluster's work on a page overlaps the tab's
// work on the pages before instead of following it. Only for the tab's own navigations (Sec-Fetch-Site none or
// same-origin), once per document; an answer not claimed within CLAIM_WINDOW_MS is dropped, and so is the rest of
// its chain.
import type { IncomingMessage } from 'node:http';
import { firstPageRequestPath, nextPageRequestPath } from '../wire/first-page.js';
import { TABLE_ACCEPT } from '../wire/ws-protocol.js';
import type { ContextRegistry, ContextTarget } from './contexts.js';
import { forwardedAcceptEncoding } from './hop-encoding.js';
import { continueTokenOf, createPrefetchedAnswers, header, MAX_PENDING, type PrefetchedAnswer, type PrefetchedAnswers } from './prefetched-answers.js';
import { resolveProxyTarget } from './proxy.js';
import { OWN_FETCH_SITES } from './security.js';

/** Pages of one list asked ahead of the tab's own requests; a 2,500-row page is ~1-2 MB, held until claimed. */
export const PAGES_AHEAD = 2;

export interface FirstPagePrefetch {
  /** Starts the first page of the list whose document `req` asks for, when it is one (and, later, its next pages). */
  start(req: IncomingMessage): void;
  /** The prefetched answer for this exact proxy request, once; null when there is none (or it failed). */
  claim(target: ContextTarget, pathAndQuery: string, req: IncomingMessage): Promise<PrefetchedAnswer | null> | null;
  /** Aborts every unclaimed request. */
  close(): void;
}

function isOwnNavigation(req: IncomingMessage): boolean {
  return req.method === 'GET' && header(req, 'sec-fetch-dest') === 'document' && OWN_FETCH_SITES.has(header(req, 'sec-fetch-site').toLowerCase());
}

export function createFirstPagePrefetch(contexts: ContextRegistry, answers: PrefetchedAnswers = createPrefetchedAnswers()): FirstPagePrefetch {
  const start = (req: IncomingMessage): void => {
    if (!isOwnNavigation(req) || answers.size >= MAX_PENDING) return;
    // Split, not parsed: `new URL` throws on some targets Node accepts (`//[`), and this runs for every document.
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? firstPageRequestPath(url, '') : firstPageRequestPath(url.slice(0, query), url.slice(query));
    if (path === null) return;
    const resolved = resolveProxyTarget(path, contexts);
    if ('kind' in resolved) return;
    const { target, pathAndQuery: firstPage } = resolved;
    // The headers the tab's fetches will carry.
    const sent = { accept: TABLE_ACCEPT, 'user-agent': header(req, 'user-agent'), 'accept-encoding': forwardedAcceptEncoding(req, target) };

    // Each next page is asked once the page before is in, the tab has claimed the first page and fewer than
    // PAGES_AHEAD pages are unclaimed: the cluster builds pages while the tab reads the ones before, but not while the
    // tab still loads the document's CSS and JS from this server (the embedded demo cluster answers in this process).
    let unclaimed = 0;
    let firstClaimed = false;
    let waiting: string | null = null;
    const askWaiting = (): void => {
      if (waiting === null || !firstClaimed || unclaimed >= PAGES_AHEAD || answers.size >= MAX_PENDING) return;
      const next = waiting;
      waiting = null;
      ask(next);
    };
    const ask = (pathAndQuery: string): void => {
      unclaimed++;
      const answer = answers.ask(target, pathAndQuery, sent, () => {
        unclaimed--;
        firstClaimed = true;
        askWaiting();
      });
      void answer.then((page) => {
        const token = page === null ? '' : continueTokenOf(page);
        waiting = token === '' ? null : nextPageRequestPath(firstPage, token);
        askWaiting();
      });
    };
    ask(firstPage);
  };

  return { start, claim: answers.claim, close: answers.close };
}
