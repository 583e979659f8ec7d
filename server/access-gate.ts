// Who may use a kubeglass that demands its access token: a browser holding a session (started by the start URL's
// one-time code or by POST /-/login with the token), or a script sending `Authorization: Bearer <token>`. The cookie
// holds a random session id, never the token: cookies ignore ports, so every server on the host receives it, and
// there it is worth nothing. Wrong tokens and codes are slowed per client address (sign-in-backoff).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { clientAddress } from './client-limits.js';
import { cookieValues, slowedDown, unauthorized, type ApiAccess, type Gate, type PageAccess, type Refusal } from './gate.js';
import { kubeconfigPerson } from './person.js';
import { createSessionStore, type SessionStore } from './sessions.js';
import { createSignInBackoff, type SignInBackoff } from './sign-in-backoff.js';

/** The start URL's query parameter carrying the one-time sign-in code. */
export const SIGN_IN_CODE_PARAMETER = 'code';
/** The query parameter that used to carry the token itself: refused, since URLs stay in the browser's history. */
export const TOKEN_QUERY_PARAMETER = 'token';

export interface AccessGateOptions {
  token: string;
  /** The listening port: it names the cookie, since cookies ignore ports and two servers may run. */
  port: number;
  /** Adds `Secure` to the cookie (the --public-url is https). */
  secureCookie?: boolean;
  sessions?: SessionStore;
  backoff?: SignInBackoff;
}

export interface AccessGate extends Gate {
  readonly cookieName: string;
  /** A fresh one-time sign-in code for a start URL; spent by its first use. */
  issueSignInCode(): string;
  page(req: IncomingMessage): PageAccess;
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

const SIGN_IN_HINT = 'sign in on its sign-in screen with the access token kubeglass printed at start, or send "Authorization: Bearer <access token>"';

export function createAccessGate(options: AccessGateOptions): AccessGate {
  const expected = digest(options.token);
  const isToken = (candidate: string): boolean => timingSafeEqual(digest(candidate), expected);
  const sessions = options.sessions ?? createSessionStore();
  const backoff = options.backoff ?? createSignInBackoff();
  const unspentCodes = new Set<string>();
  const cookieName = `kubeglass-session-${options.port}`;
  const cookieAttributes = `HttpOnly; SameSite=Strict; Path=/${options.secureCookie === true ? '; Secure' : ''}`;
  const sessionCookie = (): string => `${cookieName}=${sessions.create()}; ${cookieAttributes}`;
  const hasSession = (req: IncomingMessage): boolean => cookieValues(req.headers.cookie, cookieName).some((id) => sessions.use(id));

  /** Checks one offered secret with the back-off: null when good, else the refusal (401, or 429 while slowed). */
  const attempt = (req: IncomingMessage, good: () => boolean, wrong: string): Refusal | null => {
    const client = clientAddress(req);
    const wait = backoff.retryAfterSeconds(client);
    if (wait > 0) return slowedDown(wait);
    if (good()) {
      backoff.succeeded(client);
      return null;
    }
    backoff.failed(client);
    return unauthorized(wrong);
  };

  return {
    cookieName,
    issueSignInCode() {
      const code = randomBytes(32).toString('base64url');
      unspentCodes.add(digest(code).toString('base64url'));
      return code;
    },
    carriesSessionCookie: (req) => cookieValues(req.headers.cookie, cookieName).length > 0,
    page(req) {
      const url = new URL(req.url ?? '/', 'http://kubeglass.invalid');
      if (url.searchParams.has(TOKEN_QUERY_PARAMETER)) {
        return unauthorized(
          'kubeglass no longer takes its access token in the URL, where it would stay in the browser history: ' +
            `open the one-time link kubeglass printed at start, or ${SIGN_IN_HINT}.`,
        );
      }
      const code = url.searchParams.get(SIGN_IN_CODE_PARAMETER);
      if (code === null) return { kind: 'serve', person: hasSession(req) ? kubeconfigPerson(req) : null };
      const refused = attempt(
        req,
        () => unspentCodes.delete(digest(code).toString('base64url')),
        `This sign-in link was already used, or is wrong: each link kubeglass prints signs in once. To go on, ${SIGN_IN_HINT}.`,
      );
      if (refused) return refused;
      url.searchParams.delete(SIGN_IN_CODE_PARAMETER);
      return { kind: 'signed-in', location: `${url.pathname}${url.search}`, setCookie: [sessionCookie()] };
    },
    api(req): ApiAccess {
      const allowed: ApiAccess = { kind: 'allow', person: kubeconfigPerson(req) };
      if (hasSession(req)) return allowed;
      const authorization = req.headers.authorization;
      if (authorization?.startsWith('Bearer ')) {
        // kubectl --token and curl reach the proxy too; the header is never forwarded upstream.
        const offered = authorization.slice('Bearer '.length).trim();
        return attempt(req, () => isToken(offered), 'kubeglass refused this request: the Bearer token is not its access token.') ?? allowed;
      }
      return unauthorized(`kubeglass requires signing in here (it listens beyond loopback): ${SIGN_IN_HINT}.`);
    },
    login(req, { token }) {
      return Promise.resolve(attempt(req, () => isToken(token), 'kubeglass refused the sign-in: that is not its access token.') ?? { kind: 'signed-in', setCookie: [sessionCookie()] });
    },
    logout(req) {
      for (const id of cookieValues(req.headers.cookie, cookieName)) sessions.end(id);
      return Promise.resolve({ setCookie: [`${cookieName}=; ${cookieAttributes}; Max-Age=0`] });
    },
  };
}
