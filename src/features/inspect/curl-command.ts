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

/** One line: method, Accept, Content-Type and body (inline when short and whole, else read from stdin). */
export function curlCommand(origin: string, request: RecordedRequest): string {
  const parts = ['curl -sS', `-X ${request.method}`, `-H ${shellQuote(`Accept: ${request.accept}`)}`];
  if (request.contentType) parts.push(`-H ${shellQuote(`Content-Type: ${request.contentType}`)}`);
  const body = request.requestBody;
  if (body) {
    const inline = !body.truncated && body.bytes <= INLINE_BODY_LIMIT && !body.text.includes('\n');
    parts.push(inline ? `--data-binary ${shellQuote(body.text)}` : '--data-binary @-');
  }
  parts.push(shellQuote(proxyUrl(origin, request)));
  return parts.join(' ');
}
