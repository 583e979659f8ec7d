// Team mode's sign-ins. Every request is made with the person's own bearer token, never with a kubeconfig user:
// - token: POST /-/login {"token"} checked against the cluster (token-review), then the token travels in a sealed
//   cookie (session-seal): any replica opens it, none keeps it. Scripts may send "Authorization: Bearer" instead.
// - proxy: behind an authenticating proxy, the token in X-Forwarded-Access-Token or Authorization, taken only from a
//   --trusted-proxy address; there is no sign-in here, and no cookie.
import type { IncomingMessage } from 'node:http';
import type { BlockList } from 'node:net';
import { clientAddress } from './client-limits.js';
import type { ContextRegistry } from './contexts.js';
import { cookieValues, slowedDown, unauthorized, type ApiAccess, type Gate, type LoginRequest, type PageAccess, type Refusal } from './gate.js';
import { bearerPerson, type Person } from './person.js';
import type { SessionSeal } from './session-seal.js';
import { createSignInBackoff, type SignInBackoff } from './sign-in-backoff.js';
import { makeStatus } from './status.js';
import { jwtExpiry, reviewToken, type TokenReview } from './token-review.js';

export type TeamAuth = 'token' | 'proxy';

/** A session lasts at most this long (default), or until its token expires when that is sooner. */
export const DEFAULT_SESSION_SECONDS = 12 * 60 * 60;

export interface TeamGateOptions {
  auth: TeamAuth;
  contexts: ContextRegistry;
  /** Seals the session cookie (token mode). */
  seal: SessionSeal;
  /** The public URL is https: cookies are Secure and __Host- prefixed. */
  secure: boolean;
  /** Proxy mode: the addresses whose forwarded tokens are believed. */
  trustedProxies?: BlockList;
  sessionSeconds?: number;
  backoff?: SignInBackoff;
  /** Sign-ins and sign-outs, with the name the cluster gave (never a token). */
  log?: (event: Record<string, unknown>) => void;
  review?: typeof reviewToken;
  now?: () => number;
}

/** What the session cookie seals: the person's token and who the cluster said they are. */
interface SealedSession {
  v: 1;
  token: string;
  username?: string;
  /** Unix seconds. */
  exp: number;
}

export interface TeamGate extends Gate {
  readonly auth: TeamAuth;
  /** The person a request is made for, or null (for /-/contexts to say who is signed in). */
  personOf(req: IncomingMessage): Person | null;
}

function isSealedSession(value: unknown): value is SealedSession {
  const session = value as Partial<SealedSession> | null;
  return (
    typeof session === 'object' &&
    session !== null &&
    session.v === 1 &&
    typeof session.token === 'string' &&
    typeof session.exp === 'number' &&
    (session.username === undefined || typeof session.username === 'string')
  );
}

function bearerOf(req: IncomingMessage): string | null {
  const authorization = req.headers.authorization;
  if (authorization === undefined || !/^Bearer /i.test(authorization)) return null;
  const token = authorization.slice('Bearer '.length).trim();
  return token === '' ? null : token;
}

function forwardedToken(req: IncomingMessage): string | null {
  const header = req.headers['x-forwarded-access-token'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value !== undefined && value !== '' ? value : bearerOf(req);
}

export function createTeamGate(options: TeamGateOptions): TeamGate {
  const { auth, contexts, seal } = options;
  const now = options.now ?? Date.now;
  const backoff = options.backoff ?? createSignInBackoff();
  const review = options.review ?? reviewToken;
  const log = options.log ?? (() => undefined);
  const sessionSeconds = options.sessionSeconds ?? DEFAULT_SESSION_SECONDS;
  // __Host-: only this origin over https may set it (no Domain, Path=/), so a sibling subdomain cannot plant one.
  const cookieName = options.secure ? '__Host-kubeglass-session' : 'kubeglass-session';
  const attributes = `HttpOnly; SameSite=Lax; Path=/${options.secure ? '; Secure' : ''}`;
  const clearCookie = `${cookieName}=; ${attributes}; Max-Age=0`;

  const sessionOf = (req: IncomingMessage): SealedSession | null => {
    for (const sealed of cookieValues(req.headers.cookie, cookieName)) {
      const session = seal.open(cookieName, sealed);
      if (isSealedSession(session) && session.exp * 1000 > now()) return session;
    }
    return null;
  };

  const fromProxy = (req: IncomingMessage): boolean => {
    const address = clientAddress(req);
    return options.trustedProxies?.check(address, address.includes(':') ? 'ipv6' : 'ipv4') === true;
  };

  const personOf = (req: IncomingMessage): Person | null => {
    if (auth === 'proxy') {
      const token = fromProxy(req) ? forwardedToken(req) : null;
      return token === null ? null : bearerPerson(token);
    }
    const session = sessionOf(req);
    if (session) return bearerPerson(session.token, session.username);
    const token = bearerOf(req);
    return token === null ? null : bearerPerson(token);
  };

  const refusal = (req: IncomingMessage): Refusal => {
    if (auth === 'proxy') {
      if (!fromProxy(req)) {
        return { kind: 'refuse', status: makeStatus(403, `kubeglass takes requests only through its authenticating proxy (--trusted-proxy); ${clientAddress(req)} is not one`, 'Forbidden'), headers: { 'Cache-Control': 'no-store' } };
      }
      return unauthorized('the authenticating proxy sent no token: it must pass the signed-in person\'s token in "X-Forwarded-Access-Token" or "Authorization: Bearer"');
    }
    const ended = cookieValues(req.headers.cookie, cookieName).length > 0;
    return unauthorized(`${ended ? 'Your session has ended. ' : ''}Sign in with your Kubernetes bearer token on kubeglass's sign-in screen, or send "Authorization: Bearer <token>".`);
  };

  const startSession = (token: string, answer: Extract<TokenReview, { kind: 'accepted' }>): string => {
    const latest = Math.floor(now() / 1000) + sessionSeconds;
    const expiry = jwtExpiry(token);
    const exp = expiry !== undefined ? Math.min(expiry, latest) : latest;
    const session: SealedSession = { v: 1, token, exp, ...(answer.username !== undefined ? { username: answer.username } : {}) };
    return `${cookieName}=${seal.seal(cookieName, session)}; ${attributes}; Max-Age=${Math.max(0, exp - Math.floor(now() / 1000))}`;
  };

  return {
    auth,
    personOf,
    carriesSessionCookie: (req) => auth === 'token' && cookieValues(req.headers.cookie, cookieName).length > 0,
    page: (req): PageAccess => ({ kind: 'serve', person: personOf(req) }),
    api(req): ApiAccess {
      const person = personOf(req);
      return person ? { kind: 'allow', person } : refusal(req);
    },
    async login(req, login: LoginRequest) {
      if (auth !== 'token') {
        return { kind: 'refuse', status: makeStatus(404, 'kubeglass takes no sign-in here: its authenticating proxy signs people in', 'NotFound'), headers: {} };
      }
      const name = login.context ?? contexts.list().default;
      const target = contexts.get(name);
      if (!target) return { kind: 'refuse', status: makeStatus(400, `kubeglass has no context named "${name}"`, 'BadRequest'), headers: {} };
      const client = clientAddress(req);
      const wait = backoff.retryAfterSeconds(client);
      if (wait > 0) return slowedDown(wait);
      const answer = await review(target, login.token);
      if (answer.kind === 'failed') return { kind: 'refuse', status: answer.status, headers: { 'Cache-Control': 'no-store' } };
      if (answer.kind === 'refused') {
        backoff.failed(client);
        log({ event: 'sign-in refused', context: name, client });
        return { kind: 'refuse', status: answer.status, headers: { 'Cache-Control': 'no-store' } };
      }
      backoff.succeeded(client);
      log({ event: 'signed in', context: name, user: answer.username ?? '(the cluster does not say)', client });
      return { kind: 'signed-in', setCookie: [startSession(login.token, answer)] };
    },
    logout(req) {
      const session = auth === 'token' ? sessionOf(req) : null;
      if (session) log({ event: 'signed out', user: session.username ?? '(unknown)', client: clientAddress(req) });
      return Promise.resolve({ setCookie: auth === 'token' ? [clearCookie] : [] });
    },
  };
}
