// One check of API paths for both ways in (the /k8s/ HTTP proxy and /-/ws watches): a trick must not pass one
// door and be refused by the other. The API server decodes %2F into a slash before it routes, and a proxy or
// pod behind it may decode again, so a segment is judged by what it becomes however often it is decoded.

/** True when `text` holds a control character (C0 or DEL), or a space when `spaceToo`. */
function hasControl(text: string, spaceToo: boolean): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || (spaceToo && code === 0x20)) return true;
  }
  return false;
}

/** Raw characters no request target of an API path holds: backslashes (a slash to some servers), fragments, controls. */
const refusedRaw = (path: string): boolean => /[\\#]/.test(path) || hasControl(path, true);

/** Characters that split or end a path once decoded: slash, backslash, controls (header injection further on). */
const refusedDecoded = (segment: string): boolean => /[/\\]/.test(segment) || hasControl(segment, false);

const ESCAPE = /%([0-9a-fA-F]{2})/g;

/** No client encodes a path more than twice; deeper nesting is refused rather than decoded at length. */
const MAX_DECODINGS = 8;

/** The segment with every %XX decoded as one byte, again and again until nothing changes; null past MAX_DECODINGS. */
function decodedToTheEnd(segment: string): string | null {
  let current = segment;
  for (let round = 0; round <= MAX_DECODINGS; round++) {
    const next = current.replace(ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (next === current) return current;
    current = next;
  }
  return null;
}

/**
 * Why `path` (no query) is not a plain API path, or null. Refused in any encoding (%2f, %252f, %25%32%66...) and
 * any case: slashes and backslashes inside a segment, `.`/`..` segments, also with a `;` parameter (`..;`), and
 * control characters. Names of Kubernetes objects never hold `/` or `%` nor are `.`/`..`, so no object is lost.
 */
export function apiPathProblem(path: string): string | null {
  if (refusedRaw(path)) return `backslashes, '#', spaces and control characters are not allowed in API paths: ${JSON.stringify(path)}`;
  for (const segment of path.split('/')) {
    try {
      decodeURIComponent(segment);
    } catch {
      return `invalid URL path: ${path}`;
    }
    const decoded = decodedToTheEnd(segment);
    if (decoded === null) return `API path segments encoded more than ${MAX_DECODINGS} times are not allowed: ${path}`;
    if (refusedDecoded(decoded)) {
      return `encoded slashes, backslashes and control characters are not allowed in API paths: ${path}`;
    }
    const beforeParameters = decoded.split(';', 1)[0];
    if (beforeParameters === '..' || beforeParameters === '.') return `dot segments are not allowed in API paths: ${path}`;
  }
  return null;
}
