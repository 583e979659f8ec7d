// What every sign-in scheme of kubeglass answers: whether a page, an API request or an upgrade may go on, and for
// whom. The access token of a lone kubeglass (access-gate) and team mode's sign-ins (team-gate) both take this shape.
import type { IncomingMessage } from 'node:http';
import type { Person } from './person.js';
import { makeStatus, type KubeStatus } from './status.js';

export type Refusal = { kind: 'refuse'; status: KubeStatus; headers: Record<string, string> };

/** What to do with a page request (anything outside /k8s/ and /-/). */
export type PageAccess =
  /** Served; `person` is who holds a live session (only for them may the server read a list ahead), else null. */
  | { kind: 'serve'; person: Person | null }
  /** A sign-in came back good: set the cookies and send the browser on to `location`. */
  | { kind: 'signed-in'; location: string; setCookie: string[] }
  | Refusal;

export type ApiAccess = { kind: 'allow'; person: Person } | Refusal;

/** POST /-/login's body: the bearer token, and the context to check it against (default: the default context). */
export interface LoginRequest {
  token: string;
  context?: string;
}

export interface Gate {
  /** True when the request carries one of the gate's session cookies (live or not): it must then prove it is the app's. */
  carriesSessionCookie(req: IncomingMessage): boolean;
  page(req: IncomingMessage): PageAccess;
  /** API paths and upgrades. */
  api(req: IncomingMessage): ApiAccess;
  /** POST /-/login: the Set-Cookie of a new session, or why not. */
  login(req: IncomingMessage, login: LoginRequest): Promise<{ kind: 'signed-in'; setCookie: string[] } | Refusal>;
  /** POST /-/logout: the Set-Cookie lines that end the request's session, and the issuer's end-session URL if any. */
  logout(req: IncomingMessage): Promise<{ setCookie: string[]; endSession?: string }>;
}

/** Cookie values of `name` in a Cookie header (several may be sent when paths differ). */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (header === undefined) return [];
  return header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name}=`))
    .map((part) => part.slice(name.length + 1));
}

export const unauthorized = (message: string): Refusal => ({ kind: 'refuse', status: makeStatus(401, message, 'Unauthorized'), headers: { 'Cache-Control': 'no-store' } });

/** 429 while an address is slowed down after wrong sign-ins (sign-in-backoff). */
export function slowedDown(seconds: number): Refusal {
  const status = makeStatus(429, `kubeglass refused this attempt: too many wrong access tokens or sign-in codes from this address. Retry in ${seconds} s.`);
  status.details = { retryAfterSeconds: seconds };
  return { kind: 'refuse', status, headers: { 'Retry-After': String(seconds), 'Cache-Control': 'no-store' } };
}
