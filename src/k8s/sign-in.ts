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

/** POSTs to one of kubeglass's own endpoints; the body of a 2xx answer, else throws its Status as KubeApiError. */
async function postOwn(path: string, json?: unknown): Promise<{ status: number; body: string }> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: withClientHeader({ Accept: 'application/json', ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}) }),
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw networkError('POST', path, error);
  }
  const body = await response.text();
  if (!response.ok) throw decodeErrorResponse({ method: 'POST', url: path, httpStatus: response.status, statusText: response.statusText, headers: response.headers, body });
  return { status: response.status, body };
}

/** Signs in with the token; throws KubeApiError (401 wrong token, 429 too many tries) on refusal. */
export async function signIn(token: string): Promise<void> {
  await postOwn(LOGIN_PATH, { token });
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

const SIGN_IN_KINDS: ReadonlySet<string> = new Set(['none', 'token', 'oidc', 'proxy']);

/** What the sign-in screen asks for (GET /-/auth, answered without a session); access-token when it cannot tell. */
export async function fetchSignInKind(): Promise<SignInKind> {
  try {
    const response = await fetch('/-/auth', { headers: withClientHeader({ Accept: 'application/json' }), credentials: 'same-origin' });
    const body = (await response.json()) as Partial<SignInKind>;
    const signIn = typeof body.signIn === 'string' && SIGN_IN_KINDS.has(body.signIn) ? body.signIn : 'access-token';
    return { signIn, ...(typeof body.issuer === 'string' ? { issuer: body.issuer } : {}) };
  } catch {
    return { signIn: 'access-token' };
  }
}

/** Where the browser goes to sign in at the identity provider, coming back to `then` (a path of this app). */
export function oidcSignInUrl(then: string): string {
  return `/-/oidc/start?${new URLSearchParams({ then }).toString()}`;
}

/** POST /-/session/refresh: a new ID token for the session (its cookie renewed by the answer); when it now expires. */
export async function refreshSession(): Promise<number> {
  const { body } = await postOwn('/-/session/refresh');
  const expiresAt = (JSON.parse(body) as { expiresAt?: unknown }).expiresAt;
  return typeof expiresAt === 'number' ? expiresAt : 0;
}

/** POST /-/logout: ends this browser's session (its cookie is cleared by the answer); the identity provider's end-session URL, if it has one. */
export async function signOut(): Promise<string | null> {
  const { status, body } = await postOwn('/-/logout');
  if (status !== 200 || body === '') return null;
  const endSession = (JSON.parse(body) as { endSession?: unknown }).endSession;
  return typeof endSession === 'string' && /^https?:\/\//.test(endSession) ? endSession : null;
}
