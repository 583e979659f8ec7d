// fetch wrapper for the kubeglass proxy: /k8s/{context}{API path}. Every non-2xx becomes a KubeApiError.
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../wire/browser-headers.js';
import { headerPairs } from './error-body.js';
import { decodeErrorResponse, networkError } from './kube-api-error.js';
import { requestRecorder, type RequestRecord } from './request-recorder.js';
import { parseWarningHeader } from './warning-header.js';

export type QueryParams = Record<string, string | number | boolean | undefined | null>;

export interface KubeRequestInit {
  method?: string;
  query?: QueryParams;
  accept?: string;
  contentType?: string;
  body?: string;
  signal?: AbortSignal;
  /** Called with a 2xx body's text before it is parsed (a list peeks at its continue token, see list-table). */
  onText?: (text: string) => void;
}

export interface KubeResponse<T> {
  body: T;
  status: number;
  headers: Headers;
  /** Texts of the response's `Warning: 299 - "..."` headers (deprecations, unknown fields...). */
  warnings: string[];
}

/**
 * Request headers plus the one the SPA sends on every request to /k8s/ and /-/: with the session cookie, the server
 * takes only requests that carry it (no link, image or form of another page can).
 */
export function withClientHeader(headers: Record<string, string> = {}): Record<string, string> {
  return { ...headers, [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
}

/** Appends query parameters, skipping undefined, null and empty values. */
export function withQuery(path: string, query: QueryParams | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

/** URL of an API path through the kubeglass proxy for one context. */
export function kubeUrl(context: string, apiPath: string, query?: QueryParams): string {
  const path = apiPath.startsWith('/') ? apiPath : `/${apiPath}`;
  return withQuery(`/k8s/${encodeURIComponent(context)}${path}`, query);
}

/** Inverse of kubeUrl: the context and API path (without query) of a proxy URL; null for other URLs. */
export function parseKubeUrl(url: string): { context: string; apiPath: string } | null {
  const match = /^\/k8s\/([^/?]+)(\/[^?]*)?/.exec(url);
  if (!match?.[1]) return null;
  try {
    return { context: decodeURIComponent(match[1]), apiPath: match[2] ?? '/' };
  } catch {
    return null;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException
    ? error.name === 'AbortError'
    : typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** UTF-8 with replacement characters and the BOM dropped: what Response.text() decodes. */
const UTF8 = new TextDecoder();

/** Fetches any same-origin URL and decodes the JSON body; throws KubeApiError on failure. Aborts are rethrown as-is. */
export async function fetchJson<T>(url: string, init: KubeRequestInit = {}): Promise<KubeResponse<T>> {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = { Accept: init.accept ?? 'application/json' };
  if (init.contentType) headers['Content-Type'] = init.contentType;
  const fullUrl = withQuery(url, init.query);
  const target = parseKubeUrl(fullUrl);
  const sent = {
    startedAt: Date.now(),
    method,
    context: target?.context ?? null,
    path: target ? `${target.apiPath}${fullUrl.includes('?') ? fullUrl.slice(fullUrl.indexOf('?')) : ''}` : fullUrl,
    accept: headers.Accept ?? '',
    contentType: init.contentType ?? null,
    requestBody: init.body,
  };
  const clock = performance.now();
  const record = (answer: Omit<RequestRecord, keyof typeof sent | 'durationMs'>) =>
    requestRecorder.record({ ...sent, ...answer, durationMs: performance.now() - clock });
  const recordFailure = (error: unknown) => {
    const aborted = isAbort(error);
    const failure = error instanceof Error ? error.message : String(error);
    const reason = aborted ? 'Aborted' : networkError(method, fullUrl, error).reason;
    record({ status: 0, statusText: '', reason, responseHeaders: [], warnings: [], responseBody: null, failure });
  };

  let response: Response;
  try {
    response = await fetch(fullUrl, { method, headers: withClientHeader(headers), body: init.body, signal: init.signal, credentials: 'same-origin' });
  } catch (error) {
    recordFailure(error);
    if (isAbort(error)) throw error;
    throw networkError(method, fullUrl, error);
  }

  const warnings = parseWarningHeader(response.headers.get('warning'));
  let text: string;
  let raw: Uint8Array;
  try {
    // Read as bytes, then decoded (as text() does): the log sizes and cuts the bytes instead of scanning the text.
    raw = new Uint8Array(await response.arrayBuffer());
    text = UTF8.decode(raw);
  } catch (error) {
    recordFailure(error);
    if (isAbort(error)) throw error;
    throw networkError(method, fullUrl, error);
  }

  const answer = { status: response.status, statusText: response.statusText, responseHeaders: headerPairs(response.headers), warnings, responseBody: text, responseRaw: raw, failure: null };
  // What was received, exactly: every failure below keeps it for the inspector.
  const received = { method, url: fullUrl, httpStatus: response.status, statusText: response.statusText, headers: response.headers, body: text, warnings };
  if (!response.ok) {
    const error = decodeErrorResponse(received);
    record({ ...answer, reason: error.reason });
    throw error;
  }

  init.onText?.(text);
  let body: T;
  try {
    body = (text ? JSON.parse(text) : null) as T;
  } catch {
    record({ ...answer, reason: 'NotJSON' });
    // A 2xx that is not JSON means something between us and the apiserver rewrote the answer.
    throw decodeErrorResponse({
      ...received,
      // Reported as a bad gateway, while raw keeps the status line that really came.
      failure: { code: 502, message: `The server answered ${response.status} but the body is not JSON: something between kubeglass and the API rewrote it` },
    });
  }
  record({ ...answer, reason: '' });
  return { body, status: response.status, headers: response.headers, warnings };
}

/** Calls the Kubernetes API of one context through the kubeglass proxy. */
export function kubeRequest<T>(context: string, apiPath: string, init: KubeRequestInit = {}): Promise<KubeResponse<T>> {
  return fetchJson<T>(kubeUrl(context, apiPath), init);
}
