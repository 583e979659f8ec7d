// A client pages a Table list one request after another: it reads a page's continue token, then asks the next page.
// Once the proxy has relayed a page with a continue token, it asks the next page upstream at once and keeps the
// answer (prefetched-answers) for the client's identical request, so the cluster builds it while the client still
// reads the page before. One page ahead of what the client has asked for; a page nobody claims is dropped, and the
// chain with it. A continue token pins the list's snapshot, so the page asked early is the page asked late (or the
// same 410 once the snapshot is compacted).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { nextPageRequestPath } from '../wire/first-page.js';
import type { ContextTarget } from './contexts.js';
import { continueTokenOf, continueTokenOfHead, HEAD_BYTES, header, keyHeadersOf, MAX_PENDING, type KeyHeaders, type PrefetchedAnswers } from './prefetched-answers.js';
import type { Person } from './person.js';
import { isStream } from './stream-path.js';

/**
 * The path and query of the page after `pathAndQuery` whose continue token is `token`, as the client will ask for
 * it: the same query with the token in place of its `continue`, or the UI's next page after its first (limit 100
 * becomes 2500: wire/first-page). Null for a request that is not a page of a paged list.
 */
export function nextPagePath(pathAndQuery: string, token: string): string | null {
  const q = pathAndQuery.indexOf('?');
  if (q === -1 || isStream(pathAndQuery)) return null;
  const params = pathAndQuery.slice(q + 1).split('&');
  if (!params.some((param) => param.startsWith('limit='))) return null;
  const at = params.findIndex((param) => param.startsWith('continue='));
  if (at === -1) return nextPageRequestPath(pathAndQuery, token);
  params[at] = new URLSearchParams({ continue: token }).toString();
  return `${pathAndQuery.slice(0, q)}?${params.join('&')}`;
}

export interface PageReadAhead {
  /**
   * The proxy relays `upstreamRes` to `res`, the answer to `req`: once `res` has finished, the next page is asked when
   * it has a continue token.
   */
  relaying(target: ContextTarget, pathAndQuery: string, req: IncomingMessage, person: Person, upstreamRes: IncomingMessage, res: ServerResponse): void;
}

export function createPageReadAhead(answers: PrefetchedAnswers): PageReadAhead {
  /** Asks the page after `pagePath` (token `token`) ahead for a client sending `sent`; its claim asks the one after. */
  const askNext = (target: ContextTarget, pagePath: string, token: string, sent: KeyHeaders, person: Person): void => {
    const next = nextPagePath(pagePath, token);
    if (next === null) return;
    // Already asked (the document's own chain, first-page-prefetch), or too much unclaimed already.
    if (answers.has(target.info.name, next, sent, person) || answers.size >= MAX_PENDING) return;
    const answer = answers.ask(target, next, sent, person, () => {
      void answer.then((page) => {
        const nextToken = page === null ? '' : continueTokenOf(page);
        if (nextToken) askNext(target, next, nextToken, sent, person);
      });
    });
  };

  const relaying: PageReadAhead['relaying'] = (target, pathAndQuery, req, person, upstreamRes, res) => {
    if (req.method !== 'GET' || upstreamRes.statusCode !== 200 || !header(req, 'accept').includes('as=Table')) return;
    if (nextPagePath(pathAndQuery, 'token') === null) return;
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
    // relay ends the answer: a chunked page's last chunk then waited for the token's peek and the next request (first
    // page through the proxy: see the commit's figures). A client gone first (no finish) asks nothing more.
    res.once('finish', () => {
      const token = continueTokenOfHead(Buffer.concat(head), upstreamRes.headers['content-encoding']);
      if (token) askNext(target, pathAndQuery, token, sent, person);
    });
  };

  return { relaying };
}
