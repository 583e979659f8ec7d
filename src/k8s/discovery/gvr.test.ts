import { describe, expect, it } from 'vitest';
import { formatGroupVersion, groupVersionPath, gvrKey, parseGroupVersion } from './gvr';

describe('gvr helpers', () => {
  it('keys the core group with an empty first segment', () => {
    expect(gvrKey({ group: '', version: 'v1', resource: 'pods' })).toBe('/v1/pods');
    expect(gvrKey({ group: 'apps', version: 'v1', resource: 'deployments' })).toBe('apps/v1/deployments');
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
