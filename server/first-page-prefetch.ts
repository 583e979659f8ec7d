// A list URL's document (/c/{context}/{list path}) is followed, ~100-200 ms later, by its boot script asking for
// the list's first Table page. The server starts that request upstream when it serves the document, and hands its
// answer to the boot script's request when that arrives with the same URL and headers: the cluster's round trip
// overlaps the page's own load instead of following it. Only for the tab's own navigations (Sec-Fetch-Site none or
// same-origin), once per document, and dropped unless claimed within CLAIM_WINDOW_MS.
import type { ClientRequest, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { firstPageRequestPath } from '../wire/first-page.js';
import { TABLE_ACCEPT } from '../wire/ws-protocol.js';
import type { ContextRegistry } from './contexts.js';
import { resolveProxyTarget, upstreamUserAgent } from './proxy.js';
import { OWN_FETCH_SITES } from './security.js';
import { openUpstreamRequest } from './upstream.js';

/** Long enough for a slow tab to run its boot script; short enough that an unclaimed answer never holds a socket long. */
export const CLAIM_WINDOW_MS = 5_000;

/** At most this many unclaimed first pages at once (a burst of reloads must not become a burst upstream). */
const MAX_PENDING = 8;

/** A started upstream request: `response` once its headers are in (its body stays unread until claimed), `error` if it failed. */
export interface PrefetchedRequest {
  request: ClientRequest;
  response?: IncomingMessage;
  error?: Error;
}

interface Entry {
  opened: Promise<PrefetchedRequest | null>;
  timer: NodeJS.Timeout;
  drop(): void;
}

export interface FirstPagePrefetch {
  /** Starts the first page of the list whose document `req` asks for, when it is one. */
  start(req: IncomingMessage): void;
  /** The prefetched request for this exact proxy request, once; null when there is none (or it failed). */
  claim(contextName: string, pathAndQuery: string, req: IncomingMessage): Promise<PrefetchedRequest | null> | null;
  /** Aborts every unclaimed request. */
  close(): void;
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

export function createFirstPagePrefetch(contexts: ContextRegistry, claimWindowMs = CLAIM_WINDOW_MS): FirstPagePrefetch {
  const pending = new Map<string, Entry>();

  const start = (req: IncomingMessage): void => {
    if (!isOwnNavigation(req) || pending.size >= MAX_PENDING) return;
    // Split, not parsed: `new URL` throws on some targets Node accepts (`//[`), and this runs for every document.
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? firstPageRequestPath(url, '') : firstPageRequestPath(url.slice(0, query), url.slice(query));
    if (path === null) return;
    const resolved = resolveProxyTarget(path, contexts);
    if ('kind' in resolved) return;
    const { target, pathAndQuery } = resolved;
    // The headers the boot script's fetch will carry, as the proxy would forward them.
    const userAgent = header(req, 'user-agent');
    const acceptEncoding = header(req, 'accept-encoding');
    const headers: OutgoingHttpHeaders = { accept: TABLE_ACCEPT };
    if (userAgent) headers['user-agent'] = userAgent;
    if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
    const key = keyOf(target.info.name, pathAndQuery, TABLE_ACCEPT, userAgent, acceptEncoding);
    pending.get(key)?.drop();

    let request: ClientRequest | undefined;
    const drop = (): void => {
      clearTimeout(entry.timer);
      if (pending.get(key) === entry) pending.delete(key);
      request?.destroy();
    };
    const opened = openUpstreamRequest(target, { method: 'GET', pathAndQuery, headers: upstreamUserAgent(headers) })
      .then((started) => {
        request = started;
        const prefetched: PrefetchedRequest = { request: started };
        started.on('response', (response) => (prefetched.response = response));
        // Until claimed, a failure only means the boot script's request goes upstream itself.
        started.on('error', (error) => {
          prefetched.error = error;
          if (pending.get(key) === entry) drop();
        });
        started.end();
        return prefetched;
      })
      .catch(() => {
        if (pending.get(key) === entry) drop();
        return null;
      });
    const entry: Entry = { opened, timer: setTimeout(() => drop(), claimWindowMs), drop };
    entry.timer.unref();
    pending.set(key, entry);
  };

  const claim = (contextName: string, pathAndQuery: string, req: IncomingMessage): Promise<PrefetchedRequest | null> | null => {
    if (req.method !== 'GET') return null;
    const key = keyOf(contextName, pathAndQuery, header(req, 'accept'), header(req, 'user-agent'), header(req, 'accept-encoding'));
    const entry = pending.get(key);
    if (!entry) return null;
    clearTimeout(entry.timer);
    pending.delete(key);
    return entry.opened;
  };

  return {
    start,
    claim,
    close: () => {
      for (const entry of [...pending.values()]) entry.drop();
    },
  };
}
