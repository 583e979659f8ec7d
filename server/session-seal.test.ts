import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSessionSeal, readSessionKeys, SessionKeysError } from './session-seal.js';

const key = (byte: number): Buffer => Buffer.alloc(32, byte);

describe('createSessionSeal', () => {
  it('opens what it sealed, for the same purpose only; the sealed text does not show the value', () => {
    const seal = createSessionSeal([key(1)]);
    const sealed = seal.seal('kubeglass-session', { token: 'secret-token-value' });
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain('secret-token-value');
    expect(seal.open('kubeglass-session', sealed)).toEqual({ token: 'secret-token-value' });
    expect(seal.open('kubeglass-oidc', sealed)).toBeNull();
    expect(seal.seal('kubeglass-session', { token: 'x' })).not.toBe(seal.seal('kubeglass-session', { token: 'x' }));
  });

  it('refuses a value changed by one bit, cut short, or sealed by keys it does not hold', () => {
    const seal = createSessionSeal([key(1)]);
    const sealed = Buffer.from(seal.seal('p', { a: 1 }), 'base64url');
    for (let i = 0; i < sealed.length; i += 7) {
      const flipped = Buffer.from(sealed);
      flipped[i] = (flipped[i] ?? 0) ^ 1;
      expect(seal.open('p', flipped.toString('base64url'))).toBeNull();
    }
    expect(seal.open('p', sealed.subarray(0, sealed.length - 1).toString('base64url'))).toBeNull();
    expect(seal.open('p', '')).toBeNull();
    expect(createSessionSeal([key(2)]).open('p', sealed.toString('base64url'))).toBeNull();
  });

  it('rotates: the first key seals, every key opens', () => {
    const old = createSessionSeal([key(1)]);
    const rotated = createSessionSeal([key(2), key(1)]);
    const sealedByOld = old.seal('p', { v: 'old' });
    expect(rotated.open('p', sealedByOld)).toEqual({ v: 'old' });
    const sealedByNew = rotated.seal('p', { v: 'new' });
    expect(old.open('p', sealedByNew)).toBeNull();
    expect(createSessionSeal([key(2)]).open('p', sealedByNew)).toEqual({ v: 'new' });
  });
});

describe('readSessionKeys', () => {
  const file = (text: string): string => {
    const path = join(mkdtempSync(join(tmpdir(), 'kubeglass-keys-')), 'keys');
    writeFileSync(path, text);
    return path;
  };

  it('reads hex and base64 keys, one per line, skipping blank lines and comments', () => {
    const keys = readSessionKeys(file(`# rotated 2026-12\n${'ab'.repeat(32)}\n\n${Buffer.alloc(32, 7).toString('base64')}\n`));
    expect(keys.map((k) => k.length)).toEqual([32, 32]);
    expect(keys[1]?.equals(Buffer.alloc(32, 7))).toBe(true);
  });

  it.each([
    ['', 'holds no key'],
    ['# only a comment\n', 'holds no key'],
    ['c2hvcnQ=\n', 'at least 32 random bytes, this one holds 5'],
    ['not a key!\n', 'a key is hex or base64'],
  ])('refuses %j', (text, message) => {
    const path = file(text);
    expect(() => readSessionKeys(path)).toThrow(SessionKeysError);
    expect(() => readSessionKeys(path)).toThrow(message);
  });

  it('says when the file cannot be read', () => {
    expect(() => readSessionKeys('/nonexistent/keys')).toThrow('cannot read --session-keys-file /nonexistent/keys');
  });
});
