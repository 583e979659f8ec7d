// POST /-/login: trades the access token for a session cookie (HttpOnly: the app never sees it).
import { withClientHeader } from './api-client';
import { decodeErrorResponse, KubeApiError, networkError } from './kube-api-error';

const LOGIN_PATH = '/-/login';

/** True for kubeglass's own refusal for want of a session (not a cluster's 401). */
export function needsSignIn(error: unknown): boolean {
  return error instanceof KubeApiError && error.code === 401;
}

/** Signs in with the access token; throws KubeApiError (401 wrong token, 429 too many tries) on refusal. */
export async function signIn(token: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(LOGIN_PATH, {
      method: 'POST',
      headers: withClientHeader({ 'Content-Type': 'application/json', Accept: 'application/json' }),
      body: JSON.stringify({ token }),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw networkError('POST', LOGIN_PATH, error);
  }
  if (response.ok) return;
  const body = await response.text();
  throw decodeErrorResponse({ method: 'POST', url: LOGIN_PATH, httpStatus: response.status, statusText: response.statusText, headers: response.headers, body });
}

/** What went wrong, in words for the sign-in screen. */
export function signInProblem(error: unknown): string {
  if (!(error instanceof KubeApiError)) return error instanceof Error ? error.message : String(error);
  if (error.code === 401) return 'That is not the access token. Use the one kubeglass printed when it started.';
  if (error.code === 429) {
    const wait = error.retryAfterSeconds === undefined ? 'a moment' : `${error.retryAfterSeconds} s`;
    return `Too many wrong tokens from this address: wait ${wait}, then try again.`;
  }
  if (error.code === 0) return `kubeglass cannot be reached: ${error.message}`;
  return error.message;
}
