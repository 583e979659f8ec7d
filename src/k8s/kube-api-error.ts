// The one error type for every failed request to the Kubernetes API (and to the kubeglass server).
import { reasonForHttpCode as statusReasonForCode } from '../../wire/status';
import { isKubeStatus, type KubeStatus, type StatusCause, type StatusDetails } from './kube-status';

/** What was actually received, for the error inspector: nothing is thrown away. */
export interface KubeErrorRaw {
  method: string;
  url: string;
  /** HTTP status; 0 when no response arrived. */
  httpStatus: number;
  statusText: string;
  contentType: string | null;
  /** Response body as text ('' when empty or none). */
  body: string;
  /** The decoded Status when the body was one. */
  status: KubeStatus | null;
}

export interface KubeApiErrorInit {
  code: number;
  reason: string;
  message: string;
  details?: StatusDetails;
  retryAfterSeconds?: number;
  warnings?: string[];
  raw: KubeErrorRaw;
}

export class KubeApiError extends Error {
  override readonly name = 'KubeApiError';
  /** HTTP status (Status.code when present); 0 for network failures. */
  readonly code: number;
  /** Status reason (NotFound, Forbidden, Expired...), derived from the code when the body is not a Status. */
  readonly reason: string;
  readonly details: StatusDetails | undefined;
  readonly causes: StatusCause[];
  readonly retryAfterSeconds: number | undefined;
  readonly warnings: string[];
  readonly raw: KubeErrorRaw;

  constructor(init: KubeApiErrorInit) {
    super(init.message);
    this.code = init.code;
    this.reason = init.reason;
    this.details = init.details;
    this.causes = init.details?.causes ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.warnings = init.warnings ?? [];
    this.raw = init.raw;
  }
}

/** True for errors worth retrying unchanged: network failures, throttling and server-side failures. */
export function isRetryableKubeError(error: unknown): error is KubeApiError {
  if (!(error instanceof KubeApiError)) return false;
  return error.code === 0 || error.code === 429 || error.code >= 500;
}

/** The Status reason a bare HTTP code stands for ("Unknown" when none does). */
export function reasonForHttpCode(code: number): string {
  return statusReasonForCode(code) || 'Unknown';
}

const MAX_MESSAGE_CHARS = 500;

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 10.2.3). */
function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function messageFromText(body: string, contentType: string | null): string {
  const isHtml = (contentType ?? '').includes('html') || /^\s*<(!doctype|html)/i.test(body);
  if (isHtml) {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body)?.[1];
    const text = (title ?? body.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/gi, ''))
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return truncate(text);
  }
  return truncate(body.trim());
}

function truncate(text: string): string {
  return text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS)}…` : text;
}

function tryParseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

export interface ErrorResponseParts {
  method: string;
  url: string;
  httpStatus: number;
  statusText: string;
  headers: Headers;
  body: string;
  warnings: string[];
}

/** Decodes a non-2xx response into a KubeApiError: Status bodies first, then text, HTML and empty bodies. */
export function decodeErrorResponse(parts: ErrorResponseParts): KubeApiError {
  const contentType = parts.headers.get('content-type');
  const parsed = parts.body.trim() ? tryParseJson(parts.body) : undefined;
  const status = isKubeStatus(parsed) ? parsed : null;
  const headerRetry = parseRetryAfter(parts.headers.get('retry-after'));
  const raw: KubeErrorRaw = {
    method: parts.method,
    url: parts.url,
    httpStatus: parts.httpStatus,
    statusText: parts.statusText,
    contentType,
    body: parts.body,
    status,
  };

  if (status) {
    const code = status.code && status.code > 0 ? status.code : parts.httpStatus;
    const detailsRetry = status.details?.retryAfterSeconds;
    return new KubeApiError({
      code,
      reason: status.reason || reasonForHttpCode(code),
      message: status.message || parts.statusText || reasonForHttpCode(code),
      details: status.details,
      retryAfterSeconds: headerRetry ?? (detailsRetry && detailsRetry > 0 ? detailsRetry : undefined),
      warnings: parts.warnings,
      raw,
    });
  }

  const reason = reasonForHttpCode(parts.httpStatus);
  const text = parts.body.trim() ? messageFromText(parts.body, contentType) : '';
  const fallback = `${parts.httpStatus} ${parts.statusText || reason}`.trim();
  return new KubeApiError({
    code: parts.httpStatus,
    reason,
    message: text || fallback,
    retryAfterSeconds: headerRetry,
    warnings: parts.warnings,
    raw,
  });
}

/** A request that never got a response (DNS, refused connection, server down, CORS). */
export function networkError(method: string, url: string, cause: unknown): KubeApiError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new KubeApiError({
    code: 0,
    reason: 'NetworkError',
    message: `Could not reach the kubeglass server: ${detail}`,
    raw: { method, url, httpStatus: 0, statusText: '', contentType: null, body: '', status: null },
  });
}

/** Wraps a Status delivered outside an HTTP error (a watch ERROR event, a closed watch). */
export function errorFromStatus(status: KubeStatus, method: string, url: string): KubeApiError {
  const code = status.code ?? 0;
  return new KubeApiError({
    code,
    reason: status.reason || reasonForHttpCode(code),
    message: status.message || reasonForHttpCode(code),
    details: status.details,
    retryAfterSeconds: status.details?.retryAfterSeconds,
    raw: { method, url, httpStatus: code, statusText: '', contentType: 'application/json', body: JSON.stringify(status), status },
  });
}
