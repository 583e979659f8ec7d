// A list URL's document (/c/{context}/{list path}) is followed, ~50-100 ms later, by its boot script asking for
// the list's first Table page, then by the boot script and the app asking for the next pages one after another. The
// server starts the first page upstream once it has sent the document, and each next page as soon as the page before
// is in (once the tab has claimed the first, at most PAGES_AHEAD unclaimed), and hands each answer, kept whole, to
// the tab's request when that arrives with the same URL and headers: the cluster's work on a page overlaps the tab's
// work on the pages before instead of following it. Only for the tab's own navigations (Sec-Fetch-Site none or
// same-origin), once per document; an answer not claimed within CLAIM_WINDOW_MS is dropped, and so is the rest of
// its chain.
import type { ClientRequest, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { constants, gunzipSync } from 'node:zlib';
import { firstPageRequestPath, nextPageRequestPath } from '../wire/first-page.js';
import { HEAD_CHARS, peekContinue } from '../wire/table-head.js';
import { TABLE_ACCEPT } from '../wire/ws-protocol.js';
import type { ContextRegistry, ContextTarget } from './contexts.js';
import { resolveProxyTarget, upstreamUserAgent } from './proxy.js';
import { OWN_FETCH_SITES } from './security.js';
import { openUpstreamRequest } from './upstream.js';

/** Long enough for a slow tab to run its boot script; short enough that an unclaimed answer never holds a socket long. */
export const CLAIM_WINDOW_MS = 5_000;

/** Pages of one list asked ahead of the tab's own requests; a 2,500-row page is ~1-2 MB, held until claimed. */
export const PAGES_AHEAD = 2;

/** At most this many unclaimed pages at once (a burst of reloads must not become a burst upstream). */
const MAX_PENDING = 8;

/** The cluster's whole answer to a prefetched page, kept until the tab's request claims it. */
export interface PrefetchedAnswer {
  statusCode: number;
  headers: NodeJS.Dict<string[]>;
  /** As the cluster sent it (still in its Content-Encoding). */
  body: Buffer;
}

/** Compressed bytes read for a page's head: enough for HEAD_CHARS characters of JSON (UTF-8, up to 4 bytes each). */
const HEAD_BYTES = HEAD_CHARS * 4;

/** A page larger than this is not kept: the request for it goes upstream itself. */
export const MAX_PREFETCHED_BYTES = 16 * 1024 * 1024;

interface Entry {
  answer: Promise<PrefetchedAnswer | null>;
  timer: NodeJS.Timeout;
  drop(): void;
  /** Called when the tab claims the answer (the chain may ask the next page). */
  claimed(): void;
}

export interface FirstPagePrefetch {
  /** Starts the first page of the list whose document `req` asks for, when it is one (and, later, its next pages). */
  start(req: IncomingMessage): void;
  /** The prefetched answer for this exact proxy request, once; null when there is none (or it failed). */
  claim(contextName: string, pathAndQuery: string, req: IncomingMessage): Promise<PrefetchedAnswer | null> | null;
  /** Aborts every unclaimed request. */
  close(): void;
}

/** Reads a whole answer, or null past `maxBytes` or on any error (the request is then closed). */
function readAnswer(request: ClientRequest, maxBytes: number): Promise<PrefetchedAnswer | null> {
  return new Promise((resolve) => {
    request.on('error', () => resolve(null));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > maxBytes) {
          request.destroy();
          resolve(null);
        } else chunks.push(chunk);
      });
      response.on('error', () => resolve(null));
      response.on('aborted', () => resolve(null));
      response.on('end', () => resolve({ statusCode: response.statusCode ?? 502, headers: response.headersDistinct, body: Buffer.concat(chunks) }));
    });
  });
}

/** The continue token of a 200 Table page, read from the head of its body as the tab reads it ('' for none). */
function continueTokenOf(answer: PrefetchedAnswer): string {
  if (answer.statusCode !== 200) return '';
  const coding = (answer.headers['content-encoding']?.[0] ?? 'identity').toLowerCase();
  // Only the head is needed: a truncated gzip stream decodes as far as it goes.
  const head = answer.body.subarray(0, HEAD_BYTES);
  try {
    const text = coding === 'gzip' ? gunzipSync(head, { finishFlush: constants.Z_SYNC_FLUSH }) : coding === 'identity' ? head : null;
    return text === null ? '' : peekContinue(text.toString('utf8'));
  } catch {
    return '';
  }
}

function header(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** What must match for a prefetched answer to be the one the request would have had. */
function keyOf(contextName: string, pathAndQuery: string, accept: string, userAgent: string, acceptEncoding: string): string {
  return JSON.stringify([contextName, pathAndQuery, accept, userAgent, acceptEncoding]);
}

function isOwnNavigation(req: IncomingMessage): boolean {
  return req.method === 'GET' && header(req, 'sec-fetch-dest') === 'document' && OWN_FETCH_SITES.has(header(req, 'sec-fetch-site').toLowerCase());
}

export function createFirstPagePrefetch(contexts: ContextRegistry, claimWindowMs = CLAIM_WINDOW_MS, maxBytes = MAX_PREFETCHED_BYTES): FirstPagePrefetch {
  const pending = new Map<string, Entry>();

  /** Asks `pathAndQuery` upstream now and keeps its answer for the request with the same key to claim. */
  const prefetch = (target: ContextTarget, pathAndQuery: string, headers: OutgoingHttpHeaders, key: string, claimed: () => void): Promise<PrefetchedAnswer | null> => {
    pending.get(key)?.drop();
    let request: ClientRequest | undefined;
    const drop = (): void => {
      clearTimeout(entry.timer);
      if (pending.get(key) === entry) pending.delete(key);
      request?.destroy();
    };
    const answer = openUpstreamRequest(target, { method: 'GET', pathAndQuery, headers: upstreamUserAgent(headers) })
      .then((started) => {
        request = started;
        const read = readAnswer(started, maxBytes);
        started.end();
        return read;
      })
      .catch(() => null)
      .then((read) => {
        // Until claimed, a failure only means the tab's request goes upstream itself.
        if (read === null && pending.get(key) === entry) drop();
        return read;
      });
    const entry: Entry = { answer, timer: setTimeout(() => drop(), claimWindowMs), drop, claimed };
    entry.timer.unref();
    pending.set(key, entry);
    return answer;
  };

  const start = (req: IncomingMessage): void => {
    if (!isOwnNavigation(req) || pending.size >= MAX_PENDING) return;
    // Split, not parsed: `new URL` throws on some targets Node accepts (`//[`), and this runs for every document.
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? firstPageRequestPath(url, '') : firstPageRequestPath(url.slice(0, query), url.slice(query));
    if (path === null) return;
    const resolved = resolveProxyTarget(path, contexts);
    if ('kind' in resolved) return;
    const { target, pathAndQuery: firstPage } = resolved;
    // The headers the tab's fetches will carry, as the proxy would forward them.
    const userAgent = header(req, 'user-agent');
    const acceptEncoding = header(req, 'accept-encoding');
    const headers: OutgoingHttpHeaders = { accept: TABLE_ACCEPT };
    if (userAgent) headers['user-agent'] = userAgent;
    if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;

    // Each next page is asked once the page before is in, the tab has claimed the first page and fewer than
    // PAGES_AHEAD pages are unclaimed: the cluster builds pages while the tab reads the ones before, but not while the
    // tab still loads the document's CSS and JS from this server (the embedded demo cluster answers in this process).
    let unclaimed = 0;
    let firstClaimed = false;
    let waiting: string | null = null;
    const askWaiting = (): void => {
      if (waiting === null || !firstClaimed || unclaimed >= PAGES_AHEAD || pending.size >= MAX_PENDING) return;
      const next = waiting;
      waiting = null;
      ask(next);
    };
    const ask = (pathAndQuery: string): void => {
      unclaimed++;
      const answer = prefetch(target, pathAndQuery, headers, keyOf(target.info.name, pathAndQuery, TABLE_ACCEPT, userAgent, acceptEncoding), () => {
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

  const claim = (contextName: string, pathAndQuery: string, req: IncomingMessage): Promise<PrefetchedAnswer | null> | null => {
    if (req.method !== 'GET') return null;
    const key = keyOf(contextName, pathAndQuery, header(req, 'accept'), header(req, 'user-agent'), header(req, 'accept-encoding'));
    const entry = pending.get(key);
    if (!entry) return null;
    clearTimeout(entry.timer);
    pending.delete(key);
    entry.claimed();
    return entry.answer;
  };

  return {
    start,
    claim,
    close: () => {
      for (const entry of [...pending.values()]) entry.drop();
    },
  };
}
