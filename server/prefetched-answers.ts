// List pages asked upstream before the client asks for them (first-page-prefetch, page-read-ahead), each kept
// whole until the client's identical request claims it: the same URL, the same forwarded headers, the same
// navigation nonce (the one its document carried, for a page asked for a document), the same Cookie header and the
// same person (in team mode, the same bearer token: asked with theirs, it is theirs alone). An answer not claimed within its window is dropped, its request closed, and so is every answer a write to
// its resource may have made stale.
import type { ClientRequest, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { constants, gunzipSync } from 'node:zlib';
import { NAVIGATION_HEADER } from '../wire/browser-headers.js';
import { HEAD_CHARS, peekContinue } from '../wire/table-head.js';
import type { ContextTarget } from './contexts.js';
import { forwardedAcceptEncoding } from './hop-encoding.js';
import { collectionOf, writeTouches } from './list-collection.js';
import { upstreamUserAgent } from './upstream.js';
import type { Person } from './person.js';
import { openUpstreamRequest } from './upstream.js';

/** Long enough for a slow tab to run its boot script; short enough that an unclaimed answer never holds a socket long. */
export const CLAIM_WINDOW_MS = 5_000;

/** A page larger than this is not kept: the request for it goes upstream itself. */
export const MAX_PREFETCHED_BYTES = 16 * 1024 * 1024;

/**
 * At most this many unclaimed pages at once (their bytes are held until claimed). A page asked for a document takes
 * the oldest one's place when all are taken: a navigation is never refused, so forged ones (anyone can send
 * Sec-Fetch-Dest: document) cannot keep a real tab's first page from being asked; they can only cost another's
 * speed, never its answer, which then goes upstream as any request does. A cap per client address would not do it:
 * on loopback every client shares 127.0.0.1. Next pages are asked only while there is room.
 */
export const MAX_PENDING = 8;

/** The cluster's whole answer to a prefetched page, kept until the client's request claims it. */
export interface PrefetchedAnswer {
  statusCode: number;
  headers: NodeJS.Dict<string[]>;
  /** As the cluster sent it (still in its Content-Encoding). */
  body: Buffer;
}

/** Compressed bytes read for a page's head: enough for HEAD_CHARS characters of JSON (UTF-8, up to 4 bytes each). */
export const HEAD_BYTES = HEAD_CHARS * 4;

export interface PrefetchedAnswers {
  /**
   * Asks `pathAndQuery` upstream now, as a client sending `sent` would; its identical request claims the answer, and
   * then `claimed` runs. With MAX_PENDING answers pending, the oldest is dropped first.
   */
  ask(target: ContextTarget, pathAndQuery: string, sent: KeyHeaders, person: Person, claimed: () => void): Promise<PrefetchedAnswer | null>;
  /** True while an answer for that request is pending. */
  has(contextName: string, pathAndQuery: string, sent: KeyHeaders, person: Person): boolean;
  /** Unclaimed answers. */
  readonly size: number;
  /** The answer for this exact proxy request, once; null when there is none (or it failed). */
  claim(target: ContextTarget, pathAndQuery: string, req: IncomingMessage, person: Person): Promise<PrefetchedAnswer | null> | null;
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
const BINDING_HEADERS = [NAVIGATION_HEADER, 'cookie'] as const;
/** The request headers an answer is keyed by ('' for one not sent). */
const KEY_HEADERS = [...FORWARDED_HEADERS, ...BINDING_HEADERS] as const;
export type KeyHeaders = Record<(typeof KEY_HEADERS)[number], string>;

/** The key headers of `req` as it is forwarded to `target` (its Accept-Encoding as hop-encoding decides). */
export function keyHeadersOf(req: IncomingMessage, target: ContextTarget): KeyHeaders {
  return {
    accept: header(req, 'accept'),
    'user-agent': header(req, 'user-agent'),
    'accept-encoding': forwardedAcceptEncoding(req, target),
    [NAVIGATION_HEADER]: header(req, NAVIGATION_HEADER),
    cookie: header(req, 'cookie'),
  };
}

/** What must match for a prefetched answer to be the one the request would have had. */
function keyOf(contextName: string, pathAndQuery: string, sent: KeyHeaders, person: Person): string {
  return JSON.stringify([contextName, pathAndQuery, person.cacheKey, ...KEY_HEADERS.map((name) => sent[name])]);
}

/**
 * A gzip head's text, inflated from as short a prefix of its first HEAD_BYTES as yields HEAD_BYTES of text: a prefix
 * of the stream inflates to a prefix of the text (a truncated stream inflates as far as it goes), so the first
 * HEAD_BYTES of the text are what inflating all HEAD_BYTES of input gives; a head that never yields that many is
 * inflated whole, as before. Inflating all of it every time made ~200 KB of JSON out of a Table page's head for
 * the few hundred bytes read: ~0.3 ms of every relayed page.
 */
function inflatedHead(head: Buffer): Buffer {
  const input = head.subarray(0, HEAD_BYTES);
  for (let size = 2048; ; size *= 2) {
    const text = gunzipSync(input.subarray(0, size), { finishFlush: constants.Z_SYNC_FLUSH });
    if (text.length >= HEAD_BYTES || size >= input.length) return text;
  }
}

/** The continue token of a Table page, read from its body's head (the body or a prefix of it, in its Content-Encoding), '' for none. */
export function continueTokenOfHead(head: Buffer, contentEncoding: string | undefined): string {
  const coding = (contentEncoding ?? 'identity').toLowerCase();
  try {
    const text = coding === 'gzip' ? inflatedHead(head) : coding === 'identity' ? head : null;
    return text === null ? '' : peekContinue(text.subarray(0, HEAD_BYTES).toString('utf8'));
  } catch {
    return '';
  }
}

/** The continue token of a 200 Table page, read from the head of its body as the tab reads it ('' for none). */
export function continueTokenOf(answer: PrefetchedAnswer): string {
  if (answer.statusCode !== 200) return '';
  return continueTokenOfHead(answer.body, answer.headers['content-encoding']?.[0]);
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

interface Entry {
  contextName: string;
  pathAndQuery: string;
  answer: Promise<PrefetchedAnswer | null>;
  timer: NodeJS.Timeout;
  drop(): void;
  claimed(): void;
}

export function createPrefetchedAnswers(claimWindowMs = CLAIM_WINDOW_MS, maxBytes = MAX_PREFETCHED_BYTES): PrefetchedAnswers {
  const pending = new Map<string, Entry>();

  const ask: PrefetchedAnswers['ask'] = (target, pathAndQuery, sent, person, claimed) => {
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

  const claim: PrefetchedAnswers['claim'] = (target, pathAndQuery, req, person) => {
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
