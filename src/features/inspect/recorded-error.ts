// A recorded failure rebuilt as the KubeApiError fetchJson threw, so the error panel explains it the same way.
import { decodeErrorResponse, networkError, type KubeApiError } from '../../k8s/kube-api-error';
import type { RecordedRequest } from '../../k8s/request-recorder';
import { proxyUrl } from './curl-command';

/** Null for a success (and for an abort, which is no failure of the API). */
export function recordedError(request: RecordedRequest): KubeApiError | null {
  const url = proxyUrl('', request);
  if (request.status === 0) return request.reason === 'Aborted' ? null : networkError(request.method, url, new Error(request.failure ?? ''));
  if (request.status < 400) return null;
  return decodeErrorResponse({
    method: request.method,
    url,
    httpStatus: request.status,
    statusText: request.statusText,
    headers: new Headers(request.responseHeaders.map(([name, value]) => [name, value])),
    body: request.responseBody?.text ?? '',
    warnings: request.warnings,
  });
}
