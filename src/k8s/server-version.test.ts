import { describe, expect, it } from 'vitest';
import { honorsFieldValidation, versionNumbers, type ServerVersion } from './server-version';

const v = (major: string, minor: string, gitVersion: string): ServerVersion => ({ major, minor, gitVersion });

describe('versionNumbers', () => {
  it('reads major and minor, ignoring provider suffixes', () => {
    expect(versionNumbers(v('1', '20', 'v1.20.2'))).toEqual({ major: 1, minor: 20 });
    expect(versionNumbers(v('1', '27+', 'v1.27.3-gke.100'))).toEqual({ major: 1, minor: 27 });
  });

  it('falls back to gitVersion when major/minor are empty (some distributions leave them blank)', () => {
    expect(versionNumbers(v('', '', 'v1.29.1+k3s2'))).toEqual({ major: 1, minor: 29 });
    expect(versionNumbers(v('', '', 'unknown'))).toBeNull();
  });
});

describe('honorsFieldValidation', () => {
  it('is false on 1.20.2, whose OpenAPI does not list the parameter', () => {
    expect(honorsFieldValidation(v('1', '20', 'v1.20.2'), false)).toBe(false);
  });

  it('is true from 1.25, where the parameter is on by default', () => {
    expect(honorsFieldValidation(v('1', '25', 'v1.25.0'), true)).toBe(true);
    expect(honorsFieldValidation(v('1', '32', 'v1.32.1'), false)).toBe(true);
  });

  it('is false on 1.23 and 1.24: listed in the OpenAPI, but alpha and off by default', () => {
    expect(honorsFieldValidation(v('1', '23', 'v1.23.17'), true)).toBe(false);
    expect(honorsFieldValidation(v('1', '24', 'v1.24.0'), true)).toBe(false);
  });

  it('trusts the OpenAPI when an older version lists the parameter (the demo cluster) or the version is unknown', () => {
    expect(honorsFieldValidation(v('1', '20', 'v1.20.2'), true)).toBe(true);
    expect(honorsFieldValidation(null, true)).toBe(true);
    expect(honorsFieldValidation(null, false)).toBe(false);
  });
});
