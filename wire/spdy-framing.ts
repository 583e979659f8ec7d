// SPDY/3.1 framing as moby/spdystream (client-go's SPDY transport) speaks it: control frames (SYN_STREAM, SYN_REPLY,
// RST_STREAM, SETTINGS, PING, GOAWAY, WINDOW_UPDATE) and data frames. Header blocks the client sends are zlib with the
// SPDY/3 dictionary, one stream per connection; the ones sent here are zlib stored blocks, which any inflater reads.
import zlib from 'node:zlib';

/** The SPDY/3 header compression dictionary (draft 3, section 2.6.10.1). */
export const SPDY_DICTIONARY = Buffer.from('AAAAB29wdGlvbnMAAAAEaGVhZAAAAARwb3N0AAAAA3B1dAAAAAZkZWxldGUAAAAFdHJhY2UAAAAGYWNjZXB0AAAADmFjY2VwdC1jaGFyc2V0AAAAD2FjY2VwdC1lbmNvZGluZwAAAA9hY2NlcHQtbGFuZ3VhZ2UAAAANYWNjZXB0LXJhbmdlcwAAAANhZ2UAAAAFYWxsb3cAAAANYXV0aG9yaXphdGlvbgAAAA1jYWNoZS1jb250cm9sAAAACmNvbm5lY3Rpb24AAAAMY29udGVudC1iYXNlAAAAEGNvbnRlbnQtZW5jb2RpbmcAAAAQY29udGVudC1sYW5ndWFnZQAAAA5jb250ZW50LWxlbmd0aAAAABBjb250ZW50LWxvY2F0aW9uAAAAC2NvbnRlbnQtbWQ1AAAADWNvbnRlbnQtcmFuZ2UAAAAMY29udGVudC10eXBlAAAABGRhdGUAAAAEZXRhZwAAAAZleHBlY3QAAAAHZXhwaXJlcwAAAARmcm9tAAAABGhvc3QAAAAIaWYtbWF0Y2gAAAARaWYtbW9kaWZpZWQtc2luY2UAAAANaWYtbm9uZS1tYXRjaAAAAAhpZi1yYW5nZQAAABNpZi11bm1vZGlmaWVkLXNpbmNlAAAADWxhc3QtbW9kaWZpZWQAAAAIbG9jYXRpb24AAAAMbWF4LWZvcndhcmRzAAAABnByYWdtYQAAABJwcm94eS1hdXRoZW50aWNhdGUAAAATcHJveHktYXV0aG9yaXphdGlvbgAAAAVyYW5nZQAAAAdyZWZlcmVyAAAAC3JldHJ5LWFmdGVyAAAABnNlcnZlcgAAAAJ0ZQAAAAd0cmFpbGVyAAAAEXRyYW5zZmVyLWVuY29kaW5nAAAAB3VwZ3JhZGUAAAAKdXNlci1hZ2VudAAAAAR2YXJ5AAAAA3ZpYQAAAAd3YXJuaW5nAAAAEHd3dy1hdXRoZW50aWNhdGUAAAAGbWV0aG9kAAAAA2dldAAAAAZzdGF0dXMAAAAGMjAwIE9LAAAAB3ZlcnNpb24AAAAISFRUUC8xLjEAAAADdXJsAAAABnB1YmxpYwAAAApzZXQtY29va2llAAAACmtlZXAtYWxpdmUAAAAGb3JpZ2luMTAwMTAxMjAxMjAyMjA1MjA2MzAwMzAyMzAzMzA0MzA1MzA2MzA3NDAyNDA1NDA2NDA3NDA4NDA5NDEwNDExNDEyNDEzNDE0NDE1NDE2NDE3NTAyNTA0NTA1MjAzIE5vbi1BdXRob3JpdGF0aXZlIEluZm9ybWF0aW9uMjA0IE5vIENvbnRlbnQzMDEgTW92ZWQgUGVybWFuZW50bHk0MDAgQmFkIFJlcXVlc3Q0MDEgVW5hdXRob3JpemVkNDAzIEZvcmJpZGRlbjQwNCBOb3QgRm91bmQ1MDAgSW50ZXJuYWwgU2VydmVyIEVycm9yNTAxIE5vdCBJbXBsZW1lbnRlZDUwMyBTZXJ2aWNlIFVuYXZhaWxhYmxlSmFuIEZlYiBNYXIgQXByIE1heSBKdW4gSnVsIEF1ZyBTZXB0IE9jdCBOb3YgRGVjIDAwOjAwOjAwIE1vbiwgVHVlLCBXZWQsIFRodSwgRnJpLCBTYXQsIFN1biwgR01UY2h1bmtlZCx0ZXh0L2h0bWwsaW1hZ2UvcG5nLGltYWdlL2pwZyxpbWFnZS9naWYsYXBwbGljYXRpb24veG1sLGFwcGxpY2F0aW9uL3hodG1sK3htbCx0ZXh0L3BsYWluLHRleHQvamF2YXNjcmlwdCxwdWJsaWNwcml2YXRlbWF4LWFnZT1nemlwLGRlZmxhdGUsc2RjaGNoYXJzZXQ9dXRmLThjaGFyc2V0PWlzby04ODU5LTEsdXRmLSwqLGVucT0wLg==', 'base64');

export const SPDY_VERSION = 3;
export const FLAG_FIN = 0x01;

export const SYN_STREAM = 1;
export const SYN_REPLY = 2;
export const RST_STREAM = 3;
export const SETTINGS = 4;
export const PING = 6;
export const GOAWAY = 7;
export const WINDOW_UPDATE = 9;

export type SpdyFrame =
  | { kind: 'control'; type: number; flags: number; payload: Buffer }
  | { kind: 'data'; streamId: number; flags: number; data: Buffer };

/** Splits a byte stream into frames; bytes of a frame not yet complete wait for the next push. */
export class SpdyFrameReader {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): SpdyFrame[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const frames: SpdyFrame[] = [];
    while (this.pending.length >= 8) {
      const length = this.pending.readUIntBE(5, 3);
      if (this.pending.length < 8 + length) break;
      const first = this.pending.readUInt32BE(0);
      const flags = this.pending[4] ?? 0;
      const body = this.pending.subarray(8, 8 + length);
      if (first & 0x80000000) frames.push({ kind: 'control', type: first & 0xffff, flags, payload: body });
      else frames.push({ kind: 'data', streamId: first & 0x7fffffff, flags, data: body });
      this.pending = this.pending.subarray(8 + length);
    }
    return frames;
  }
}

/** Reads the client's header blocks: one zlib stream across the connection, each block ending in a sync flush. */
export class HeaderBlockReader {
  private compressed: Buffer = Buffer.alloc(0);
  private consumed = 0;

  /** The name/value pairs of the next block (names lower-case, as SPDY/3 sends them). */
  read(block: Buffer): Map<string, string> {
    this.compressed = Buffer.concat([this.compressed, block]);
    // Inflating everything so far keeps zlib's window without holding a stream open; header blocks are few and small.
    const all = zlib.inflateSync(this.compressed, { dictionary: SPDY_DICTIONARY, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    const plain = all.subarray(this.consumed);
    this.consumed = all.length;
    return decodeHeaderBlock(plain);
  }
}

/** A header block, uncompressed: a 32-bit count, then each name and value with 32-bit lengths. */
export function decodeHeaderBlock(plain: Buffer): Map<string, string> {
  const headers = new Map<string, string>();
  let at = 4;
  const count = plain.length >= 4 ? plain.readUInt32BE(0) : 0;
  for (let i = 0; i < count && at + 4 <= plain.length; i++) {
    const nameLength = plain.readUInt32BE(at);
    const name = plain.subarray(at + 4, at + 4 + nameLength).toString('utf8');
    at += 4 + nameLength;
    const valueLength = plain.readUInt32BE(at);
    const value = plain.subarray(at + 4, at + 4 + valueLength).toString('utf8');
    at += 4 + valueLength;
    headers.set(name.toLowerCase(), value);
  }
  return headers;
}

export function encodeHeaderBlock(headers: ReadonlyArray<[string, string]>): Buffer {
  const parts: Buffer[] = [Buffer.alloc(4)];
  parts[0]?.writeUInt32BE(headers.length, 0);
  for (const [name, value] of headers) {
    for (const text of [name, value]) {
      const bytes = Buffer.from(text, 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32BE(bytes.length, 0);
      parts.push(length, bytes);
    }
  }
  return Buffer.concat(parts);
}

/**
 * Writes header blocks as one zlib stream of stored (uncompressed) blocks, each block ending in an empty one as a
 * sync flush does: Go's flate reader expects that end, and reads stored blocks without the dictionary.
 */
export class HeaderBlockWriter {
  private started = false;

  write(plain: Buffer): Buffer {
    const parts: Buffer[] = [];
    if (!this.started) {
      this.started = true;
      // CMF 0x78 (deflate, 32K window), FLG 0x01: no preset dictionary, check bits.
      parts.push(Buffer.from([0x78, 0x01]));
    }
    for (let at = 0; at < plain.length; at += 0xffff) {
      const piece = plain.subarray(at, at + 0xffff);
      const head = Buffer.alloc(5);
      head[0] = 0x00; // BFINAL 0, BTYPE 00 (stored)
      head.writeUInt16LE(piece.length, 1);
      head.writeUInt16LE(~piece.length & 0xffff, 3);
      parts.push(head, piece);
    }
    parts.push(Buffer.from([0x00, 0x00, 0x00, 0xff, 0xff]));
    return Buffer.concat(parts);
  }
}

export function controlFrame(type: number, flags: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE((0x80000000 | (SPDY_VERSION << 16) | type) >>> 0, 0);
  head[4] = flags;
  head.writeUIntBE(payload.length, 5, 3);
  return Buffer.concat([head, payload]);
}

export function dataFrame(streamId: number, flags: number, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(streamId & 0x7fffffff, 0);
  head[4] = flags;
  head.writeUIntBE(data.length, 5, 3);
  return Buffer.concat([head, data]);
}

export function synReply(streamId: number, headerBlock: Buffer): Buffer {
  const id = Buffer.alloc(4);
  id.writeUInt32BE(streamId & 0x7fffffff, 0);
  return controlFrame(SYN_REPLY, 0, Buffer.concat([id, headerBlock]));
}
