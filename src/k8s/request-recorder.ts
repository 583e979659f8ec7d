// Every request fetchJson makes, as sent and as answered, for the request console: a bounded ring, no React.
export const REQUEST_LOG_CAPACITY = 2000;
export const BODY_LIMIT_BYTES = 256 * 1024;

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
}

export type RequestRecord = Omit<RecordedRequest, 'id' | 'requestBody' | 'responseBody'> & {
  requestBody: string | null | undefined;
  responseBody: string | null;
};

// The browser hides Set-Cookie from fetch anyway; dropped by name so no cookie is ever kept even if that changes.
const HIDDEN_HEADERS = new Set(['set-cookie', 'set-cookie2', 'cookie']);

/** A body cut at `limit` UTF-8 bytes, knowing its whole size. */
export function recordBody(text: string, limit = BODY_LIMIT_BYTES): RecordedBody {
  const bytes = new TextEncoder().encode(text);
  if (bytes.byteLength <= limit) return { text, truncated: false, bytes: bytes.byteLength };
  // A character cut in half decodes to U+FFFD: acceptable at the end of a truncated body.
  return { text: new TextDecoder().decode(bytes.subarray(0, limit)), truncated: true, bytes: bytes.byteLength };
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
  const listeners = new Set<() => void>();
  const publish = (next: readonly RecordedRequest[]) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  return {
    record: ({ requestBody, responseBody, responseHeaders, ...rest }) => {
      const entry: RecordedRequest = {
        ...rest,
        id: nextId++,
        requestBody: requestBody == null ? null : recordBody(requestBody),
        responseBody: responseBody === null ? null : recordBody(responseBody),
        responseHeaders: responseHeaders.filter(([name]) => !HIDDEN_HEADERS.has(name.toLowerCase())),
      };
      publish([entry, ...snapshot.slice(0, capacity - 1)]);
    },
    getSnapshot: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear: () => publish([]),
  };
}

/** The SPA's one recorder, fed by fetchJson. */
export const requestRecorder = createRequestRecorder();
