// List pages asked upstream before the client asks for them (read-ahead), each kept whole until the client's
// identical request claims it: the same context, the same URL, the same forwarded headers, the same Cookie header
// and the same person (in team mode, the same bearer token: asked with theirs, it is theirs alone). An answer not
// claimed within its window is dropped, its request closed, and so is every answer a write to its resource may have
// made stale.
import type { ClientRequest, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { ContextTarget } from '../contexts.js';
import { forwardedAcceptEncoding } from '../hop-encoding.js';
import type { Person } from '../person.js';
import { openUpstreamRequest, upstreamUserAgent } from '../upstream.js';
import { collectionOf, writeTouches } from './list-collection.js';

/** Long enough for a busy tab to parse the page before; short enough that an unclaimed answer never holds a socket long. */
export const CLAIM_WINDOW_MS = 5_000;

/** A page larger than this is not kept: the request for it goes upstream itself. */
export const MAX_KEPT_BYTES = 16 * 1024 * 1024;

/** At most this many unclaimed pages at once (their bytes are held until claimed); read-ahead asks only while there is room. */
export const MAX_PENDING = 8;

/** The cluster's whole answer to a page asked ahead, kept until the client's request claims it. */
export interface KeptPage {
  statusCode: number;
  headers: NodeJS.Dict<string[]>;
  /** As the cluster sent it (still in its Content-Encoding). */
  body: Buffer;
}

export interface ListPageCache {
  /**
   * Asks `pathAndQuery` upstream now, as a client sending `sent` would; its identical request claims the answer, and
   * then `claimed` runs. With MAX_PENDING answers pending, the oldest is dropped first.
   */
  ask(target: ContextTarget, pathAndQuery: string, sent: KeyHeaders, person: Person, claimed: () => void): Promise<KeptPage | null>;
  /** True while an answer for that request is pending. */
  has(contextName: string, pathAndQuery: string, sent: KeyHeaders, person: Person): boolean;
  /** Unclaimed answers. */
  readonly size: number;
  /** The answer for this exact proxy request, once; null when there is none (or it failed). */
  claim(target: ContextTarget, pathAndQuery: string, req: IncomingMessage, person: Person): Promise<KeptPage | null> | null;
  /** A write to `pathAndQuery` is on its way to the context: drops every answer of a list it may change. */
  dropWritten(contextName: string, pathAndQuery: string): void;
  /** Aborts every unclaimed request. */
  close(): void;
}

export function header(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** The request headers an answer is asked upstream with ('' for one not sent). */
const FORWARDED_HEADERS = ['accept', 'user-agent', 'accept-encoding'] as const;
/** The request headers that bind an answer to its client, never sent upstream. */
const BINDING_HEADERS = ['cookie'] as const;
/** The request headers an answer is keyed by ('' for one not sent). */
const KEY_HEADERS = [...FORWARDED_HEADERS, ...BINDING_HEADERS] as const;
export type KeyHeaders = Record<(typeof KEY_HEADERS)[number], string>;

/** The key headers of `req` as it is forwarded to `target` (its Accept-Encoding as hop-encoding decides). */
export function keyHeadersOf(req: IncomingMessage, target: ContextTarget): KeyHeaders {
  return {
    accept: header(req, 'accept'),
    'user-agent': header(req, 'user-agent'),
    'accept-encoding': forwardedAcceptEncoding(req, target),
    cookie: header(req, 'cookie'),
  };
}

/** What must match for a kept page to be the one the request would have had. */
function keyOf(contextName: string, pathAndQuery: string, sent: KeyHeaders, person: Person): string {
  return JSON.stringify([contextName, pathAndQuery, person.cacheKey, ...KEY_HEADERS.map((name) => sent[name])]);
}

/** Reads a whole answer, or null past `maxBytes` or on any error (the request is then closed). */
function readAnswer(request: ClientRequest, maxBytes: number): Promise<KeptPage | null> {
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

interface Entry {
  contextName: string;
  pathAndQuery: string;
  answer: Promise<KeptPage | null>;
  timer: NodeJS.Timeout;
  drop(): void;
  claimed(): void;
}

export function createListPageCache(claimWindowMs = CLAIM_WINDOW_MS, maxBytes = MAX_KEPT_BYTES): ListPageCache {
  const pending = new Map<string, Entry>();

  const ask: ListPageCache['ask'] = (target, pathAndQuery, sent, person, claimed) => {
    const key = keyOf(target.info.name, pathAndQuery, sent, person);
    pending.get(key)?.drop();
    if (pending.size >= MAX_PENDING) pending.values().next().value?.drop();
    // What the proxy forwards for such a GET; the context's credentials are added upstream.
    const headers: OutgoingHttpHeaders = {};
    for (const name of FORWARDED_HEADERS) if (sent[name]) headers[name] = sent[name];
    let request: ClientRequest | undefined;
    const drop = (): void => {
      clearTimeout(entry.timer);
      if (pending.get(key) === entry) pending.delete(key);
      request?.destroy();
    };
    const answer = openUpstreamRequest(target, { method: 'GET', pathAndQuery, headers: upstreamUserAgent(headers) }, person)
      .then((started) => {
        request = started;
        const read = readAnswer(started, maxBytes);
        started.end();
        return read;
      })
      .catch(() => null)
      .then((read) => {
        // Until claimed, a failure only means the client's request goes upstream itself.
        if (read === null && pending.get(key) === entry) drop();
        return read;
      });
    const entry: Entry = { contextName: target.info.name, pathAndQuery, answer, timer: setTimeout(() => drop(), claimWindowMs), drop, claimed };
    entry.timer.unref();
    pending.set(key, entry);
    return answer;
  };

  const claim: ListPageCache['claim'] = (target, pathAndQuery, req, person) => {
    if (req.method !== 'GET') return null;
    const key = keyOf(target.info.name, pathAndQuery, keyHeadersOf(req, target), person);
    const entry = pending.get(key);
    if (!entry) return null;
    clearTimeout(entry.timer);
    pending.delete(key);
    entry.claimed();
    return entry.answer;
  };

  return {
    ask,
    has: (contextName, pathAndQuery, sent, person) => pending.has(keyOf(contextName, pathAndQuery, sent, person)),
    get size() {
      return pending.size;
    },
    claim,
    dropWritten: (contextName, pathAndQuery) => {
      const written = collectionOf(pathAndQuery);
      for (const entry of [...pending.values()]) {
        if (entry.contextName !== contextName) continue;
        const listed = collectionOf(entry.pathAndQuery);
        // A path that names no collection may change anything of its context.
        if (written === null || listed === null || writeTouches(written, listed)) entry.drop();
      }
    },
    close: () => {
      for (const entry of [...pending.values()]) entry.drop();
    },
  };
}
