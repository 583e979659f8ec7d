// Checks a bearer token against a cluster before a team-mode session starts: SelfSubjectReview where served (1.28 GA,
// 1.27 beta) says who the token is; older servers only tell a token they accept (a SelfSubjectAccessReview is
// answered) from one they refuse (401).
import type { ContextTarget } from './contexts.js';
import { bearerPerson } from './person.js';
import { makeStatus, type KubeStatus } from './status.js';
import { upstreamErrorStatus } from './upstream.js';
import { requestJson, type JsonAnswer } from './upstream-json.js';

export type TokenReview =
  | { kind: 'accepted'; username?: string; groups?: string[] }
  | { kind: 'refused'; status: KubeStatus }
  /** The cluster could not be asked, or answered otherwise than yes or no. */
  | { kind: 'failed'; status: KubeStatus };

/** A POST as the token's holder. */
function post(target: ContextTarget, token: string, path: string, body: unknown): Promise<JsonAnswer> {
  return requestJson(target, bearerPerson(token), 'POST', path, body);
}

interface UserInfo {
  username?: unknown;
  groups?: unknown;
}

function accepted(userInfo: UserInfo | undefined): TokenReview {
  const username = typeof userInfo?.username === 'string' && userInfo.username !== '' ? userInfo.username : undefined;
  const groups = Array.isArray(userInfo?.groups) ? userInfo.groups.filter((group): group is string => typeof group === 'string') : undefined;
  return { kind: 'accepted', ...(username !== undefined ? { username } : {}), ...(groups !== undefined ? { groups } : {}) };
}

const SELF_SUBJECT_REVIEWS = ['authentication.k8s.io/v1', 'authentication.k8s.io/v1beta1'];

export async function reviewToken(target: ContextTarget, token: string): Promise<TokenReview> {
  const where = `context "${target.info.name}" (${target.info.server})`;
  const refused = (): TokenReview => ({ kind: 'refused', status: makeStatus(401, `the API server of ${where} does not accept this token (401 Unauthorized)`, 'Unauthorized') });
  try {
    for (const apiVersion of SELF_SUBJECT_REVIEWS) {
      const answer = await post(target, token, `/apis/${apiVersion}/selfsubjectreviews`, { apiVersion, kind: 'SelfSubjectReview' });
      if (answer.code === 401) return refused();
      if (answer.code === 201 || answer.code === 200) return accepted((answer.body as { status?: { userInfo?: UserInfo } } | null)?.status?.userInfo);
      // Authenticated, only not allowed to ask who it is.
      if (answer.code === 403) return { kind: 'accepted' };
      if (answer.code !== 404) return { kind: 'failed', status: makeStatus(502, `the API server of ${where} answered ${answer.code} to a SelfSubjectReview`) };
    }
    const review = { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', spec: { nonResourceAttributes: { path: '/api', verb: 'get' } } };
    const answer = await post(target, token, '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', review);
    if (answer.code === 401) return refused();
    if (answer.code === 201 || answer.code === 200 || answer.code === 403) return { kind: 'accepted' };
    return { kind: 'failed', status: makeStatus(502, `the API server of ${where} answered ${answer.code} to a SelfSubjectAccessReview`) };
  } catch (error) {
    return { kind: 'failed', status: upstreamErrorStatus(target, error) };
  }
}

/** The `exp` of a JWT (seconds since the epoch), read without checking it: the cluster checks the token. */
export function jwtExpiry(token: string): number | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp : undefined;
  } catch {
    return undefined;
  }
}
