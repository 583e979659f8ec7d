// A list URL's document (/c/{context}/{list path}) is followed, ~50-100 ms later, by its boot script asking for
// the list's first Table page, then by the boot script and the app asking for the next pages one after another. The
// server starts the first page upstream once it has sent the document, and each next page as soon as the page before
// is in (once the tab has claimed the first, at most PAGES_AHEAD unclaimed), and hands each answer, kept whole, to
// the tab's request when that arrives with the same URL and headers: the cluster's work on a page overlaps the tab's
// work on the pages before instead of following it. Only for the tab's own navigations (Sec-Fetch-Site none or
// same-origin), once per document; an answer not claimed within CLAIM_WINDOW_MS is dropped, and so is the rest of
// its chain. The pages are that tab's alone: its document carries a fresh nonce (static.ts writes it in), the tab
// sends it back on its page requests (NAVIGATION_HEADER), and an answer goes only to a request with that nonce and
// the document's Cookie header; anyone else asking the same URL, even within the window, is answered upstream.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { NAVIGATION_HEADER } from '../wire/browser-headers.js';
import { firstPageRequestPath, nextPageRequestPath } from '../wire/first-page.js';
import { TABLE_ACCEPT } from '../wire/ws-protocol.js';
import type { ContextRegistry, ContextTarget } from './contexts.js';
import { forwardedAcceptEncoding } from './hop-encoding.js';
import { continueTokenOf, createPrefetchedAnswers, header, MAX_PENDING, type KeyHeaders, type PrefetchedAnswer, type PrefetchedAnswers } from './prefetched-answers.js';
import type { Person } from './person.js';
import { resolveProxyTarget } from './proxy.js';
import { OWN_FETCH_SITES } from './security.js';

/** Pages of one list asked ahead of the tab's own requests; a 2,500-row page is ~1-2 MB, held until claimed. */
export const PAGES_AHEAD = 2;

/** 128 bits: no other client guesses it within a claim window. */
const NONCE_BYTES = 16;

/** A list document's navigation: its pages are asked once the document, carrying the nonce, has left. */
export interface ListNavigation {
  /** For the document to carry and its boot script to send back. */
  nonce: string;
  /** Starts the list's first page (and, later, its next pages), kept for requests with the nonce only. */
  start(): void;
}

export interface FirstPagePrefetch {
  /** The navigation of the list whose document `req` asks for, when it is one of the tab's own; null otherwise. */
  navigation(req: IncomingMessage, person: Person): ListNavigation | null;
  /** The prefetched answer for this exact proxy request, once; null when there is none (or it failed). */
  claim(target: ContextTarget, pathAndQuery: string, req: IncomingMessage, person: Person): Promise<PrefetchedAnswer | null> | null;
  /** Aborts every unclaimed request. */
  close(): void;
}

function isOwnNavigation(req: IncomingMessage): boolean {
  return req.method === 'GET' && header(req, 'sec-fetch-dest') === 'document' && OWN_FETCH_SITES.has(header(req, 'sec-fetch-site').toLowerCase());
}

export function createFirstPagePrefetch(contexts: ContextRegistry, answers: PrefetchedAnswers = createPrefetchedAnswers()): FirstPagePrefetch {
  const navigation = (req: IncomingMessage, person: Person): ListNavigation | null => {
    if (!isOwnNavigation(req)) return null;
    // Split, not parsed: `new URL` throws on some targets Node accepts (`//[`), and this runs for every document.
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? firstPageRequestPath(url, '') : firstPageRequestPath(url.slice(0, query), url.slice(query));
    if (path === null) return null;
    const resolved = resolveProxyTarget(path, contexts);
    if ('kind' in resolved) return null;
    const nonce = randomBytes(NONCE_BYTES).toString('base64url');
    // The headers the tab's fetches will carry.
    const sent: KeyHeaders = {
      accept: TABLE_ACCEPT,
      'user-agent': header(req, 'user-agent'),
      'accept-encoding': forwardedAcceptEncoding(req, resolved.target),
      [NAVIGATION_HEADER]: nonce,
      cookie: header(req, 'cookie'),
    };
    return { nonce, start: () => startChain(resolved.target, resolved.pathAndQuery, sent, person) };
  };

  const startChain = (target: ContextTarget, firstPage: string, sent: KeyHeaders, person: Person): void => {
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
      const answer = answers.ask(target, pathAndQuery, sent, person, () => {
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

  return { navigation, claim: answers.claim, close: answers.close };
}
