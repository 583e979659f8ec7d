import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AccessTokenError, generateAccessToken, readAccessTokenFile, tokenStrengthBits, weakTokenProblem } from './access-token.js';

describe('tokens', () => {
  it('generates distinct URL-safe tokens strong enough for --token-file', () => {
    const a = generateAccessToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateAccessToken()).not.toBe(a);
    expect(weakTokenProblem(a)).toBeNull();
  });

  it('estimates strength from the alphabet the character classes imply', () => {
    expect(tokenStrengthBits('0123456789abcdef0123456789abcdef')).toBe(128);
    expect(tokenStrengthBits('0123456789ABCDEF')).toBe(64);
    expect(tokenStrengthBits('abcdefghijklmnopqrstuvwxyz')).toBeCloseTo(26 * Math.log2(26));
    expect(tokenStrengthBits('abc123-')).toBeCloseTo(7 * Math.log2(40));
    expect(tokenStrengthBits('aB3')).toBeCloseTo(3 * Math.log2(62));
  });

  it('accepts `openssl rand -hex 16` and `openssl rand -base64 32 | tr -d "=+/"` outputs', () => {
    expect(weakTokenProblem('3f9a1c07d2b84e6f95a0c1d2e3f40516')).toBeNull();
    expect(weakTokenProblem('q8ZrT1vXk3NbW0aYc7LmP2sEd9FhGj4uIo6Rt5Ye')).toBeNull();
  });

  it.each([
    ['aaaaaaaaaaaaaaaa', /fewer than 8 distinct characters/],
    ['abababababababababababababababab', /fewer than 8 distinct/],
    ['abcdefghabcdefghabcdefghabcdefgh', /repeats a shorter pattern/],
    ['0123456789abcdef', /about 64 bits, at least 128/],
    ['a-long-enough-token', /about 93 bits/],
    ['a token with spaces in it', /may only use/],
  ])('refuses %j', (token, message) => {
    expect(weakTokenProblem(token)).toMatch(message);
  });

  it('reads a --token-file and refuses weak, oddly spelled or missing ones clearly', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kubeglass-token-'));
    const file = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    expect(readAccessTokenFile(file('ok', '3f9a1c07d2b84e6f95a0c1d2e3f40516\n'))).toBe('3f9a1c07d2b84e6f95a0c1d2e3f40516');
    expect(() => readAccessTokenFile(file('weak', 'aaaaaaaaaaaaaaaa'))).toThrow(/--token-file .*weak: the token is too weak/);
    expect(() => readAccessTokenFile(file('spaces', 'a token with spaces in it'))).toThrow(/may only use/);
    expect(() => readAccessTokenFile(join(dir, 'missing'))).toThrow(AccessTokenError);
  });
});
