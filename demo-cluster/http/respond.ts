// Writing responses: JSON (pretty for curl/browsers or ?pretty=true), YAML, protobuf, Status errors, text 404s.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { stringify as toYaml } from 'yaml';
import { ApiError, internalError } from './errors.js';
import type { Status } from '../resources/types.js';
import { endBody } from './compress.js';
import { prettyParameter } from './query-bool.js';
import { PROTOBUF, negotiateResource, prefersProtobuf } from './negotiate.js';
import { encodeKubernetesProtobuf, hasProtobuf } from '../protobuf/encode.js';

/** Pretty-print rule of the apiserver: ?pretty=true, or a curl/Wget/browser User-Agent. */
export function wantsPretty(req: IncomingMessage, query: URLSearchParams): boolean {
  const pretty = prettyParameter(query);
  if (pretty !== null) return pretty;
  const ua = req.headers['user-agent'] ?? '';
  return ua.startsWith('curl') || ua.startsWith('Wget') || ua.startsWith('Mozilla/5.0');
}

/** Headers every apiserver answer carries. */
export function baseHeaders(contentType: string): Record<string, string> {
  return { 'Content-Type': contentType, 'Cache-Control': 'no-cache, private', 'Audit-Id': randomUUID() };
}

/** Sends a JSON, YAML or protobuf body with the given HTTP code (protobuf: an object with kind and apiVersion). */
export function sendObject(
  req: IncomingMessage,
  res: ServerResponse,
  code: number,
  body: unknown,
  format: 'json' | 'yaml' | 'protobuf' = 'json',
  query?: URLSearchParams,
): void {
  if (res.headersSent) return;
  if (format === 'protobuf') {
    endBody(req, res, code, baseHeaders(PROTOBUF), encodeKubernetesProtobuf(body as Record<string, unknown>));
    return;
  }
  if (format === 'yaml') {
    const text = toYaml(body, { aliasDuplicateObjects: false });
    endBody(req, res, code, baseHeaders('application/yaml'), text);
    return;
  }
  const pretty = wantsPretty(req, query ?? new URLSearchParams());
  const text = pretty ? `${JSON.stringify(body, null, 2)}\n` : `${JSON.stringify(body)}\n`;
  endBody(req, res, code, baseHeaders('application/json'), text);
}

/** Sends an object (a Scale, a Status) as JSON, YAML or protobuf as the Accept header prefers; JSON when it names none of them. */
export function sendNegotiated(req: IncomingMessage, res: ServerResponse, code: number, obj: { kind?: unknown; apiVersion?: unknown }, query?: URLSearchParams): void {
  const protobuf = typeof obj.kind === 'string' && typeof obj.apiVersion === 'string' && hasProtobuf(obj.apiVersion, obj.kind);
  const rep = negotiateResource(req.headers.accept, false, protobuf);
  sendObject(req, res, code, obj, rep?.kind === 'yaml' || rep?.kind === 'protobuf' ? rep.kind : 'json', query);
}

/** Sends a JSON body already serialized compactly, unless the client wants it pretty (then `value` is re-serialized). */
export function sendJsonText(req: IncomingMessage, res: ServerResponse, code: number, text: string, value: unknown, query?: URLSearchParams): void {
  if (res.headersSent) return;
  if (wantsPretty(req, query ?? new URLSearchParams())) {
    sendObject(req, res, code, value, 'json', query);
    return;
  }
  endBody(req, res, code, baseHeaders('application/json'), `${text}\n`);
}

/** Sends a Status; Retry-After mirrors details.retryAfterSeconds as upstream. */
export function sendStatus(req: IncomingMessage, res: ServerResponse, status: Status, query?: URLSearchParams): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const retry = status.details?.retryAfterSeconds;
  if (retry !== undefined && retry > 0) res.setHeader('Retry-After', String(retry));
  // A Status has a protobuf form in every group, custom resources' too.
  const protobuf = prefersProtobuf(req.headers.accept) && hasProtobuf(status.apiVersion, status.kind);
  sendObject(req, res, status.code ?? 500, status, protobuf ? 'protobuf' : 'json', query);
}

/** Sends any thrown value: ApiError as its Status, anything else as a 500 InternalError. */
export function sendError(req: IncomingMessage, res: ServerResponse, err: unknown, query?: URLSearchParams): void {
  const apiErr = err instanceof ApiError ? err : internalError(err);
  sendStatus(req, res, apiErr.status, query);
}

/** The Go mux's plain-text 404 for paths no handler serves. */
export function sendPageNotFound(res: ServerResponse): void {
  if (res.headersSent) return;
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
  res.end('404 page not found\n');
}
