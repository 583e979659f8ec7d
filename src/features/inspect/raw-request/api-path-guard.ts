// The raw request tool reaches only the selected context's API: its path is an API path, never a URL.

/**
 * Path roots the tool may send to. These are the kube-apiserver's own endpoints (resources, discovery, OpenAPI,
 * version, health); anything else (/metrics, /logs, /debug) is left to kubectl.
 */
export const API_PATH_ROOTS = ['/api', '/apis', '/version', '/openapi/v2', '/openapi/v3', '/healthz', '/livez', '/readyz'] as const;

function underRoot(pathname: string): boolean {
  return API_PATH_ROOTS.some((root) => pathname === root || pathname.startsWith(`${root}/`));
}

/** Why `input` (an API path, optionally with `?query`) cannot be sent, in words; null when it can. */
export function apiPathProblem(input: string): string | null {
  if (input.trim() === '') return 'Type an API path, e.g. /api/v1/namespaces/default/pods.';
  if (/^[a-z][a-z0-9+.-]*:/i.test(input)) return 'A path, not a URL: the tool only calls the selected context\'s API (remove the scheme and host).';
  if (input.startsWith('//')) return 'A path, not a URL: "//host" would name another server. Start with a single "/".';
  if (input.includes('\\')) return 'Backslashes are not allowed in API paths.';
  if ([...input].some((c) => /\s/.test(c) || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return 'Spaces and control characters are not allowed in API paths (encode them as %20 in the query).';
  if (input.includes('#')) return 'A fragment (#) is not part of an API request.';
  if (!input.startsWith('/')) return 'An API path starts with "/", e.g. /api/v1/pods.';
  const query = input.indexOf('?');
  const pathname = query < 0 ? input : input.slice(0, query);
  for (const segment of pathname.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return `"${segment}" is not a valid percent-encoded path segment.`;
    }
    if (decoded === '..' || decoded === '.') return 'Dot segments ("." and "..") are not allowed in API paths.';
    if (decoded.includes('/') || decoded.includes('\\')) return 'Encoded slashes are not allowed in API paths.';
  }
  if (!underRoot(pathname)) return `Only the API's own paths can be requested: ${API_PATH_ROOTS.join(', ')}.`;
  return null;
}

// What Go's strconv.ParseBool takes as true: the apiserver decodes `watch` with it.
const TRUE_VALUES = new Set(['1', 't', 'T', 'true', 'TRUE', 'True']);

/** The path and its query parameters, split (`watch` read as the apiserver reads it). */
export function splitApiPath(input: string): { pathname: string; params: URLSearchParams; watch: boolean } {
  const query = input.indexOf('?');
  const pathname = query < 0 ? input : input.slice(0, query);
  const params = new URLSearchParams(query < 0 ? '' : input.slice(query + 1));
  const watch = params.get('watch');
  return { pathname, params, watch: watch !== null && TRUE_VALUES.has(watch) };
}
