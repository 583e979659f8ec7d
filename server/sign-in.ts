// The sign-in endpoints: POST /-/login {"token": "..."} (its access token alone; a person's bearer token in team
// mode, with an optional "context" to check it against) starts a browser session, POST /-/logout ends it; and the
// answers a page gets for a spent or wrong sign-in link.
import { readJsonRequestBody } from './json-request-body.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Gate, LoginRequest, Refusal } from './gate.js';
import { makeStatus, sendStatus } from './status.js';

export const LOGIN_PATH = '/-/login';
export const LOGOUT_PATH = '/-/logout';
/** A login body is one short JSON object (an OIDC ID token or a ServiceAccount token is 1-2 KB). */
const MAX_LOGIN_BYTES = 16 * 1024;

/** Reads POST /-/login's body and answers: 204 with the session cookie, or a Status saying what was wrong. */
export function handleLogin(req: IncomingMessage, res: ServerResponse, gate: Gate, onError: (error: unknown) => void): void {
  readJsonRequestBody(req, res, LOGIN_PATH, MAX_LOGIN_BYTES, (text) => {
    const login = loginOf(text);
    if (login === null) {
      sendStatus(res, makeStatus(400, `${LOGIN_PATH} takes a JSON object {"token": "<token>"} (and, in team mode, "context": "<name>")`, 'BadRequest'));
      return;
    }
    gate.login(req, login).then(
      (answer) => {
        if (answer.kind === 'refuse') {
          sendStatus(res, answer.status, answer.headers);
          return;
        }
        res.writeHead(204, { 'Set-Cookie': answer.setCookie, 'Cache-Control': 'no-store' });
        res.end();
      },
      (error: unknown) => {
        onError(error);
        sendStatus(res, makeStatus(500, 'kubeglass internal error'));
      },
    );
  });
}

function loginOf(body: string): LoginRequest | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const field = (name: string): unknown => (Object.hasOwn(parsed, name) ? (parsed as Record<string, unknown>)[name] : undefined);
  const token = field('token');
  const context = field('context');
  if (typeof token !== 'string' || token.trim() === '') return null;
  if (context !== undefined && (typeof context !== 'string' || context === '')) return null;
  return { token: token.trim(), ...(context !== undefined ? { context } : {}) };
}

/**
 * POST /-/logout: the session ended and its cookie cleared; 204, or 200 {"endSession": URL} where the identity
 * provider's own session ends too once the browser goes there.
 */
export function handleLogout(req: IncomingMessage, res: ServerResponse, gate: Gate, onError: (error: unknown) => void): void {
  req.resume();
  gate.logout(req).then(
    ({ setCookie, endSession }) => {
      if (endSession === undefined) {
        res.writeHead(204, { 'Set-Cookie': setCookie, 'Cache-Control': 'no-store' });
        res.end();
        return;
      }
      const body = JSON.stringify({ endSession });
      res.writeHead(200, { 'Set-Cookie': setCookie, 'Cache-Control': 'no-store', 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
    },
    (error: unknown) => {
      onError(error);
      sendStatus(res, makeStatus(500, 'kubeglass internal error'));
    },
  );
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A page's refusal: a small HTML page for a browser (it follows a link, so it reads words, not JSON), with a link to
 * the same page without the spent code, where the app shows its sign-in screen; a Status for anything else.
 */
export function sendPageRefusal(req: IncomingMessage, res: ServerResponse, refusal: Refusal): void {
  req.resume();
  if (!(req.headers.accept ?? '').includes('text/html')) {
    sendStatus(res, refusal.status, refusal.headers);
    return;
  }
  // Leading slashes folded: "//host" would be a link to another site.
  const path = `/${new URL(req.url ?? '/', 'http://kubeglass.invalid').pathname.replace(/^\/+/, '')}`;
  const body =
    '<!doctype html><meta charset="utf-8"><meta name="color-scheme" content="light dark"><title>Kubeglass: sign in</title>' +
    `<main style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem"><h1>Kubeglass: sign in</h1><p>${escapeHtml(refusal.status.message)}</p>` +
    `<p><a href="${escapeHtml(path)}">Open the sign-in screen</a></p></main>`;
  res.writeHead(refusal.status.code, {
    ...refusal.headers,
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
