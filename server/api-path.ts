// One check of API paths for both ways in (the /k8s/ HTTP proxy and /-/ws watches): an encoded dot segment
// (%2e%2e) must not pass one door and be refused by the other.

/** Why `path` (no query) is not a plain API path, or null: undecodable segments and `.`/`..` segments, encoded or not. */
export function apiPathProblem(path: string): string | null {
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return `invalid URL path: ${path}`;
    }
    if (decoded === '..' || decoded === '.') return `dot segments are not allowed in API paths: ${path}`;
  }
  return null;
}
