// POST /-/login: trades a token (kubeglass's access token, or in team mode the person's own Kubernetes token) for a
// session cookie (HttpOnly: the app never sees it); POST /-/logout ends it.
import type { SignInKind } from '../../wire/contexts';
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

/** What went wrong, in words for the sign-in screen (the server's own words in team mode, which name the cluster). */
export function signInProblem(error: unknown, kind: SignInKind['signIn'] = 'access-token'): string {
  if (!(error instanceof KubeApiError)) return error instanceof Error ? error.message : String(error);
  if (error.code === 401 && kind === 'token') return `The cluster did not accept that token: ${error.message}`;
  if (error.code === 401) return 'That is not the access token. Use the one kubeglass printed when it started.';
  if (error.code === 429) {
    const wait = error.retryAfterSeconds === undefined ? 'a moment' : `${error.retryAfterSeconds} s`;
    return `Too many wrong tokens from this address: wait ${wait}, then try again.`;
  }
  if (error.code === 0) return `kubeglass cannot be reached: ${error.message}`;
  return error.message;
}

/** What the sign-in screen asks for (GET /-/auth, answered without a session); access-token when it cannot tell. */
export async function fetchSignInKind(): Promise<SignInKind['signIn']> {
  try {
    const response = await fetch('/-/auth', { headers: withClientHeader({ Accept: 'application/json' }), credentials: 'same-origin' });
    const body = (await response.json()) as Partial<SignInKind>;
    return body.signIn === 'token' || body.signIn === 'proxy' || body.signIn === 'none' ? body.signIn : 'access-token';
  } catch {
    return 'access-token';
  }
}

/** POST /-/logout: ends this browser's session (its cookie is cleared by the answer). */
export async function signOut(): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/-/logout', { method: 'POST', headers: withClientHeader({ Accept: 'application/json' }), credentials: 'same-origin' });
  } catch (error) {
    throw networkError('POST', '/-/logout', error);
  }
  if (response.ok) return;
  const body = await response.text();
  throw decodeErrorResponse({ method: 'POST', url: '/-/logout', httpStatus: response.status, statusText: response.statusText, headers: response.headers, body });
}
