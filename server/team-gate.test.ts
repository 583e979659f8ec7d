import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { ContextRegistry, ContextTarget } from './contexts.js';
import { createSessionSeal } from './session-seal.js';
import { createSignInBackoff } from './sign-in-backoff.js';
import { createTeamGate, type TeamGateOptions } from './team-gate.js';
import { parseAddressList } from './trusted-proxies.js';
import type { IdTokenClaims, OidcClient, SignInStart } from './oidc-client.js';
import type { TokenReview } from './token-review.js';

const contexts: ContextRegistry = {
  get: (name) => (name === 'prod' ? ({ info: { name: 'prod', server: 'https://prod', demo: false } } as ContextTarget) : undefined),
  list: () => ({ contexts: [{ name: 'prod', server: 'https://prod', demo: false }], default: 'prod' }),
};

function req(headers: Record<string, string> = {}, address = '127.0.0.1', url = '/'): IncomingMessage {
  return { headers, url, socket: { remoteAddress: address } } as unknown as IncomingMessage;
}

const jwt = (exp: number): string => ['e30', Buffer.from(JSON.stringify({ exp })).toString('base64url'), 'sig'].join('.');

function gate(overrides: Partial<TeamGateOptions> = {}, now = { ms: 1_000_000_000_000 }) {
  const reviews: string[] = [];
  const review = (_target: ContextTarget, token: string): Promise<TokenReview> => {
    reviews.push(token);
    if (token.startsWith('good')) return Promise.resolve({ kind: 'accepted', username: `user-of-${token}` });
    if (token.startsWith('jwt') || token.split('.').length === 3) return Promise.resolve({ kind: 'accepted' });
    return Promise.resolve({ kind: 'refused', status: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'does not accept this token', reason: 'Unauthorized', code: 401 } });
  };
  const g = createTeamGate({ auth: 'token', contexts, seal: createSessionSeal([Buffer.alloc(32, 1)]), secure: false, review, now: () => now.ms, ...overrides });
  return { g, reviews, now };
}

const cookieOf = (setCookie: string[]): string => (setCookie[0] ?? '').split(';', 1)[0] ?? '';

describe('createTeamGate, token mode', () => {
  it('starts a sealed session for a token the cluster accepts; every request is then made with that token', async () => {
    const { g, reviews } = gate();
    const login = await g.login(req(), { token: 'good-alice' });
    if (login.kind !== 'signed-in') throw new Error('expected a sign-in');
    expect(reviews).toEqual(['good-alice']);
    expect(login.setCookie[0]).toMatch(/^kubeglass-session=[A-Za-z0-9_-]+; HttpOnly; SameSite=Lax; Path=\/; Max-Age=43200$/);
    expect(login.setCookie[0]).not.toContain('good-alice');
    const cookie = cookieOf(login.setCookie);
    expect(g.api(req({ cookie }))).toMatchObject({ kind: 'allow', person: { bearer: 'good-alice', username: 'user-of-good-alice', limitKey: 'user:user-of-good-alice' } });
    expect(g.carriesSessionCookie(req({ cookie }))).toBe(true);
    expect(g.page(req({ cookie }))).toMatchObject({ kind: 'serve', person: { bearer: 'good-alice' } });
  });

  it('refuses a token the cluster refuses, and slows an address that keeps trying', async () => {
    const { g } = gate({ backoff: createSignInBackoff({ freeFailures: 1 }) });
    expect(await g.login(req(), { token: 'bad' })).toMatchObject({ kind: 'refuse', status: { code: 401 } });
    expect(await g.login(req(), { token: 'good-bob' })).toMatchObject({ kind: 'refuse', status: { code: 429 } });
    expect(await g.login(req({}, '10.0.0.2'), { token: 'good-bob' })).toMatchObject({ kind: 'signed-in' });
  });

  it('names an unknown context', async () => {
    const { g } = gate();
    expect(await g.login(req(), { token: 'good-alice', context: 'staging' })).toMatchObject({ kind: 'refuse', status: { code: 400, message: 'kubeglass has no context named "staging"' } });
  });

  it('ends the session at the token\'s own expiry when sooner, and says the session has ended', async () => {
    const { g, now } = gate();
    const exp = Math.floor(now.ms / 1000) + 120;
    const login = await g.login(req(), { token: jwt(exp) });
    if (login.kind !== 'signed-in') throw new Error('expected a sign-in');
    expect(login.setCookie[0]).toContain('Max-Age=120');
    const cookie = cookieOf(login.setCookie);
    expect(g.api(req({ cookie }))).toMatchObject({ kind: 'allow' });
    now.ms += 121_000;
    const ended = g.api(req({ cookie }));
    expect(ended).toMatchObject({ kind: 'refuse', status: { code: 401 } });
    if (ended.kind === 'refuse') expect(ended.status.message).toContain('Your session has ended');
  });

  it('opens a session another replica sealed with the same keys; a forged or foreign cookie is no session', async () => {
    const { g } = gate();
    const login = await g.login(req(), { token: 'good-alice' });
    if (login.kind !== 'signed-in') throw new Error('expected a sign-in');
    const cookie = cookieOf(login.setCookie);
    expect(gate().g.api(req({ cookie }))).toMatchObject({ kind: 'allow', person: { bearer: 'good-alice' } });
    expect(gate({ seal: createSessionSeal([Buffer.alloc(32, 2)]) }).g.api(req({ cookie }))).toMatchObject({ kind: 'refuse', status: { code: 401 } });
    expect(g.api(req({ cookie: 'kubeglass-session=good-alice' }))).toMatchObject({ kind: 'refuse' });
  });

  it('takes a script\'s Bearer token as the person, and logout clears the cookie', async () => {
    const { g } = gate();
    expect(g.api(req({ authorization: 'Bearer abc' }))).toMatchObject({ kind: 'allow', person: { bearer: 'abc' } });
    const { setCookie } = await g.logout(req());
    expect(setCookie[0]).toBe('kubeglass-session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0');
    expect(setCookie.slice(1).every((line) => /^kubeglass-session-\d=; .*Max-Age=0$/.test(line))).toBe(true);
  });

  it('is __Host- and Secure behind https', async () => {
    const { g } = gate({ secure: true });
    const login = await g.login(req(), { token: 'good-alice' });
    if (login.kind !== 'signed-in') throw new Error('expected a sign-in');
    expect(login.setCookie[0]).toMatch(/^__Host-kubeglass-session=.*; Secure; Max-Age=/);
  });
});

describe('createTeamGate, proxy mode', () => {
  const proxy = () => gate({ auth: 'proxy', trustedProxies: parseAddressList('10.0.0.0/8, fd00::1', '--trusted-proxy') }).g;

  it('takes the forwarded token from a trusted proxy only', () => {
    const g = proxy();
    expect(g.api(req({ 'x-forwarded-access-token': 'alice' }, '10.1.2.3'))).toMatchObject({ kind: 'allow', person: { bearer: 'alice' } });
    expect(g.api(req({ authorization: 'Bearer bob' }, 'fd00::1'))).toMatchObject({ kind: 'allow', person: { bearer: 'bob' } });
    expect(g.api(req({ 'x-forwarded-access-token': 'alice' }, '192.168.0.9'))).toMatchObject({ kind: 'refuse', status: { code: 403 } });
    expect(g.api(req({}, '10.1.2.3'))).toMatchObject({ kind: 'refuse', status: { code: 401 } });
    expect(g.carriesSessionCookie(req({ cookie: 'kubeglass-session=x' }))).toBe(false);
  });

  it('has no sign-in of its own', async () => {
    expect(await proxy().login(req({}, '10.1.2.3'), { token: 'alice' })).toMatchObject({ kind: 'refuse', status: { code: 404 } });
  });
});

describe('parseAddressList', () => {
  it.each([['10.0.0.0/33'], ['10.0.0'], ['::1/129'], [' , '], ['10.0.0.1/8/1']])('refuses %j', (text) => {
    expect(() => parseAddressList(text, '--trusted-proxy')).toThrow('--trusted-proxy');
  });
});

describe('createTeamGate, oidc mode', () => {
  const cookiesOf = (setCookie: string[]): string =>
    setCookie
      .map((line) => line.split(';', 1)[0] ?? '')
      .filter((pair) => !pair.endsWith('='))
      .join('; ');

  function oidcGate() {
    const now = { ms: 1_000_000_000_000 };
    const started: SignInStart[] = [];
    const refreshed: string[] = [];
    let serial = 0;
    const tokens = (nonce: string | null) => {
      serial++;
      const exp = Math.floor(now.ms / 1000) + 120;
      const claims: IdTokenClaims = { sub: 'alice', email: 'alice@example.test', exp, ...(nonce ? { nonce } : {}) };
      return { idToken: `${jwt(exp).slice(0, -3)}id-${serial}`, refreshToken: `refresh-${serial}`, claims };
    };
    const oidc: OidcClient = {
      issuer: 'https://issuer.example',
      authorizationUrl: (start) => {
        started.push(start);
        return Promise.resolve(`https://issuer.example/auth?state=${start.state}`);
      },
      exchangeCode: (code, start) => (code === 'good-code' ? Promise.resolve(tokens(start.nonce)) : Promise.reject(new Error('unexpected'))),
      refresh: (refreshToken) => {
        refreshed.push(refreshToken);
        return Promise.resolve(tokens(null));
      },
      endSessionUrl: (idToken) => Promise.resolve(`https://issuer.example/logout?id_token_hint=${idToken}`),
    };
    const review = (): Promise<TokenReview> => Promise.resolve({ kind: 'accepted', username: 'oidc:alice@example.test' });
    const g = createTeamGate({ auth: 'oidc', contexts, seal: createSessionSeal([Buffer.alloc(32, 1)]), secure: true, oidc, review, now: () => now.ms });
    return { g, now, started, refreshed };
  }

  async function signedIn() {
    const t = oidcGate();
    const start = await t.g.startSignIn(req({}, '127.0.0.1', '/-/oidc/start?then=/c/prod/api/v1/pods'));
    if (start.kind !== 'redirect') throw new Error('expected a redirect');
    const state = t.started[0]?.state ?? '';
    const back = await t.g.finishSignIn(req({ cookie: cookiesOf(start.setCookie) }, '127.0.0.1', `/-/oidc/callback?code=good-code&state=${state}`));
    if (back.kind !== 'redirect') throw new Error(`expected a redirect, got ${JSON.stringify(back)}`);
    return { ...t, start, back, cookie: cookiesOf(back.setCookie) };
  }

  it('sends the browser to the issuer with a sealed sign-in cookie, and back to where it started with a session', async () => {
    const { start, back, cookie, g } = await signedIn();
    if (start.kind !== 'redirect' || back.kind !== 'redirect') throw new Error('expected redirects');
    expect(start.location).toMatch(/^https:\/\/issuer\.example\/auth\?state=/);
    expect(start.setCookie[0]).toMatch(/^__Host-kubeglass-sign-in=[A-Za-z0-9_-]+; HttpOnly; SameSite=Lax; Path=\/; Secure; Max-Age=600$/);
    expect(back.location).toBe('/c/prod/api/v1/pods');
    expect(back.setCookie).toContain('__Host-kubeglass-sign-in=; HttpOnly; SameSite=Lax; Path=/; Secure; Max-Age=0');
    expect(g.api(req({ cookie }))).toMatchObject({ kind: 'allow', person: { bearer: expect.stringMatching(/id-1$/), username: 'oidc:alice@example.test' } });
  });

  it('refuses a callback that this browser did not start, with another state, or after an error at the issuer', async () => {
    const t = oidcGate();
    expect(await t.g.finishSignIn(req({}, '127.0.0.1', '/-/oidc/callback?code=good-code&state=x'))).toMatchObject({ kind: 'refuse', status: { code: 400 } });
    const start = await t.g.startSignIn(req({}, '127.0.0.1', '/-/oidc/start?then=//evil.example/'));
    if (start.kind !== 'redirect') throw new Error('expected a redirect');
    const cookie = cookiesOf(start.setCookie);
    expect(await t.g.finishSignIn(req({ cookie }, '127.0.0.1', '/-/oidc/callback?code=good-code&state=other'))).toMatchObject({ kind: 'refuse', status: { code: 400, message: expect.stringContaining('(state)') } });
    const state = t.started[0]?.state ?? '';
    expect(await t.g.finishSignIn(req({ cookie }, '127.0.0.1', `/-/oidc/callback?error=access_denied&state=${state}`))).toMatchObject({ kind: 'refuse', status: { code: 401, message: expect.stringContaining('access_denied') } });
    const good = await t.g.finishSignIn(req({ cookie }, '127.0.0.1', `/-/oidc/callback?code=good-code&state=${state}`));
    // A path of another site to come back to is the app's root instead.
    expect(good).toMatchObject({ kind: 'redirect', location: '/' });
  });

  it('renews the ID token with the refresh token only when it expires soon; an expired one is refused until renewed', async () => {
    const { g, now, refreshed, cookie } = await signedIn();
    expect(await g.refresh(req({ cookie }))).toMatchObject({ setCookie: [] });
    expect(refreshed).toEqual([]);
    now.ms += 125_000;
    const expired = g.api(req({ cookie }));
    expect(expired).toMatchObject({ kind: 'refuse', status: { code: 401, message: expect.stringContaining("Your session's token has expired") } });
    const renewed = await g.refresh(req({ cookie }));
    if ('kind' in renewed) throw new Error('expected a renewal');
    expect(refreshed).toEqual(['refresh-1']);
    expect(renewed.expiresAt).toBe(Math.floor(now.ms / 1000) * 1000 + 120_000);
    const next = cookiesOf(renewed.setCookie);
    expect(g.api(req({ cookie: next }))).toMatchObject({ kind: 'allow', person: { bearer: expect.stringMatching(/id-2$/), username: 'oidc:alice@example.test' } });
  });

  it('signs out at the issuer too', async () => {
    const { g, cookie } = await signedIn();
    const out = await g.logout(req({ cookie }));
    expect(out.endSession).toMatch(/^https:\/\/issuer\.example\/logout\?id_token_hint=.*id-1$/);
    expect(out.setCookie[0]).toBe('__Host-kubeglass-session=; HttpOnly; SameSite=Lax; Path=/; Secure; Max-Age=0');
  });
});
