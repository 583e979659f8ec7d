import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inlineScriptSources } from './inline-scripts.js';
import { navigationDocument } from './navigation-document.js';
import { navigationNonceOf, TEST_INDEX_HTML } from './testing/navigation.js';

function indexFile(html: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'kubeglass-navigation-')), 'index.html');
  writeFileSync(file, html);
  return file;
}

const NONCE = 'Zm9yIHRoaXMgdGFiIG9ubHk';
// Larger than one stored block could hold, with non-ASCII text, as a built index.html's inline scripts are.
const BUILT = `<!doctype html><html><head><meta charset="UTF-8"><title>Kubeglass · 7070</title><script>${'var a="ä→";'.repeat(9000)}</script><script>void 0</script></head><body><div id="root"></div></body></html>`;

describe('navigationDocument', () => {
  it.each([
    ['a small document', TEST_INDEX_HTML],
    ['a built-size document', BUILT],
  ])('writes the nonce before the first inline script of %s, gzipped or not, and leaves the scripts as they were', (_, html) => {
    const file = indexFile(html);
    const plain = navigationDocument(file, NONCE, false);
    const zipped = navigationDocument(file, NONCE, true);
    expect(plain?.contentEncoding).toBeUndefined();
    expect(zipped?.contentEncoding).toBe('gzip');
    const text = plain?.body.toString('utf8') ?? '';
    expect(text).toBe(html.replace('<script>', `<meta name="kubeglass-navigation" content="${NONCE}"><script>`));
    expect(navigationNonceOf(text)).toBe(NONCE);
    // A complete gzip member: gunzip checks its CRC-32 and length.
    expect(gunzipSync(zipped?.body ?? Buffer.alloc(0)).toString('utf8')).toBe(text);
    expect(inlineScriptSources(text)).toEqual(inlineScriptSources(html));
  });

  it('gives each nonce its own document from the same parts', () => {
    const file = indexFile(BUILT);
    const other = navigationDocument(file, 'b3RoZXItdGFiLW5vbmNlLTE', true);
    const first = navigationDocument(file, NONCE, true);
    expect(navigationNonceOf(gunzipSync(other?.body ?? Buffer.alloc(0)).toString('utf8'))).toBe('b3RoZXItdGFiLW5vbmNlLTE');
    expect(navigationNonceOf(gunzipSync(first?.body ?? Buffer.alloc(0)).toString('utf8'))).toBe(NONCE);
  });

  it('puts the meta at the end of a head without scripts, and has no place for it without a head', () => {
    const text = navigationDocument(indexFile('<html><head><title>x</title></head><body></body></html>'), NONCE, false)?.body.toString('utf8');
    expect(text).toBe(`<html><head><title>x</title><meta name="kubeglass-navigation" content="${NONCE}"></head><body></body></html>`);
    expect(navigationDocument(indexFile('plain text'), NONCE, true)).toBeNull();
  });
});
