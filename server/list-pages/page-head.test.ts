import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { continueTokenOfHead, HEAD_BYTES } from './page-head.js';

/** A Table page as the demo cluster writes it: metadata first, then columns and `rows` rows. */
function tablePage(token: string, rows: number): Buffer {
  const row = (i: number) => ({ cells: [`load-${i}`, '1/1', 'Running', i % 7, '5m'], object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: { name: `load-${i}`, namespace: 'bench', uid: `uid-${i}-${randomBytes(8).toString('hex')}` } } });
  const metadata = { resourceVersion: '812', continue: token, remainingItemCount: 9000 };
  return Buffer.from(JSON.stringify({ kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata, columnDefinitions: [], rows: Array.from({ length: rows }, (_, i) => row(i)) }));
}

describe('continueTokenOfHead', () => {
  it("reads a gzip page's token from its whole body or from its head, as from the plain text", () => {
    const page = tablePage('eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6ODEyfQ', 2500);
    const zipped = gzipSync(page, { level: 4 });
    expect(zipped.length).toBeGreaterThan(HEAD_BYTES);
    expect(continueTokenOfHead(page, undefined)).toBe('eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6ODEyfQ');
    expect(continueTokenOfHead(zipped, 'gzip')).toBe('eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6ODEyfQ');
    expect(continueTokenOfHead(zipped.subarray(0, HEAD_BYTES), 'GZIP')).toBe('eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6ODEyfQ');
  });

  it('inflates more of a head that compresses badly until the metadata is in', () => {
    // ~3,900 characters of random token: a few KiB of gzip before the metadata ends.
    const token = randomBytes(2900).toString('base64url');
    const zipped = gzipSync(tablePage(token, 50), { level: 4 });
    expect(continueTokenOfHead(zipped, 'gzip')).toBe(token);
  });

  it('finds no token in metadata ending past HEAD_CHARS, in a cut head, or in an unknown coding', () => {
    expect(continueTokenOfHead(gzipSync(tablePage(randomBytes(3200).toString('base64url'), 10)), 'gzip')).toBe('');
    expect(continueTokenOfHead(gzipSync(tablePage('tok', 10)).subarray(0, 40), 'gzip')).toBe('');
    expect(continueTokenOfHead(tablePage('tok', 10), 'br')).toBe('');
  });
});
