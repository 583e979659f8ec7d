// Test-only: kube-apiserver 1.20.2's legacy discovery documents (tests/fixtures), answered for the proxy paths the
// app requests them at (/k8s/{context}/api, /k8s/{context}/apis/apps/v1...).
import { readFixture } from './fixtures';

/** The recorded discovery document for `path` as a JSON response, or null when the path is not one. */
export function recordedDiscovery(path: string): Response | null {
  const match = /^\/k8s\/[^/]+\/(apis?(?:\/.*)?)$/.exec(path);
  if (!match?.[1]) return null;
  let text: string;
  try {
    text = readFixture(`discovery/${match[1].split('/').join('__')}.json`);
  } catch {
    return null; // a path under /api or /apis that is not a discovery document
  }
  return new Response(text, { headers: { 'content-type': 'application/json' } });
}
