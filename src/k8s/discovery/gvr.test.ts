import { describe, expect, it } from 'vitest';
import { formatGroupVersion, groupVersionPath, gvrKey, parseGroupVersion, parseGvrKey } from './gvr';

describe('gvr helpers', () => {
  it('keys the core group with an empty first segment and round-trips', () => {
    expect(gvrKey({ group: '', version: 'v1', resource: 'pods' })).toBe('/v1/pods');
    expect(parseGvrKey('/v1/pods')).toEqual({ group: '', version: 'v1', resource: 'pods' });
    expect(parseGvrKey('apps/v1/deployments')).toEqual({ group: 'apps', version: 'v1', resource: 'deployments' });
  });

  it('rejects keys that are not group/version/resource', () => {
    expect(parseGvrKey('v1/pods')).toBeNull();
    expect(parseGvrKey('apps/v1/deployments/scale')).toBeNull();
    expect(parseGvrKey('apps//deployments')).toBeNull();
  });

  it('spells group-versions and their paths the way the apiserver does', () => {
    expect(formatGroupVersion('', 'v1')).toBe('v1');
    expect(formatGroupVersion('apps', 'v1')).toBe('apps/v1');
    expect(parseGroupVersion('v1')).toEqual({ group: '', version: 'v1' });
    expect(parseGroupVersion('rbac.authorization.k8s.io/v1')).toEqual({ group: 'rbac.authorization.k8s.io', version: 'v1' });
    expect(groupVersionPath('', 'v1')).toBe('/api/v1');
    expect(groupVersionPath('apps', 'v1')).toBe('/apis/apps/v1');
  });
});
