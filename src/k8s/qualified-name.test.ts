import { describe, expect, it } from 'vitest';
import { annotationsBytes, labelValueProblems, qualifiedNameProblems } from './qualified-name';

describe('qualifiedNameProblems', () => {
  it.each(['app', 'App.Name_1', 'a', 'example.com/tier', 'kubernetes.io/os', '123-abc', 'x'.repeat(63), `${'a'.repeat(253)}/n`])('accepts %s', (key) => {
    expect(qualifiedNameProblems(key)).toEqual([]);
  });

  it('refuses an empty key', () => {
    expect(qualifiedNameProblems('')).toEqual(['name part must be non-empty']);
  });

  it('refuses a name part longer than 63 characters', () => {
    expect(qualifiedNameProblems('x'.repeat(64))).toEqual(['name part must be no more than 63 characters']);
  });

  it.each(['-app', 'app-', 'my app', 'tier!', '.a', 'é'])('refuses the name part %s', (key) => {
    expect(qualifiedNameProblems(key)).toEqual([expect.stringContaining('name part must consist of letters, digits')]);
  });

  it('checks the prefix as a lowercase DNS subdomain', () => {
    expect(qualifiedNameProblems('/app')).toEqual(['prefix part must be non-empty']);
    expect(qualifiedNameProblems('Example.com/app')).toEqual([expect.stringContaining('prefix part must be a lowercase DNS subdomain')]);
    expect(qualifiedNameProblems('ex_ample.com/app')).toEqual([expect.stringContaining('prefix part must be a lowercase DNS subdomain')]);
    expect(qualifiedNameProblems(`${'a'.repeat(254)}/app`)).toEqual(['prefix part must be no more than 253 characters']);
  });

  it('reports prefix and name problems together', () => {
    expect(qualifiedNameProblems('/')).toEqual(['prefix part must be non-empty', 'name part must be non-empty']);
  });

  it('refuses more than one slash', () => {
    expect(qualifiedNameProblems('a/b/c')).toEqual([expect.stringContaining("one '/'")]);
  });
});

describe('labelValueProblems', () => {
  it.each(['', 'web', 'v1.2_3-x', 'x'.repeat(63)])('accepts %j', (value) => {
    expect(labelValueProblems(value)).toEqual([]);
  });

  it.each(['-web', 'web-', 'a b', 'a/b'])('refuses %j', (value) => {
    expect(labelValueProblems(value)).toEqual([expect.stringContaining('must be empty or consist of letters')]);
  });

  it('refuses more than 63 characters', () => {
    expect(labelValueProblems('x'.repeat(64))).toEqual(['must be no more than 63 characters']);
  });
});

describe('annotationsBytes', () => {
  it('counts UTF-8 bytes of keys and values', () => {
    expect(annotationsBytes({})).toBe(0);
    expect(annotationsBytes({ ab: 'cd', e: '' })).toBe(5);
    expect(annotationsBytes({ k: 'é€' })).toBe(1 + 2 + 3);
  });
});
