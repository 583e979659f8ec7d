// Test support: the headers a browser tab's fetch of a list page sends. Not used at runtime.
import { TABLE_ACCEPT } from '../../wire/ws-protocol.js';

/** A desktop Chrome's User-Agent. */
export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
/** The Accept-Encoding that browser sends. */
export const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** What a tab's fetch of a list page sends: a Table, same-origin, from BROWSER. `extra` adds headers or replaces these. */
export function pageFetch(extra: Record<string, string> = {}): Record<string, string> {
  return { 'User-Agent': BROWSER, Accept: TABLE_ACCEPT, 'Sec-Fetch-Site': 'same-origin', ...extra };
}
