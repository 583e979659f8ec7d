// Kubernetes `Status` bodies for the errors the kubeglass server produces itself, so the SPA decodes
// every error (ours or the apiserver's) the same way (wire doc section 0).
import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { STATUS_CODES } from 'node:http';
import { reasonForHttpCode } from '../wire/status.js';

export interface KubeStatus {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure';
  message: string;
  reason: string;
  code: number;
  details?: { retryAfterSeconds?: number; [key: string]: unknown };
}

/** Builds a Failure Status; reason defaults to the one Kubernetes uses for the code. */
export function makeStatus(code: number, message: string, reason = reasonForHttpCode(code)): KubeStatus {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code };
}

/** True when a parsed JSON value looks like a Kubernetes Status object. */
export function isStatus(value: unknown): value is { kind: 'Status' } {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'Status';
}

const MAX_WRAPPED_MESSAGE = 2048;

/** Turns an upstream error body into a Status: a Status body is kept as is, anything else (text, HTML) is wrapped. */
export function statusFromErrorBody(code: number, body: string, contentType: string | undefined): unknown {
  const text = body.trim();
  if (text !== '' && (contentType === undefined || /json/i.test(contentType) || text.startsWith('{'))) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isStatus(parsed)) return parsed;
    } catch {
      // Not JSON after all: wrapped below.
    }
  }
  const message =
    text === ''
      ? `the server responded with HTTP ${code} ${STATUS_CODES[code] ?? ''}`.trim()
      : text.length > MAX_WRAPPED_MESSAGE
        ? `${text.slice(0, MAX_WRAPPED_MESSAGE)}...`
        : text;
  return makeStatus(code, message);
}

/** Writes a Status as the complete HTTP response (HTTP code = Status.code). */
export function sendStatus(res: ServerResponse, status: KubeStatus, extraHeaders: Record<string, string> = {}): void {
  const body = JSON.stringify(status);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status.code, {
    ...extraHeaders,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** Answers a raw (upgrade) socket with a Status as a plain HTTP/1.1 response, then closes it. */
export function sendStatusOnSocket(socket: Duplex, status: KubeStatus, extraHeaders: Record<string, string> = {}): void {
  const body = JSON.stringify(status);
  const head = [
    `HTTP/1.1 ${status.code} ${STATUS_CODES[status.code] ?? ''}`,
    'Connection: close',
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    ...Object.entries(extraHeaders).map(([name, value]) => `${name}: ${value}`),
  ];
  if (socket.writable) socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  else socket.destroy();
}
