// Reads pods/{name}/log through the kubeglass proxy as a stream of lines (a plain chunked HTTP response), and
// follows it across disconnects: each reconnect resumes from the last timestamp seen (ResumeCursor), so
// nothing is dropped or shown twice. Errors are KubeApiErrors like every other request's.
import { headerPairs } from './error-body.js';
import { kubeUrl, withClientHeader, withQuery, type QueryParams } from './api-client.js';
import { decodeErrorResponse, isRetryableKubeError, KubeApiError, networkError } from './kube-api-error.js';
import { LineAssembler, ResumeCursor, splitTimestamp, type LogLine, type PodLogQuery } from './logs.js';
import { requestRecorder } from './request-recorder.js';
import { parseWarningHeader } from './warning-header.js';

export type LogStreamState = 'connecting' | 'streaming' | 'reconnecting' | 'ended' | 'failed';

export interface LogStreamCallbacks {
  onLines: (lines: LogLine[]) => void;
  onState: (state: LogStreamState, detail: { error?: KubeApiError; status?: number }) => void;
}

export interface LogStreamTarget {
  context: string;
  /** The pod's API path, e.g. /api/v1/namespaces/demo/pods/web-1. */
  podPath: string;
  query: PodLogQuery;
  /** First and longest wait between reconnects (ms). */
  backoff?: { first: number; max: number };
}

const isAbort = (e: unknown) => typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    }, { once: true });
  });
}

/** One GET of the log; resolves with the HTTP status when the body ends, throws KubeApiError on a failure. */
async function readOnce(
  url: string,
  apiPathWithQuery: string,
  context: string,
  signal: AbortSignal,
  keepPartial: boolean,
  onLines: (raw: string[]) => void,
  onOpen: (status: number) => void,
): Promise<number> {
  const startedAt = Date.now();
  const clock = performance.now();
  const sent = { startedAt, method: 'GET', context, path: apiPathWithQuery, accept: 'text/plain', contentType: null, requestBody: undefined };
  let response: Response;
  try {
    response = await fetch(url, { headers: withClientHeader({ Accept: 'text/plain, */*' }), signal, credentials: 'same-origin' });
  } catch (error) {
    if (isAbort(error)) throw error;
    const e = networkError('GET', url, error);
    requestRecorder.record({ ...sent, status: 0, statusText: '', reason: e.reason, durationMs: performance.now() - clock, responseHeaders: [], warnings: [], responseBody: null, failure: e.message });
    throw e;
  }
  const warnings = parseWarningHeader(response.headers.get('warning'));
  const answer = { status: response.status, statusText: response.statusText, responseHeaders: headerPairs(response.headers), warnings };
  if (!response.ok) {
    const body = await response.text();
    const error = decodeErrorResponse({ method: 'GET', url, httpStatus: response.status, statusText: response.statusText, headers: response.headers, body, warnings });
    requestRecorder.record({ ...sent, ...answer, reason: error.reason, durationMs: performance.now() - clock, responseBody: body, failure: null });
    throw error;
  }
  // The body is a stream the console cannot hold: it notes the request and its status.
  requestRecorder.record({ ...sent, ...answer, reason: '', durationMs: performance.now() - clock, responseBody: null, failure: null });
  onOpen(response.status);
  const reader = response.body?.getReader();
  if (!reader) return response.status;
  const decoder = new TextDecoder();
  const lines = new LineAssembler();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const complete = lines.push(decoder.decode(value, { stream: true }));
      if (complete.length > 0) onLines(complete);
    }
  } catch (error) {
    if (isAbort(error)) throw error;
    // The connection broke mid-stream: a partial last line is dropped; the resume will bring it whole.
    throw networkError('GET', url, error);
  }
  const rest = lines.push(decoder.decode());
  // A followed stream that ends mid-line lost its end: the resume brings the line whole. A plain read cut by
  // limitBytes ends mid-line on purpose.
  const last = keepPartial ? lines.flush() : [];
  if (rest.length + last.length > 0) onLines([...rest, ...last]);
  return response.status;
}

/**
 * Reads (and with follow, keeps reading) one container's log until `signal` aborts. Always asks for
 * timestamps: they order lines of several containers and place the resume point.
 */
export async function streamPodLog(target: LogStreamTarget, callbacks: LogStreamCallbacks, signal: AbortSignal): Promise<void> {
  const { context, podPath, query } = target;
  const backoff = target.backoff ?? { first: 1000, max: 30_000 };
  const cursor = new ResumeCursor();
  let wait = backoff.first;
  let first = true;
  callbacks.onState('connecting', {});
  while (!signal.aborted) {
    const params: QueryParams = { container: query.container || undefined, previous: query.previous || undefined, timestamps: true, follow: query.follow || undefined };
    const since = first ? null : cursor.sinceTime();
    if (since !== null) params.sinceTime = since;
    else {
      params.sinceSeconds = query.sinceSeconds;
      params.tailLines = query.tailLines;
    }
    if (!first) cursor.resume();
    const apiPath = withQuery(`${podPath}/log`, params);
    let status: number;
    try {
      status = await readOnce(
        kubeUrl(context, apiPath),
        apiPath,
        context,
        signal,
        !query.follow,
        (raw) => {
          const fresh = raw.map(splitTimestamp).filter((l) => cursor.admit(l));
          if (fresh.length > 0) callbacks.onLines(fresh);
        },
        (s) => {
          wait = backoff.first;
          callbacks.onState('streaming', { status: s });
        },
      );
    } catch (error) {
      if (signal.aborted || isAbort(error)) return;
      const e = error instanceof KubeApiError ? error : networkError('GET', podPath, error);
      // A refusal (400, 403, 404...) will not change by asking again; a dropped connection or 5xx might.
      if (!query.follow || !isRetryableKubeError(e)) {
        callbacks.onState('failed', { error: e });
        return;
      }
      callbacks.onState('reconnecting', { error: e });
      await sleep(wait, signal);
      wait = Math.min(backoff.max, wait * 2);
      first = false;
      continue;
    }
    if (!query.follow || status === 204) {
      callbacks.onState('ended', { status });
      return;
    }
    // The server closed a followed log (the container stopped, or a proxy timed out): resume after a pause.
    callbacks.onState('reconnecting', {});
    await sleep(wait, signal);
    wait = Math.min(backoff.max, wait * 2);
    first = false;
  }
}
