// The access token a kubeglass server reachable from other machines demands (like Jupyter's): printed once inside
// the start URL, exchanged for an HttpOnly SameSite=Strict cookie, then checked on every request and upgrade.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { makeStatus, type KubeStatus } from './status.js';

export const TOKEN_QUERY_PARAMETER = 'token';
const MIN_TOKEN_LENGTH = 16;

export class AccessTokenError extends Error {}

/** A fresh token: 32 random bytes, base64url (URL- and cookie-safe). */
export function generateAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The token in a --token-file (surrounding whitespace dropped); refuses short or unusable ones with a clear message. */
export function readAccessTokenFile(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new AccessTokenError(`cannot read --token-file ${path}: ${(error as Error).message}`);
  }
  const token = text.trim();
  if (token.length < MIN_TOKEN_LENGTH) throw new AccessTokenError(`--token-file ${path}: the token must have at least ${MIN_TOKEN_LENGTH} characters`);
  if (!/^[A-Za-z0-9._~-]+$/.test(token)) throw new AccessTokenError(`--token-file ${path}: the token may only use A-Z a-z 0-9 . _ ~ -`);
  return token;
}

/** What to do with one request. */
export type AccessDecision =
  | { kind: 'allow' }
  /** The start URL's ?token=: set the cookie and send the browser to the same URL without the token. */
  | { kind: 'login'; location: string; setCookie: string }
  | { kind: 'refuse'; status: KubeStatus };

export interface AccessGate {
  decide(req: IncomingMessage, isUpgrade: boolean): AccessDecision;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Cookie values of `name` in a Cookie header (several may be sent when paths differ). */
function cookieValues(header: string | undefined, name: string): string[] {
  if (header === undefined) return [];
  return header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name}=`))
    .map((part) => part.slice(name.length + 1));
}

/** A gate for `token`; the cookie is named after the port, since cookies ignore ports and two servers may run. */
export function createAccessGate(token: string, port: number): AccessGate {
  const expected = digest(token);
  const matches = (candidate: string) => timingSafeEqual(digest(candidate), expected);
  const cookieName = `kubeglass-token-${port}`;
  const refusal = (message: string) => ({ kind: 'refuse' as const, status: makeStatus(401, message, 'Unauthorized') });
  return {
    decide(req, isUpgrade) {
      const url = new URL(req.url ?? '/', 'http://kubeglass.invalid');
      const offered = url.searchParams.get(TOKEN_QUERY_PARAMETER);
      // Only pages log in: an API path's query belongs to the API.
      const isPage = !url.pathname.startsWith('/k8s/') && !url.pathname.startsWith('/-/');
      if (offered !== null && isPage && !isUpgrade && (req.method === 'GET' || req.method === 'HEAD')) {
        if (!matches(offered)) return refusal('kubeglass refused this request: the access token in the URL is wrong. Use the URL kubeglass printed at start.');
        url.searchParams.delete(TOKEN_QUERY_PARAMETER);
        return {
          kind: 'login',
          location: `${url.pathname}${url.search}`,
          setCookie: `${cookieName}=${token}; HttpOnly; SameSite=Strict; Path=/`,
        };
      }
      if (cookieValues(req.headers.cookie, cookieName).some(matches)) return { kind: 'allow' };
      // kubectl --token and curl -H 'Authorization: Bearer ...' reach the proxy too; the header is never forwarded upstream.
      const authorization = req.headers.authorization;
      if (authorization?.startsWith('Bearer ') && matches(authorization.slice('Bearer '.length).trim())) return { kind: 'allow' };
      return refusal(
        'kubeglass requires its access token here (it listens beyond loopback): open the URL it printed at start ' +
          `(…/?${TOKEN_QUERY_PARAMETER}=…), or send "Authorization: Bearer <token>".`,
      );
    },
  };
}
