import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createAccessGate } from './access-gate.js';
import { createSignInBackoff } from './sign-in-backoff.js';

const TOKEN = '3f9a1c07d2b84e6f95a0c1d2e3f40516';
const req = (url: string, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
  ({ url, headers, method: 'GET', socket: { remoteAddress } }) as unknown as IncomingMessage;
const cookieOf = (setCookie: string) => setCookie.split(';', 1)[0] ?? '';

describe('access gate', () => {
  it('exchanges a one-time code for a session cookie that is not the token, once', () => {
    const gate = createAccessGate({ token: TOKEN, port: 7070 });
    const code = gate.issueSignInCode();
    const first = gate.page(req(`/c/demo/api/v1/pods?code=${code}&x=1`));
    expect(first).toMatchObject({ kind: 'signed-in', location: '/c/demo/api/v1/pods?x=1' });
    if (first.kind !== 'signed-in') throw new Error('expected a sign-in');
    expect(first.setCookie[0]).toMatch(/^kubeglass-session-7070=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=\/$/);
    expect(first.setCookie.join('')).not.toContain(TOKEN);
    const again = gate.page(req(`/?code=${code}`));
    expect(again).toMatchObject({ kind: 'refuse', status: { code: 401 } });
    if (again.kind === 'refuse') expect(again.status.message).toContain('already used, or is wrong');
    const cookie = cookieOf(first.setCookie[0] ?? '');
    expect(gate.api(req('/k8s/demo/api', { cookie: `other=1; ${cookie}` }))).toMatchObject({ kind: 'allow', person: { cacheKey: 'kubeconfig' } });
    expect(gate.page(req('/', { cookie }))).toMatchObject({ kind: 'serve', person: { cacheKey: 'kubeconfig' } });
  });

  it('serves pages without a session, refuses the token in a page URL', () => {
    const gate = createAccessGate({ token: TOKEN, port: 7070 });
    expect(gate.page(req('/c/demo/api/v1/pods'))).toEqual({ kind: 'serve', person: null });
    const inUrl = gate.page(req(`/?token=${TOKEN}`));
    expect(inUrl).toMatchObject({ kind: 'refuse', status: { code: 401 } });
    if (inUrl.kind === 'refuse') expect(inUrl.status.message).toContain('no longer takes its access token in the URL');
  });

  it('takes the token as Bearer, never the session id; refuses API paths and upgrades without either', async () => {
    const gate = createAccessGate({ token: TOKEN, port: 7070 });
    const login = await gate.login(req('/-/login'), { token: TOKEN });
    if (login.kind !== 'signed-in') throw new Error('expected a sign-in');
    const id = cookieOf(login.setCookie[0] ?? '').split('=')[1] ?? '';
    expect(gate.api(req('/k8s/demo/api', { authorization: `Bearer ${TOKEN}` }))).toMatchObject({ kind: 'allow', person: { cacheKey: 'kubeconfig' } });
    const refused: Array<Record<string, string>> = [{}, { authorization: `Bearer ${id}` }, { cookie: `kubeglass-session-7070=${TOKEN}` }, { cookie: `kubeglass-session-7071=${id}` }];
    for (const headers of refused) {
      expect(gate.api(req('/-/contexts', headers))).toMatchObject({ kind: 'refuse', status: { code: 401, reason: 'Unauthorized' } });
    }
  });

  it('marks the cookie Secure behind https, and logout ends the session', async () => {
    const gate = createAccessGate({ token: TOKEN, port: 7070, secureCookie: true });
    const login = await gate.login(req('/-/login'), { token: TOKEN });
    if (login.kind !== 'signed-in') throw new Error('expected a sign-in');
    expect(login.setCookie[0]).toMatch(/; Secure$/);
    const cookie = cookieOf(login.setCookie[0] ?? '');
    expect(gate.carriesSessionCookie(req('/', { cookie }))).toBe(true);
    expect(await gate.logout(req('/-/logout', { cookie }))).toEqual({ setCookie: ['kubeglass-session-7070=; HttpOnly; SameSite=Strict; Path=/; Secure; Max-Age=0'] });
    expect(gate.api(req('/-/contexts', { cookie }))).toMatchObject({ kind: 'refuse', status: { code: 401 } });
  });

  it('slows wrong tokens and codes from one address with 429 and Retry-After, not other addresses', async () => {
    const gate = createAccessGate({ token: TOKEN, port: 7070, backoff: createSignInBackoff({ freeFailures: 2 }) });
    expect(await gate.login(req('/-/login'), { token: 'wrong' })).toMatchObject({ status: { code: 401 } });
    expect(gate.page(req('/?code=wrong'))).toMatchObject({ status: { code: 401 } });
    const slowed = gate.api(req('/k8s/demo/api', { authorization: `Bearer ${TOKEN}` }));
    expect(slowed).toMatchObject({ kind: 'refuse', status: { code: 429, details: { retryAfterSeconds: 1 } }, headers: { 'Retry-After': '1' } });
    expect(gate.api(req('/k8s/demo/api', { authorization: `Bearer ${TOKEN}` }, '10.0.0.2'))).toMatchObject({ kind: 'allow', person: { cacheKey: 'kubeconfig' } });
  });
});
