// One request sent as typed (any Accept, any status, any body) and kept as received, for the raw request tool.
import { kubeUrl, withClientHeader } from './api-client';
import { headerPairs } from './error-body';
import { decodeErrorResponse, networkError } from './kube-api-error';
import { requestRecorder, type RecordedRequest, type RequestRecorder } from './request-recorder';
import { parseWarningHeader } from './warning-header';

export interface RawFetchInit {
  method: string;
  accept: string;
  contentType?: string;
  body?: string;
  signal?: AbortSignal;
}

/**
 * Sends one request to a context's API path (query included) and returns it as recorded: unlike fetchJson it
 * never throws for a status or a body that is not JSON (YAML, text, HTML are answers too). Recorded like every
 * other request, so the request console lists it.
 */
export async function fetchRaw(
  context: string,
  apiPathWithQuery: string,
  init: RawFetchInit,
  recorder: RequestRecorder = requestRecorder,
): Promise<RecordedRequest> {
  const url = kubeUrl(context, apiPathWithQuery);
  const headers: Record<string, string> = { Accept: init.accept };
  if (init.contentType) headers['Content-Type'] = init.contentType;
  const startedAt = Date.now();
  const clock = performance.now();
  const sent = { startedAt, method: init.method, context, path: apiPathWithQuery, accept: init.accept, contentType: init.contentType ?? null, requestBody: init.body };
  const recorded = (): RecordedRequest => {
    // record() publishes synchronously: the newest entry is this one.
    const entry = recorder.getSnapshot()[0];
    if (!entry) throw new Error('the request recorder kept nothing');
    return entry;
  };
  const failed = (error: unknown): RecordedRequest => {
    const aborted = error instanceof Error && error.name === 'AbortError';
    recorder.record({
      ...sent,
      status: 0,
      statusText: '',
      reason: aborted ? 'Aborted' : networkError(init.method, url, error).reason,
      durationMs: performance.now() - clock,
      responseHeaders: [],
      warnings: [],
      responseBody: null,
      failure: error instanceof Error ? error.message : String(error),
    });
    return recorded();
  };

  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { method: init.method, headers: withClientHeader(headers), body: init.body, signal: init.signal, credentials: 'same-origin' });
    text = await response.text();
  } catch (error) {
    return failed(error);
  }
  const warnings = parseWarningHeader(response.headers.get('warning'));
  const reason = response.ok
    ? ''
    : decodeErrorResponse({ method: init.method, url, httpStatus: response.status, statusText: response.statusText, headers: response.headers, body: text, warnings }).reason;
  recorder.record({
    ...sent,
    status: response.status,
    statusText: response.statusText,
    reason,
    durationMs: performance.now() - clock,
    responseHeaders: headerPairs(response.headers),
    warnings,
    responseBody: text,
    failure: null,
  });
  return recorded();
}
