// A Table page's continue token, read from the head of its body as it passes through the proxy (in its
// Content-Encoding), without parsing or even inflating the rest: wire/list-paging's peekContinue on the head's text.
import { constants, gunzipSync } from 'node:zlib';
import { HEAD_CHARS, peekContinue } from '../../wire/list-paging.js';

/** Compressed bytes read for a page's head: enough for HEAD_CHARS characters of JSON (UTF-8, up to 4 bytes each). */
export const HEAD_BYTES = HEAD_CHARS * 4;

/**
 * A gzip head's text, inflated from as short a prefix of its first HEAD_BYTES as yields HEAD_BYTES of text: a prefix
 * of the stream inflates to a prefix of the text (a truncated stream inflates as far as it goes), so the first
 * HEAD_BYTES of the text are what inflating all HEAD_BYTES of input gives; a head that never yields that many is
 * inflated whole. Inflating all of it every time made ~200 KB of JSON out of a Table page's head for the few hundred
 * bytes read: ~0.3 ms of every relayed page.
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
