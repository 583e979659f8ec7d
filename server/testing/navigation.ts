// Test support: a built SPA's stand-in, the headers a browser tab sends for its document and for its boot script's
// fetch of a list page, and a tab's navigation to a list URL, which returns the nonce its document carries
// (server/navigation-document.ts), decompressed as a browser would. Not used at runtime.
import http from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { NAVIGATION_HEADER } from '../../wire/browser-headers.js';
import { TABLE_ACCEPT } from '../../wire/ws-protocol.js';

/** The head of a built index.html: an inline script first, as vite.config.ts inlines the boot scripts. */
export const TEST_INDEX_HTML = '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Kubeglass</title><script>void 0</script></head><body><div id="root"></div></body></html>';

/** A folder holding TEST_INDEX_HTML as index.html, for staticDir. */
export function testWebRoot(html = TEST_INDEX_HTML): string {
  const web = mkdtempSync(join(tmpdir(), 'kubeglass-test-web-'));
  writeFileSync(join(web, 'index.html'), html);
  return web;
}

/** A desktop Chrome's User-Agent. */
export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
/** The Accept-Encoding that browser sends. */
export const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
/** What a tab sends for a document it navigates to (address bar, reload). */
export const DOCUMENT = { 'User-Agent': BROWSER, 'Accept-Encoding': BROWSER_ENCODINGS, 'Sec-Fetch-Site': 'none', 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate' };

/**
 * What a tab's boot script sends to fetch a list page: a Table, same-origin, from BROWSER; with `nonce`, the
 * navigation nonce its document carried. `extra` adds headers or replaces these.
 */
export function pageFetch(nonce?: string, extra: Record<string, string> = {}): Record<string, string> {
  return { 'User-Agent': BROWSER, Accept: TABLE_ACCEPT, 'Sec-Fetch-Site': 'same-origin', ...(nonce === undefined ? {} : { [NAVIGATION_HEADER]: nonce }), ...extra };
}

export interface Navigation {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The document's text, decompressed. */
  html: string;
  /** The navigation nonce the document carries ('' for none). */
  nonce: string;
}

/** The nonce in a document's <meta name="kubeglass-navigation"> ('' for none). */
export function navigationNonceOf(html: string): string {
  return /<meta name="kubeglass-navigation" content="([^"]*)">/.exec(html)?.[1] ?? '';
}

/** GETs `url` (http://127.0.0.1:port/...) with `headers`, as a tab navigating to it would. */
export function navigate(url: string, headers: Record<string, string>): Promise<Navigation> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        try {
          const html = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, html, nonce: navigationNonceOf(html) });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    req.on('error', reject);
  });
}
