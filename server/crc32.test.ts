import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, crc32Combine, zeroBytesOperator } from './crc32.js';

/** ~100 KB of text with multi-byte characters. */
const DATA = Buffer.from(`<!doctype html><head><script>${'var a="ä→"+i++;'.repeat(7000)}</script></head>`);

describe('crc32', () => {
  it("is gzip's CRC-32, carried on across parts", () => {
    const data = DATA;
    expect(crc32(data)).toBe(zlibCrc32(data));
    expect(crc32(data.subarray(500), crc32(data.subarray(0, 500)))).toBe(zlibCrc32(data));
  });

  it.each([0, 1, 7, 500, 65_537])('combines over a part of %i bytes as if it were read', (cut) => {
    const data = DATA.subarray(0, 70_000);
    const [a, b] = [data.subarray(0, data.length - cut), data.subarray(data.length - cut)];
    expect(crc32Combine(crc32(a), crc32(b), zeroBytesOperator(b.length))).toBe(zlibCrc32(data));
  });
});
