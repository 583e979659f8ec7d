// The HTTP side of --auth oidc: GET /-/oidc/start (on to the issuer), GET /-/oidc/callback (back from it: the
// session starts, then on to the page the sign-in began on), POST /-/session/refresh (a new ID token for the session).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendPageRefusal } from './sign-in.js';
import { makeStatus, sendStatus } from './status.js';
import type { SignInAnswer, TeamGate } from './team-gate.js';

export const OIDC_START_PATH = '/-/oidc/start';
export const OIDC_CALLBACK_PATH = '/-/oidc/callback';
export const SESSION_REFRESH_PATH = '/-/session/refresh';

/** The issuer's redirect back comes from another site: only these two navigations are exempt from the same-site checks. */
export function isOidcNavigation(gate: TeamGate | undefined, method: string | undefined, pathname: string): boolean {
  return gate?.auth === 'oidc' && method === 'GET' && (pathname === OIDC_START_PATH || pathname === OIDC_CALLBACK_PATH);
}

export function handleOidcNavigation(req: IncomingMessage, res: ServerResponse, gate: TeamGate, onError: (error: unknown) => void): void {
  req.resume();
  const pathname = (req.url ?? '/').split('?', 1)[0];
  const answer: Promise<SignInAnswer> = pathname === OIDC_START_PATH ? gate.startSignIn(req) : gate.finishSignIn(req);
  answer.then(
    (result) => {
      if (result.kind === 'refuse') {
        sendPageRefusal(req, res, result);
        return;
      }
      res.writeHead(303, { Location: result.location, 'Set-Cookie': result.setCookie, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
      res.end();
    },
    (error: unknown) => {
      onError(error);
      sendStatus(res, makeStatus(500, 'kubeglass internal error'));
    },
  );
}

/** 200 {"expiresAt": ms} with the renewed session's cookie, or the Status saying why the person must sign in again. */
export function handleSessionRefresh(req: IncomingMessage, res: ServerResponse, gate: TeamGate, onError: (error: unknown) => void): void {
  req.resume();
  gate.refresh(req).then(
    (result) => {
      if ('kind' in result) {
        sendStatus(res, result.status, result.headers);
        return;
      }
      const body = JSON.stringify({ expiresAt: result.expiresAt });
      res.writeHead(200, { 'Set-Cookie': result.setCookie, 'Cache-Control': 'no-store', 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
    },
    (error: unknown) => {
      onError(error);
      sendStatus(res, makeStatus(500, 'kubeglass internal error'));
    },
  );
}
