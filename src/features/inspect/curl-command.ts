// The curl line that repeats a recorded request through the kubeglass proxy (which holds the credentials).
import type { RecordedRequest } from '../../k8s/request-recorder';

// Bodies longer than this are left for stdin: a single line stays readable.
const INLINE_BODY_LIMIT = 4096;

/** POSIX shell single quoting: the only character to escape inside '...' is ' itself. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The proxy URL of a recorded request on `origin` (e.g. http://127.0.0.1:8080). */
export function proxyUrl(origin: string, request: Pick<RecordedRequest, 'context' | 'path'>): string {
  return request.context === null ? `${origin}${request.path}` : `${origin}/k8s/${encodeURIComponent(request.context)}${request.path}`;
}

/** The shell variable the curl line reads kubeglass's access token from. */
export const ACCESS_TOKEN_VARIABLE = 'KUBEGLASS_TOKEN';

/** True for loopback origins (127.0.0.0/8, localhost, [::1]): kubeglass demands its access token beyond them. */
export function isLoopbackOrigin(origin: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(origin).hostname;
  } catch {
    return true;
  }
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * One line: method, Accept, Content-Type and body (inline when short and whole, else read from stdin). Beyond loopback
 * the browser's session cookie is HttpOnly and not ours to print: the line sends the access token kubeglass printed at start
 * from $KUBEGLASS_TOKEN (the server takes it as a Bearer header and never forwards it), and says so at its end.
 */
export function curlCommand(origin: string, request: RecordedRequest, { accessToken }: { accessToken?: boolean } = {}): string {
  const parts = ['curl -sS', `-X ${request.method}`, `-H ${shellQuote(`Accept: ${request.accept}`)}`];
  // Seen from the origin alone, a --host 0.0.0.0 or --token-file server browsed on loopback looks tokenless: a caller that knows says so.
  const tokenNeeded = accessToken ?? !isLoopbackOrigin(origin);
  if (tokenNeeded) parts.push(`-H "Authorization: Bearer $${ACCESS_TOKEN_VARIABLE}"`);
  if (request.contentType) parts.push(`-H ${shellQuote(`Content-Type: ${request.contentType}`)}`);
  const body = request.requestBody;
  if (body) {
    const inline = !body.truncated && body.bytes <= INLINE_BODY_LIMIT && !body.text.includes('\n');
    parts.push(inline ? `--data-binary ${shellQuote(body.text)}` : '--data-binary @-');
  }
  parts.push(shellQuote(proxyUrl(origin, request)));
  if (tokenNeeded) parts.push(`# set ${ACCESS_TOKEN_VARIABLE} to the access token kubeglass printed at start`);
  return parts.join(' ');
}
