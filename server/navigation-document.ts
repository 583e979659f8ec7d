// index.html as served for a list's navigation (first-page-prefetch): with a <meta> carrying the navigation's nonce
// before its first inline script, which reads it (not in a script: the scripts' CSP hashes stay those of the file).
// Made per request from parts kept per file, so the nonce costs no compression: the file's text before and after the
// meta is deflated once, each part a stream of its own ended on a byte boundary, and a request's gzip body is those
// parts around the meta as a stored block (RFC 1951 3.2.4), under a header and the whole text's CRC-32 (carried
// over the part after the meta without reading it again: crc32.ts).
import { readFileSync, statSync } from 'node:fs';
import { constants, deflateRawSync } from 'node:zlib';
import { crc32, crc32Combine, zeroBytesOperator } from './crc32.js';

/** The element's name, as src/app/boot/preload-list.js looks it up. */
export const NAVIGATION_META = 'kubeglass-navigation';

export interface NavigationDocument {
  body: Buffer;
  /** 'gzip', or undefined for the text as is. */
  contentEncoding: 'gzip' | undefined;
}

interface Parts {
  before: Buffer;
  after: Buffer;
  /** gzip's header and `before` deflated, ended by a sync flush (its last block not the final one). */
  gzipBefore: Buffer;
  /** `after` deflated to the final block. */
  deflatedAfter: Buffer;
  crcBefore: number;
  crcAfter: number;
  /** Carries a CRC-32 over `after`'s length. */
  zerosOfAfter: Uint32Array;
}

/** gzip's member header (RFC 1952): deflate, no name, no time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** `data` (under 64 KiB) as one non-final stored block, on a byte boundary. */
function storedBlock(data: Buffer): Buffer {
  const block = Buffer.alloc(5 + data.length);
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

const cache = new Map<string, { stamp: string; parts: Parts | null }>();

/** The file's parts, read again only when its size or mtime changes (a rebuild under a running server). */
function partsOf(file: string): Parts | null {
  const stats = statSync(file);
  const stamp = `${stats.size}:${stats.mtimeMs}`;
  const cached = cache.get(file);
  if (cached?.stamp === stamp) return cached.parts;
  const parts = splitAtHead(readFileSync(file));
  cache.set(file, { stamp, parts });
  return parts;
}

/** A document's parts around the meta's place (its first script in <head>, else the end of <head>); null: no <head>. */
function splitAtHead(html: Buffer): Parts | null {
  const text = html.toString('latin1');
  const head = text.indexOf('</head>');
  const script = text.indexOf('<script');
  const at = script !== -1 && (head === -1 || script < head) ? script : head;
  if (at === -1) return null;
  const before = html.subarray(0, at);
  const after = html.subarray(at);
  return {
    before,
    after,
    gzipBefore: Buffer.concat([GZIP_HEADER, deflateRawSync(before, { level: 9, finishFlush: constants.Z_SYNC_FLUSH })]),
    deflatedAfter: deflateRawSync(after, { level: 9 }),
    crcBefore: crc32(before),
    crcAfter: crc32(after),
    zerosOfAfter: zeroBytesOperator(after.length),
  };
}

/** The document `file` carrying `nonce` (base64url), gzipped when `gzip`; null when the file has no place for it. */
export function navigationDocument(file: string, nonce: string, gzip: boolean): NavigationDocument | null {
  const parts = partsOf(file);
  if (parts === null) return null;
  const meta = Buffer.from(`<meta name="${NAVIGATION_META}" content="${nonce}">`, 'latin1');
  if (!gzip) return { body: Buffer.concat([parts.before, meta, parts.after]), contentEncoding: undefined };
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32Combine(crc32(meta, parts.crcBefore), parts.crcAfter, parts.zerosOfAfter), 0);
  trailer.writeUInt32LE((parts.before.length + meta.length + parts.after.length) % 2 ** 32, 4);
  return { body: Buffer.concat([parts.gzipBefore, storedBlock(meta), parts.deflatedAfter, trailer]), contentEncoding: 'gzip' };
}
