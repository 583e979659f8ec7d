import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { ContextRegistry, ContextTarget } from './contexts.js';
import { createSessionSeal } from './session-seal.js';
import { createSignInBackoff } from './sign-in-backoff.js';
import { createTeamGate, type TeamGateOptions } from './team-gate.js';
import { parseAddressList } from './trusted-proxies.js';
import type { TokenReview } from './token-review.js';

const contexts: ContextRegistry = {
  get: (name) => (name === 'prod' ? ({ info: { name: 'prod', server: 'https://prod', demo: false } } as ContextTarget) : undefined),
  list: () => ({ contexts: [{ name: 'prod', server: 'https://prod', demo: false }], default: 'prod' }),
};

function req(headers: Record<string, string> = {}, address = '127.0.0.1'): IncomingMessage {
  return { headers, socket: { remoteAddress: address } } as unknown as IncomingMessage;
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
    expect(await g.logout(req())).toEqual({ setCookie: ['kubeglass-session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0'] });
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
