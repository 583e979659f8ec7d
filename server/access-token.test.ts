import { mkdtempSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AccessTokenError, createAccessGate, generateAccessToken, readAccessTokenFile } from './access-token.js';

const TOKEN = 'a-long-enough-token-0123456789';
const req = (url: string, headers: Record<string, string> = {}, method = 'GET') => ({ url, headers, method }) as unknown as IncomingMessage;

describe('access gate', () => {
  const gate = createAccessGate(TOKEN, 7070);

  it('exchanges the start URL token for an HttpOnly SameSite=Strict cookie and drops it from the URL', () => {
    expect(gate.decide(req(`/c/demo/api/v1/pods?token=${TOKEN}&x=1`), false)).toEqual({
      kind: 'login',
      location: '/c/demo/api/v1/pods?x=1',
      setCookie: `kubeglass-token-7070=${TOKEN}; HttpOnly; SameSite=Strict; Path=/`,
    });
    expect(gate.decide(req(`/?token=${TOKEN}`), false)).toMatchObject({ kind: 'login', location: '/' });
  });

  it('refuses every request and upgrade without the token, or with a wrong one, with 401 Unauthorized', () => {
    for (const [request, upgrade] of [
      [req('/'), false],
      [req('/k8s/demo/api/v1/secrets'), false],
      [req('/-/ws'), true],
      [req('/?token=wrong'), false],
      [req('/-/contexts', { cookie: 'kubeglass-token-7070=wrong' }), false],
      [req('/-/contexts', { cookie: `kubeglass-token-7071=${TOKEN}` }), false],
      [req('/-/contexts', { authorization: 'Bearer wrong' }), false],
      // A token in an API path's query is the API's business, never a login.
      [req(`/k8s/demo/api?token=${TOKEN}`), false],
      [req(`/?token=${TOKEN}`, {}, 'POST'), false],
    ] as const) {
      expect(gate.decide(request, upgrade)).toMatchObject({ kind: 'refuse', status: { code: 401, reason: 'Unauthorized' } });
    }
  });

  it('lets the cookie (among others) and a bearer token through, requests and upgrades alike', () => {
    expect(gate.decide(req('/k8s/demo/api', { cookie: `other=1; kubeglass-token-7070=${TOKEN}` }), false)).toEqual({ kind: 'allow' });
    expect(gate.decide(req('/-/ws', { cookie: `kubeglass-token-7070=${TOKEN}` }), true)).toEqual({ kind: 'allow' });
    expect(gate.decide(req('/k8s/demo/api', { authorization: `Bearer ${TOKEN}` }), false)).toEqual({ kind: 'allow' });
  });
});

describe('tokens', () => {
  it('generates distinct URL-safe tokens', () => {
    const a = generateAccessToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateAccessToken()).not.toBe(a);
  });

  it('reads a --token-file and refuses short, oddly spelled or missing ones clearly', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kubeglass-token-'));
    const file = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    expect(readAccessTokenFile(file('ok', `${TOKEN}\n`))).toBe(TOKEN);
    expect(() => readAccessTokenFile(file('short', 'abc'))).toThrow(/at least 16 characters/);
    expect(() => readAccessTokenFile(file('spaces', 'a token with spaces in it'))).toThrow(/may only use/);
    expect(() => readAccessTokenFile(join(dir, 'missing'))).toThrow(AccessTokenError);
  });
});
