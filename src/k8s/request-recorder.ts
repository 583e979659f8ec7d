// Every request fetchJson makes, as sent and as answered, for the request console: a bounded ring, no React.
export const REQUEST_LOG_CAPACITY = 2000;
export const BODY_LIMIT_BYTES = 256 * 1024;
/**
 * A read repeated within this long after a retryable failure of the same URL is taken as its retry: the query
 * client waits at most 30 s (Retry-After capped), plus time for the page to send it again.
 */
export const RETRY_WINDOW_MS = 35_000;

/** This request repeats an earlier failed read of the same URL (react-query's retry, or the live controller's re-list). */
export interface RetryMark {
  /** 1 for the first retry. */
  retry: number;
  /** id of the failed request it repeats. */
  afterId: number;
  /** From the end of the failed request to the start of this one. */
  waitedMs: number;
  /** Retry-After the failure asked for, in seconds; null when it sent none. */
  retryAfterSeconds: number | null;
}

export interface RecordedBody {
  /** The text, cut at BODY_LIMIT_BYTES when `truncated`. */
  text: string;
  truncated: boolean;
  /** Size of the whole body in UTF-8 bytes. */
  bytes: number;
}

export interface RecordedRequest {
  id: number;
  /** Epoch milliseconds when the request was sent. */
  startedAt: number;
  method: string;
  /** The context of a /k8s/{context} URL; null for other same-origin URLs. */
  context: string | null;
  /** The API path with its query (the whole URL when not a proxy URL). */
  path: string;
  accept: string;
  contentType: string | null;
  requestBody: RecordedBody | null;
  /** HTTP status; 0 when no response arrived. */
  status: number;
  statusText: string;
  /** Status reason of a failure (NotFound, NetworkError, Aborted...); '' for a success. */
  reason: string;
  durationMs: number;
  /** Response headers as received, cookies left out. */
  responseHeaders: ReadonlyArray<readonly [string, string]>;
  warnings: string[];
  responseBody: RecordedBody | null;
  /** Why no response arrived (network failure, abort). */
  failure: string | null;
  /** Set when this read repeats a failed one. */
  retryOf?: RetryMark;
}

export type RequestRecord = Omit<RecordedRequest, 'id' | 'requestBody' | 'responseBody' | 'retryOf'> & {
  requestBody: string | null | undefined;
  responseBody: string | null;
  /** The bytes `responseBody` was decoded from (as UTF-8), when the caller has them: cut and sized without a scan. */
  responseRaw?: Uint8Array;
};

// The browser hides Set-Cookie from fetch anyway; dropped by name so no cookie is ever kept even if that changes.
const HIDDEN_HEADERS = new Set(['set-cookie', 'set-cookie2', 'cookie']);

/** A body cut at `limit` UTF-8 bytes, knowing its whole size. */
export function recordBody(text: string, limit = BODY_LIMIT_BYTES): RecordedBody {
  // Counted, not encoded: encoding every multi-megabyte list page whole cost Chromium ~130 ms a page.
  const bytes = utf8Length(text);
  if (bytes <= limit) return { text, truncated: false, bytes };
  // At most `limit` characters hold at least the first `limit` bytes; a character cut in half decodes to U+FFFD.
  return { text: new TextDecoder().decode(new TextEncoder().encode(text.slice(0, limit)).subarray(0, limit)), truncated: true, bytes };
}

const UTF8 = new TextDecoder();

/**
 * A received body, `text` being `raw` decoded as UTF-8: its size is the bytes received and its cut the first `limit`
 * of them, decoded (over a 10,000-row list, counting and cutting the text cost a cold tab ~40 ms; this, ~1).
 */
export function recordReceivedBody(text: string, raw: Uint8Array, limit = BODY_LIMIT_BYTES): RecordedBody {
  const bytes = raw.byteLength;
  if (bytes <= limit) return { text, truncated: false, bytes };
  // A character cut in half decodes to U+FFFD, as in recordBody.
  return { text: UTF8.decode(raw.subarray(0, limit)), truncated: true, bytes };
}

// Runs of non-ASCII characters: the native scan skips the ASCII between them, only the runs are looked at one by one.
const NON_ASCII_RUNS = /[^\0-\x7f]+/g;

function utf8Length(text: string): number {
  // Most API JSON is ASCII with a few other characters: one native scan, and a loop over those characters only
  // (a loop over every character cost ~10 ms a 2,500-row page).
  let bytes = text.length;
  for (const [run] of text.matchAll(NON_ASCII_RUNS)) {
    for (let i = 0; i < run.length; i++) {
      const code = run.charCodeAt(i);
      if (code < 0x800) {
        bytes += 1;
      } else if (code >= 0xd800 && code < 0xdc00 && (run.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        // A surrogate pair: two units, four bytes.
        bytes += 2;
        i++;
      } else {
        // Three bytes (a lone surrogate is encoded as U+FFFD, also three).
        bytes += 2;
      }
    }
  }
  return bytes;
}

/** Failures a read may get past by asking again unchanged (as isRetryableKubeError): no answer, 429, 5xx. */
export function isRetryableStatus(request: Pick<RecordedRequest, 'status' | 'reason'>): boolean {
  if (request.status === 0) return request.reason !== 'Aborted';
  return request.status === 429 || request.status >= 500;
}

function retryAfterOf(request: RecordedRequest): number | null {
  const value = request.responseHeaders.find(([name]) => name.toLowerCase() === 'retry-after')?.[1];
  const seconds = value === undefined ? NaN : Number(value.trim());
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

const urlKey = (r: Pick<RecordedRequest, 'method' | 'context' | 'path'>) => `${r.method} ${r.context ?? ''} ${r.path}`;

/**
 * Remembers the last retryable failure of each read URL, so that the read repeating it is marked as a retry.
 * Only failures are kept (a success of the URL forgets it), and they are pruned past the window: few and small.
 */
function createRetryTracker() {
  const failures = new Map<string, RecordedRequest>();
  return (entry: RecordedRequest): RetryMark | undefined => {
    // Writes are never retried: a repeated POST is the user's second click.
    if (entry.method !== 'GET') return undefined;
    const key = urlKey(entry);
    const previous = failures.get(key);
    if (isRetryableStatus(entry)) failures.set(key, entry);
    else failures.delete(key);
    if (failures.size > 100) {
      for (const [k, f] of failures) if (entry.startedAt - f.startedAt > RETRY_WINDOW_MS * 2) failures.delete(k);
    }
    if (!previous) return undefined;
    const waitedMs = Math.max(0, entry.startedAt - (previous.startedAt + previous.durationMs));
    if (waitedMs > RETRY_WINDOW_MS) return undefined;
    return { retry: (previous.retryOf?.retry ?? 0) + 1, afterId: previous.id, waitedMs, retryAfterSeconds: retryAfterOf(previous) };
  };
}

export interface RequestRecorder {
  record: (request: RequestRecord) => void;
  /** Newest first; a new array after each change, so it can be compared by identity. */
  getSnapshot: () => readonly RecordedRequest[];
  subscribe: (listener: () => void) => () => void;
  clear: () => void;
}

/** A ring of the last `capacity` requests with a useSyncExternalStore-shaped API. */
export function createRequestRecorder(capacity = REQUEST_LOG_CAPACITY): RequestRecorder {
  let nextId = 1;
  let snapshot: readonly RecordedRequest[] = [];
  let retryMarkOf = createRetryTracker();
  const listeners = new Set<() => void>();
  const publish = (next: readonly RecordedRequest[]) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  return {
    record: ({ requestBody, responseBody, responseRaw, responseHeaders, ...rest }) => {
      const entry: RecordedRequest = {
        ...rest,
        id: nextId++,
        requestBody: requestBody == null ? null : recordBody(requestBody),
        responseBody: responseBody === null ? null : responseRaw ? recordReceivedBody(responseBody, responseRaw) : recordBody(responseBody),
        responseHeaders: responseHeaders.filter(([name]) => !HIDDEN_HEADERS.has(name.toLowerCase())),
      };
      const retryOf = retryMarkOf(entry);
      if (retryOf) entry.retryOf = retryOf;
      publish([entry, ...snapshot.slice(0, capacity - 1)]);
    },
    getSnapshot: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear: () => {
      retryMarkOf = createRetryTracker();
      publish([]);
    },
  };
}

/** The SPA's one recorder, fed by fetchJson. */
export const requestRecorder = createRequestRecorder();
