// Team mode's sign-ins. Every request is made with the person's own bearer token, never with a kubeconfig user:
// - token: POST /-/login {"token"} checked against the cluster (token-review), then the token travels in a sealed
//   cookie (session-seal): any replica opens it, none keeps it. Scripts may send "Authorization: Bearer" instead.
// - oidc: the authorization code flow with PKCE at the issuer (oidc-client); its state, nonce and verifier travel in
//   a sealed cookie too, so the callback may land on any replica. The session holds the ID token (the bearer) and the
//   refresh token; POST /-/session/refresh trades the refresh token for a new ID token before the old one expires.
// - proxy: behind an authenticating proxy, the token in X-Forwarded-Access-Token or Authorization, taken only from a
//   --trusted-proxy address; there is no sign-in here, and no cookie.
import type { IncomingMessage } from 'node:http';
import type { BlockList } from 'node:net';
import { clientAddress } from './client-limits.js';
import type { ContextRegistry } from './contexts.js';
import { slowedDown, unauthorized, type ApiAccess, type Gate, type LoginRequest, type PageAccess, type Refusal } from './gate.js';
import { newSignInStart, OidcError, type IdTokenClaims, type OidcClient, type SignInStart } from './oidc-client.js';
import { bearerPerson, type Person } from './person.js';
import { createSealedCookie } from './sealed-cookie.js';
import type { SessionSeal } from './session-seal.js';
import { createSignInBackoff, type SignInBackoff } from './sign-in-backoff.js';
import { makeStatus } from './status.js';
import { jwtExpiry, reviewToken, type TokenReview } from './token-review.js';

export type TeamAuth = 'token' | 'oidc' | 'proxy';

/** A session lasts at most this long (default), or in token mode until its token expires when that is sooner. */
export const DEFAULT_SESSION_SECONDS = 12 * 60 * 60;
/** A sign-in at the issuer must come back within this. */
const SIGN_IN_SECONDS = 10 * 60;
/** Refreshed when the ID token has less than this left (the app asks about a minute before it expires). */
const REFRESH_AHEAD_SECONDS = 90;

export interface TeamGateOptions {
  auth: TeamAuth;
  contexts: ContextRegistry;
  /** Seals the session cookie (token and oidc modes). */
  seal: SessionSeal;
  /** The public URL is https: cookies are Secure and __Host- prefixed. */
  secure: boolean;
  /** Proxy mode: the addresses whose forwarded tokens are believed. */
  trustedProxies?: BlockList;
  /** OIDC mode. */
  oidc?: OidcClient;
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
  /** OIDC: the refresh token. */
  refresh?: string;
  username?: string;
  /** Unix seconds: the session ends. */
  exp: number;
  /** Unix seconds: the token expires (a refresh renews it). */
  tokenExp: number;
}

interface SealedSignIn extends SignInStart {
  v: 1;
  /** The path the sign-in started from, to come back to. */
  back: string;
  exp: number;
}

export type SignInAnswer = { kind: 'redirect'; location: string; setCookie: string[] } | Refusal;

export interface TeamGate extends Gate {
  readonly auth: TeamAuth;
  /** The person a request is made for, or null (for /-/contexts to say who is signed in). */
  personOf(req: IncomingMessage): Person | null;
  /** OIDC: GET /-/oidc/start?then=PATH, on to the issuer. */
  startSignIn(req: IncomingMessage): Promise<SignInAnswer>;
  /** OIDC: GET /-/oidc/callback?code&state, back from the issuer: the session starts. */
  finishSignIn(req: IncomingMessage): Promise<SignInAnswer>;
  /** OIDC: POST /-/session/refresh: a new ID token for the session, when the one it holds expires soon. */
  refresh(req: IncomingMessage): Promise<{ setCookie: string[]; expiresAt: number } | Refusal>;
}

function isSealedSession(value: unknown): value is SealedSession {
  const session = value as Partial<SealedSession> | null;
  return (
    typeof session === 'object' &&
    session !== null &&
    session.v === 1 &&
    typeof session.token === 'string' &&
    typeof session.exp === 'number' &&
    typeof session.tokenExp === 'number' &&
    (session.refresh === undefined || typeof session.refresh === 'string') &&
    (session.username === undefined || typeof session.username === 'string')
  );
}

function isSealedSignIn(value: unknown): value is SealedSignIn {
  const start = value as Partial<SealedSignIn> | null;
  return typeof start === 'object' && start !== null && start.v === 1 && [start.state, start.nonce, start.verifier, start.back].every((f) => typeof f === 'string') && typeof start.exp === 'number';
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

/** A path of this origin to come back to after signing in: never another site ("//host", "/\\host"). */
export function sameOriginPath(candidate: string | null): string {
  if (candidate === null || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\') || [...candidate].some((c) => c.charCodeAt(0) < 0x20)) return '/';
  return candidate.startsWith('/-/') ? '/' : candidate;
}

const refuse = (code: number, message: string): Refusal => ({ kind: 'refuse', status: makeStatus(code, message), headers: { 'Cache-Control': 'no-store' } });

export function createTeamGate(options: TeamGateOptions): TeamGate {
  const { auth, contexts, seal } = options;
  const now = options.now ?? Date.now;
  const seconds = (): number => Math.floor(now() / 1000);
  const backoff = options.backoff ?? createSignInBackoff();
  const review = options.review ?? reviewToken;
  const log = options.log ?? (() => undefined);
  const sessionSeconds = options.sessionSeconds ?? DEFAULT_SESSION_SECONDS;
  // __Host-: only this origin over https may set it (no Domain, Path=/), so a sibling subdomain cannot plant one.
  // Lax, not Strict: the issuer's redirect back is a navigation from another site, and must carry the sign-in cookie.
  const prefix = options.secure ? '__Host-' : '';
  const attributes = `HttpOnly; SameSite=Lax; Path=/${options.secure ? '; Secure' : ''}`;
  const sessionCookie = createSealedCookie(`${prefix}kubeglass-session`, attributes, seal);
  const signInCookie = createSealedCookie(`${prefix}kubeglass-sign-in`, attributes, seal);

  const sessionOf = (req: IncomingMessage): SealedSession | null => {
    const session = sessionCookie.read(req);
    return isSealedSession(session) && session.exp > seconds() ? session : null;
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
    if (session && session.tokenExp > seconds()) return { ...bearerPerson(session.token, session.username), expiresAt: session.tokenExp * 1000 };
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
    const session = sessionCookie.read(req);
    const ended = sessionCookie.present(req) ? (isSealedSession(session) && session.exp > seconds() ? 'Your session\'s token has expired. ' : 'Your session has ended. ') : '';
    const how = auth === 'oidc' ? `Sign in again at ${options.oidc?.issuer ?? 'the identity provider'}` : "Sign in with your Kubernetes bearer token on kubeglass's sign-in screen";
    return unauthorized(`${ended}${how}, or send "Authorization: Bearer <token>".`);
  };

  /** Who the cluster says the token is, for the header and the logs (SelfSubjectReview); absent where it does not say. */
  const usernameOf = async (token: string): Promise<TokenReview> => {
    const target = contexts.get(contexts.list().default);
    if (!target) return { kind: 'accepted' };
    return review(target, token);
  };

  const sessionLines = (session: SealedSession): string[] => sessionCookie.write(session, Math.max(0, session.exp - seconds()));

  const startSession = (token: string, answer: Extract<TokenReview, { kind: 'accepted' }>): string[] => {
    const latest = seconds() + sessionSeconds;
    const expiry = jwtExpiry(token) ?? latest;
    const exp = Math.min(expiry, latest);
    return sessionLines({ v: 1, token, exp, tokenExp: exp, ...(answer.username !== undefined ? { username: answer.username } : {}) });
  };

  const oidcSession = (tokens: { idToken: string; refreshToken?: string; claims: IdTokenClaims }, username: string | undefined, exp: number): SealedSession => ({
    v: 1,
    token: tokens.idToken,
    exp,
    tokenExp: Math.min(tokens.claims.exp, exp),
    ...(tokens.refreshToken !== undefined ? { refresh: tokens.refreshToken } : {}),
    ...(username !== undefined ? { username } : {}),
  });

  const oidcFailure = (error: unknown, what: string): Refusal => {
    if (error instanceof OidcError) return refuse(502, `${what}: ${error.message}`);
    throw error;
  };

  return {
    auth,
    personOf,
    carriesSessionCookie: (req) => auth !== 'proxy' && sessionCookie.present(req),
    page: (req): PageAccess => ({ kind: 'serve', person: personOf(req) }),
    api(req): ApiAccess {
      const person = personOf(req);
      return person ? { kind: 'allow', person } : refusal(req);
    },
    async login(req, login: LoginRequest) {
      if (auth !== 'token') {
        const by = auth === 'oidc' ? `its identity provider (${options.oidc?.issuer ?? ''}): open /-/oidc/start` : 'its authenticating proxy';
        return { kind: 'refuse', status: makeStatus(404, `kubeglass takes no token sign-in here: people sign in through ${by}`, 'NotFound'), headers: {} };
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
      return { kind: 'signed-in', setCookie: startSession(login.token, answer) };
    },
    async logout(req) {
      const session = auth === 'proxy' ? null : sessionOf(req);
      if (session) log({ event: 'signed out', user: session.username ?? '(unknown)', client: clientAddress(req) });
      const cleared = auth === 'proxy' ? [] : sessionCookie.clear();
      if (auth !== 'oidc' || !session || !options.oidc) return { setCookie: cleared };
      const endSession = await options.oidc.endSessionUrl(session.token).catch(() => null);
      return { setCookie: cleared, ...(endSession !== null ? { endSession } : {}) };
    },
    async startSignIn(req) {
      const oidc = options.oidc;
      if (!oidc) return refuse(404, 'kubeglass signs people in through OpenID Connect only with --auth oidc');
      const back = sameOriginPath(new URL(req.url ?? '/', 'http://kubeglass.invalid').searchParams.get('then'));
      const start = newSignInStart();
      try {
        const location = await oidc.authorizationUrl(start);
        const sealed: SealedSignIn = { v: 1, ...start, back, exp: seconds() + SIGN_IN_SECONDS };
        return { kind: 'redirect', location, setCookie: signInCookie.write(sealed, SIGN_IN_SECONDS) };
      } catch (error) {
        return oidcFailure(error, `kubeglass cannot reach the identity provider ${oidc.issuer}`);
      }
    },
    async finishSignIn(req) {
      const oidc = options.oidc;
      if (!oidc) return refuse(404, 'kubeglass signs people in through OpenID Connect only with --auth oidc');
      const query = new URL(req.url ?? '/', 'http://kubeglass.invalid').searchParams;
      const started = signInCookie.read(req);
      const again = ' Open kubeglass and sign in again.';
      if (!isSealedSignIn(started) || started.exp <= seconds()) return refuse(400, `This sign-in was not started here, or took longer than ${SIGN_IN_SECONDS / 60} minutes.${again}`);
      if (query.get('state') !== started.state) return refuse(400, `The identity provider's answer is not for this sign-in (state).${again}`);
      const error = query.get('error');
      if (error !== null) return refuse(401, `The identity provider refused the sign-in: ${error}${query.get('error_description') ? ` (${query.get('error_description') ?? ''})` : ''}.${again}`);
      const code = query.get('code');
      if (code === null) return refuse(400, `The identity provider sent no code.${again}`);
      let tokens;
      try {
        tokens = await oidc.exchangeCode(code, started);
      } catch (failure) {
        return oidcFailure(failure, 'kubeglass could not complete the sign-in');
      }
      const answer = await usernameOf(tokens.idToken);
      if (answer.kind === 'refused') return refuse(401, `The cluster does not accept the identity provider's token: ${answer.status.message}`);
      const username = answer.kind === 'accepted' ? answer.username : undefined;
      log({ event: 'signed in', user: username ?? tokens.claims.email ?? tokens.claims.sub, issuer: oidc.issuer, client: clientAddress(req) });
      const session = oidcSession(tokens, username, seconds() + sessionSeconds);
      return { kind: 'redirect', location: started.back, setCookie: [...signInCookie.clear(), ...sessionLines(session)] };
    },
    async refresh(req) {
      const oidc = options.oidc;
      if (!oidc) return refuse(404, 'kubeglass refreshes sessions only with --auth oidc');
      const session = sessionOf(req);
      if (!session) return refusal(req);
      if (session.tokenExp - seconds() > REFRESH_AHEAD_SECONDS) return { setCookie: [], expiresAt: session.tokenExp * 1000 };
      if (session.refresh === undefined) return unauthorized(`The identity provider gave no refresh token: sign in again at ${oidc.issuer}.`);
      let tokens;
      try {
        tokens = await oidc.refresh(session.refresh);
      } catch (error) {
        if (error instanceof OidcError) {
          log({ event: 'refresh refused', user: session.username ?? '(unknown)', reason: error.message });
          return unauthorized(`The identity provider did not renew your session (${error.message}): sign in again at ${oidc.issuer}.`);
        }
        throw error;
      }
      const renewed = oidcSession({ ...tokens, refreshToken: tokens.refreshToken ?? session.refresh }, session.username, session.exp);
      return { setCookie: sessionLines(renewed), expiresAt: renewed.tokenExp * 1000 };
    },
  };
}
