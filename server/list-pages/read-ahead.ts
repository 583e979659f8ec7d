// A client pages a Table list one request after another: it reads a page's continue token, then asks the next page.
// The proxy asks a list page upstream as soon as it knows the client's next request, and keeps the answer
// (page-cache) for the client's identical request, so the cluster builds it while the client is still busy: the first
// page once a tab's list document has been served (the app asks it as soon as its JS has run), the next page once the
// page before has been relayed or claimed. One page ahead of what the client has asked for; a page nobody claims is
// dropped, and the chain with it. A continue token pins the list's snapshot, so the page asked early is the page asked late (or the
// same 410 once the snapshot is compacted).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { nextPagePath } from '../../wire/list-paging.js';
import { TABLE_ACCEPT } from '../../wire/ws-protocol.js';
import type { ContextTarget } from '../contexts.js';
import { forwardedAcceptEncoding } from '../hop-encoding.js';
import type { Person } from '../person.js';
import { OWN_FETCH_SITES } from '../security.js';
import { isStream } from '../stream-path.js';
import { header, keyHeadersOf, MAX_PENDING, type KeptPage, type KeyHeaders, type ListPageCache } from './page-cache.js';
import { continueTokenOfHead, HEAD_BYTES } from './page-head.js';

/** The page after `pathAndQuery` (token `token`), as the client will ask for it; null for a watch or a request that is not a page. */
function nextPageOf(pathAndQuery: string, token: string): string | null {
  return isStream(pathAndQuery) ? null : nextPagePath(pathAndQuery, token);
}

/** The continue token of a 200 Table page, read from the head of its body as the tab reads it ('' for none). */
function continueTokenOf(answer: KeptPage): string {
  if (answer.statusCode !== 200) return '';
  return continueTokenOfHead(answer.body, answer.headers['content-encoding']?.[0]);
}

export interface PageReadAhead {
  /**
   * The proxy relays `upstreamRes` to `res`, the answer to `req`: once `res` has finished, the next page is asked when
   * it has a continue token.
   */
  relaying(target: ContextTarget, pathAndQuery: string, req: IncomingMessage, person: Person, upstreamRes: IncomingMessage, res: ServerResponse): void;
  /**
   * A list's document was served for `req`, whose first Table page is `firstPage` (wire/list-paging firstPagePath): for
   * the tab's own navigation, that page is asked now, as the tab's fetch will ask it.
   */
  documentServed(target: ContextTarget, firstPage: string, req: IncomingMessage, person: Person): void;
}

/** The tab's own navigation (address bar, reload, a link of this origin), not another site's. */
function isOwnNavigation(req: IncomingMessage): boolean {
  return req.method === 'GET' && header(req, 'sec-fetch-dest') === 'document' && OWN_FETCH_SITES.has(header(req, 'sec-fetch-site').toLowerCase());
}

export function createPageReadAhead(answers: ListPageCache): PageReadAhead {
  /** Asks `pagePath` ahead for a client sending `sent`; its claim asks the page after it. */
  const askAhead = (target: ContextTarget, pagePath: string, sent: KeyHeaders, person: Person): void => {
    // Already asked, or too much unclaimed already.
    if (answers.has(target.info.name, pagePath, sent, person) || answers.size >= MAX_PENDING) return;
    const answer = answers.ask(target, pagePath, sent, person, () => {
      void answer.then((page) => {
        const nextToken = page === null ? '' : continueTokenOf(page);
        if (nextToken) askNext(target, pagePath, nextToken, sent, person);
      });
    });
  };

  /** Asks the page after `pagePath` (token `token`) ahead. */
  const askNext = (target: ContextTarget, pagePath: string, token: string, sent: KeyHeaders, person: Person): void => {
    const next = nextPageOf(pagePath, token);
    if (next !== null) askAhead(target, next, sent, person);
  };

  const documentServed: PageReadAhead['documentServed'] = (target, firstPage, req, person) => {
    if (!isOwnNavigation(req)) return;
    // The headers the tab's fetch of the page will carry.
    const sent: KeyHeaders = { accept: TABLE_ACCEPT, 'user-agent': header(req, 'user-agent'), 'accept-encoding': forwardedAcceptEncoding(req, target), cookie: header(req, 'cookie') };
    askAhead(target, firstPage, sent, person);
  };

  const relaying: PageReadAhead['relaying'] = (target, pathAndQuery, req, person, upstreamRes, res) => {
    if (req.method !== 'GET' || upstreamRes.statusCode !== 200 || !header(req, 'accept').includes('as=Table')) return;
    if (nextPageOf(pathAndQuery, 'token') === null) return;
    const sent = keyHeadersOf(req, target);
    // The token is in the page's head: keep the first bytes as they pass through.
    const head: Buffer[] = [];
    let headBytes = 0;
    const onData = (chunk: Buffer): void => {
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes >= HEAD_BYTES) upstreamRes.off('data', onData);
    };
    upstreamRes.on('data', onData);
    // Asked once the page has left for the client, not as soon as its head is in: the embedded demo cluster builds
    // pages in this process, which would hold the rest of this page. Nor at the upstream's end, which runs before the
    // relay ends the answer: a chunked page's last chunk then waited for the token's peek and the next request. A
    // client gone first (no finish) asks nothing more.
    res.once('finish', () => {
      const token = continueTokenOfHead(Buffer.concat(head), upstreamRes.headers['content-encoding']);
      if (token) askNext(target, pathAndQuery, token, sent, person);
    });
  };

  return { relaying, documentServed };
}
