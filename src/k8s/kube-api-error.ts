// The one error type for every failed request to the Kubernetes API (and to the kubeglass server).
import { reasonForHttpCode as statusReasonForCode } from '../../wire/status.js';
import { headerPairs, messageFromText, parseRetryAfter, tryParseJson } from './error-body.js';
import { toKubeStatus, type KubeStatus, type StatusCause, type StatusDetails } from './kube-status.js';
import { parseWarningHeader } from './warning-header.js';

/** What was actually received, for the error inspector: nothing is thrown away. */
export interface KubeErrorRaw {
  method: string;
  url: string;
  /** HTTP status; 0 when no response arrived. */
  httpStatus: number;
  statusText: string;
  contentType: string | null;
  /** Response headers as received, in order; absent when there was no HTTP response. */
  headers?: ReadonlyArray<readonly [string, string]>;
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

export interface ErrorResponseParts {
  method: string;
  url: string;
  httpStatus: number;
  statusText: string;
  headers: Headers;
  body: string;
  /** Parsed Warning texts; read from the headers when not given. */
  warnings?: string[];
  /** Reported instead of the received status and body text when the failure is not the status (a 2xx that is not JSON). */
  failure?: { code: number; message: string };
}

/** Decodes a non-2xx response into a KubeApiError: Status bodies first, then text, HTML and empty bodies. */
export function decodeErrorResponse(parts: ErrorResponseParts): KubeApiError {
  const contentType = parts.headers.get('content-type');
  const parsed = parts.body.trim() ? tryParseJson(parts.body) : undefined;
  const status = toKubeStatus(parsed);
  const headerRetry = parseRetryAfter(parts.headers.get('retry-after'));
  const warnings = parts.warnings ?? parseWarningHeader(parts.headers.get('warning'));
  const raw: KubeErrorRaw = {
    method: parts.method,
    url: parts.url,
    httpStatus: parts.httpStatus,
    statusText: parts.statusText,
    contentType,
    headers: headerPairs(parts.headers),
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
      warnings,
      raw,
    });
  }

  const code = parts.failure?.code ?? parts.httpStatus;
  const reason = reasonForHttpCode(code);
  const text = parts.body.trim() ? messageFromText(parts.body, contentType) : '';
  const fallback = `${parts.httpStatus} ${parts.statusText || reason}`.trim();
  return new KubeApiError({
    code,
    reason,
    message: parts.failure?.message ?? (text || fallback),
    retryAfterSeconds: headerRetry,
    warnings,
    raw,
  });
}

/** A request that never got a response (DNS, refused connection, server down) or gave up waiting for one. */
export function networkError(method: string, url: string, cause: unknown): KubeApiError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  const timedOut = typeof cause === 'object' && cause !== null && (cause as { name?: unknown }).name === 'TimeoutError';
  return new KubeApiError({
    code: 0,
    reason: timedOut ? 'ClientTimeout' : 'NetworkError',
    message: timedOut
      ? `No answer from the kubeglass server in time; the request was given up (${detail})`
      : `Could not reach the kubeglass server: ${detail}`,
    raw: { method, url, httpStatus: 0, statusText: '', contentType: null, body: '', status: null },
  });
}

// A Status without a code (possible in a watch ERROR event) still names its reason: recover the code from it.
const CODE_BY_REASON: Readonly<Record<string, number>> = {
  BadRequest: 400, Unauthorized: 401, Forbidden: 403, NotFound: 404, MethodNotAllowed: 405, NotAcceptable: 406,
  AlreadyExists: 409, Conflict: 409, Gone: 410, Expired: 410, RequestEntityTooLarge: 413, UnsupportedMediaType: 415,
  Invalid: 422, TooManyRequests: 429, InternalError: 500, ServerTimeout: 500, ServiceUnavailable: 503, Timeout: 504,
};

/** Wraps a Status delivered outside an HTTP error (a watch ERROR event, a closed watch). */
export function errorFromStatus(received: KubeStatus, method: string, url: string): KubeApiError {
  const status = toKubeStatus(received) ?? received;
  // Own keys only: a reason such as "__proto__" or "constructor" must not reach Object.prototype.
  const reason = status.reason ?? '';
  const code = status.code && status.code > 0 ? status.code : Object.hasOwn(CODE_BY_REASON, reason) ? (CODE_BY_REASON[reason] ?? 0) : 0;
  const detailsRetry = status.details?.retryAfterSeconds;
  return new KubeApiError({
    code,
    reason: status.reason || reasonForHttpCode(code),
    message: status.message || reasonForHttpCode(code),
    details: status.details,
    retryAfterSeconds: detailsRetry && detailsRetry > 0 ? detailsRetry : undefined,
    raw: { method, url, httpStatus: code, statusText: '', contentType: 'application/json', body: JSON.stringify(status), status },
  });
}

/** The error a watch ERROR event stands for; its object should be a Status but is kept whatever it is. */
export function errorFromWatchEvent(object: unknown, url: string): KubeApiError {
  const status = toKubeStatus(object);
  if (status) return errorFromStatus(status, 'WATCH', url);
  return new KubeApiError({
    code: 0,
    reason: 'Unknown',
    message: 'The watch reported an error without a Status',
    raw: { method: 'WATCH', url, httpStatus: 0, statusText: '', contentType: 'application/json', body: JSON.stringify(object) ?? '', status: null },
  });
}
