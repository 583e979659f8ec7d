import { describe, expect, it } from 'vitest';
import type { PartialObjectMetadata } from '../object-meta';
import { currentRevision, groupReleases, releaseSecretPath, releaseSecretsPath, revisionFromSecret } from './release-secrets';

function item(name: string, namespace: string, labels: Record<string, string>): PartialObjectMetadata {
  return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: { name, namespace, labels, creationTimestamp: '2026-12-01T09:00:00Z' } };
}

describe('release Secrets', () => {
  it('reads a revision from the labels helm sets', () => {
    expect(revisionFromSecret(item('sh.helm.release.v1.shop.v2', 'shop', { name: 'shop', owner: 'helm', status: 'deployed', version: '2', modifiedAt: '1764583200' }))).toEqual({
      release: 'shop',
      namespace: 'shop',
      revision: 2,
      status: 'deployed',
      secretName: 'sh.helm.release.v1.shop.v2',
      updated: '2025-12-01T10:00:00.000Z',
    });
    // No modifiedAt or createdAt label: the Secret's own creation time.
    expect(revisionFromSecret(item('sh.helm.release.v1.a.v1', 'x', { name: 'a', owner: 'helm', status: 'failed', version: '1' }))?.updated).toBe('2026-12-01T09:00:00Z');
  });

  it('leaves out owner=helm Secrets that are not release revisions', () => {
    expect(revisionFromSecret(item('my-secret', 'x', { owner: 'helm' }))).toBeNull();
    expect(revisionFromSecret(item('sh.helm.release.v1.a.v2', 'x', { name: 'a', owner: 'helm', version: '1' }))).toBeNull();
    expect(revisionFromSecret(item('sh.helm.release.v1.a.vx', 'x', { name: 'a', owner: 'helm', version: 'x' }))).toBeNull();
  });

  it('groups revisions into releases, newest revision first, and the newest is current', () => {
    const releases = groupReleases([
      item('sh.helm.release.v1.shop.v1', 'shop', { name: 'shop', status: 'superseded', version: '1' }),
      item('sh.helm.release.v1.web.v1', 'demo', { name: 'web', status: 'deployed', version: '1' }),
      item('sh.helm.release.v1.shop.v10', 'shop', { name: 'shop', status: 'failed', version: '10' }),
      item('sh.helm.release.v1.shop.v2', 'shop', { name: 'shop', status: 'deployed', version: '2' }),
      item('sh.helm.release.v1.shop.v1', 'other', { name: 'shop', status: 'deployed', version: '1' }),
    ]);
    expect(releases.map((r) => [r.namespace, r.name, r.revisions.map((v) => v.revision)])).toEqual([
      ['demo', 'web', [1]],
      ['other', 'shop', [1]],
      ['shop', 'shop', [10, 2, 1]],
    ]);
    expect(currentRevision(releases[2]!).status).toBe('failed');
  });

  it('builds the API paths of the Secrets', () => {
    expect(releaseSecretsPath(null)).toBe('/api/v1/secrets');
    expect(releaseSecretsPath('shop')).toBe('/api/v1/namespaces/shop/secrets');
    expect(releaseSecretPath('shop', 'shop', 2)).toBe('/api/v1/namespaces/shop/secrets/sh.helm.release.v1.shop.v2');
  });
});
