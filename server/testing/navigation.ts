// Test support: a built SPA's stand-in and a tab's navigation to a list URL, which returns the nonce its document
// carries (server/navigation-document.ts), decompressed as a browser would. Not used at runtime.
import http from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The head of a built index.html: an inline script first, as vite.config.ts inlines the boot scripts. */
export const TEST_INDEX_HTML = '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Kubeglass</title><script>void 0</script></head><body><div id="root"></div></body></html>';

/** A folder holding TEST_INDEX_HTML as index.html, for staticDir. */
export function testWebRoot(html = TEST_INDEX_HTML): string {
  const web = mkdtempSync(join(tmpdir(), 'kubeglass-test-web-'));
  writeFileSync(join(web, 'index.html'), html);
  return web;
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
