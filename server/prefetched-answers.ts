// List pages asked upstream before the client asks for them (first-page-prefetch, page-read-ahead), each kept
// whole until the client's identical request claims it. An answer not claimed within its window is dropped, its
// request closed.
import type { ClientRequest, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { constants, gunzipSync } from 'node:zlib';
import { HEAD_CHARS, peekContinue } from '../wire/table-head.js';
import type { ContextTarget } from './contexts.js';
import { forwardedAcceptEncoding } from './hop-encoding.js';
import { upstreamUserAgent } from './proxy.js';
import { openUpstreamRequest } from './upstream.js';

/** Long enough for a slow tab to run its boot script; short enough that an unclaimed answer never holds a socket long. */
export const CLAIM_WINDOW_MS = 5_000;

/** A page larger than this is not kept: the request for it goes upstream itself. */
export const MAX_PREFETCHED_BYTES = 16 * 1024 * 1024;

/** At most this many unclaimed pages at once (a burst of reloads must not become a burst upstream). */
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
  /** Asks `pathAndQuery` upstream now, as a client sending `sent` would; its identical request claims the answer, and then `claimed` runs. */
  ask(target: ContextTarget, pathAndQuery: string, sent: KeyHeaders, claimed: () => void): Promise<PrefetchedAnswer | null>;
  /** True while an answer for that request is pending. */
  has(contextName: string, pathAndQuery: string, sent: KeyHeaders): boolean;
  /** Unclaimed answers. */
  readonly size: number;
  /** The answer for this exact proxy request, once; null when there is none (or it failed). */
  claim(target: ContextTarget, pathAndQuery: string, req: IncomingMessage): Promise<PrefetchedAnswer | null> | null;
  /** Aborts every unclaimed request. */
  close(): void;
}

export function header(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** The request headers an answer is keyed by, and the only ones it is asked with ('' for one not sent). */
const KEY_HEADERS = ['accept', 'user-agent', 'accept-encoding'] as const;
export type KeyHeaders = Record<(typeof KEY_HEADERS)[number], string>;

/** The key headers `req` is forwarded to `target` with (its Accept-Encoding as hop-encoding decides). */
export function keyHeadersOf(req: IncomingMessage, target: ContextTarget): KeyHeaders {
  return { accept: header(req, 'accept'), 'user-agent': header(req, 'user-agent'), 'accept-encoding': forwardedAcceptEncoding(req, target) };
}

/** What must match for a prefetched answer to be the one the request would have had. */
function keyOf(contextName: string, pathAndQuery: string, sent: KeyHeaders): string {
  return JSON.stringify([contextName, pathAndQuery, ...KEY_HEADERS.map((name) => sent[name])]);
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
  answer: Promise<PrefetchedAnswer | null>;
  timer: NodeJS.Timeout;
  drop(): void;
  claimed(): void;
}

export function createPrefetchedAnswers(claimWindowMs = CLAIM_WINDOW_MS, maxBytes = MAX_PREFETCHED_BYTES): PrefetchedAnswers {
  const pending = new Map<string, Entry>();

  const ask: PrefetchedAnswers['ask'] = (target, pathAndQuery, sent, claimed) => {
    const key = keyOf(target.info.name, pathAndQuery, sent);
    pending.get(key)?.drop();
    // What the proxy forwards for such a GET; the context's credentials are added upstream.
    const headers: OutgoingHttpHeaders = {};
    for (const name of KEY_HEADERS) if (sent[name]) headers[name] = sent[name];
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
        // Until claimed, a failure only means the client's request goes upstream itself.
        if (read === null && pending.get(key) === entry) drop();
        return read;
      });
    const entry: Entry = { answer, timer: setTimeout(() => drop(), claimWindowMs), drop, claimed };
    entry.timer.unref();
    pending.set(key, entry);
    return answer;
  };

  const claim: PrefetchedAnswers['claim'] = (target, pathAndQuery, req) => {
    if (req.method !== 'GET') return null;
    const key = keyOf(target.info.name, pathAndQuery, keyHeadersOf(req, target));
    const entry = pending.get(key);
    if (!entry) return null;
    clearTimeout(entry.timer);
    pending.delete(key);
    entry.claimed();
    return entry.answer;
  };

  return {
    ask,
    has: (contextName, pathAndQuery, sent) => pending.has(keyOf(contextName, pathAndQuery, sent)),
    get size() {
      return pending.size;
    },
    claim,
    close: () => {
      for (const entry of [...pending.values()]) entry.drop();
    },
  };
}
