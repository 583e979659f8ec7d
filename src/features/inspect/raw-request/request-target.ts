// The path actually sent: the typed path plus what the form's switches add (dryRun=All, fieldManager).
import { splitApiPath } from './api-path-guard';
import { isWrite, type RawRequest } from './request-url';

/** The API path with its query as sent; the form's switches win over the same parameters typed in the path. */
export function requestTarget(request: RawRequest): string {
  const { pathname, params } = splitApiPath(request.path);
  if (request.dryRun && request.verb !== 'GET') params.set('dryRun', 'All');
  if (request.fieldManager && isWrite(request.verb)) params.set('fieldManager', request.fieldManager);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
