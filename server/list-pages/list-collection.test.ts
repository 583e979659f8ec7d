import { describe, expect, it } from 'vitest';
import { collectionOf, writeTouches } from './list-collection.js';

describe('collectionOf', () => {
  it.each([
    ['/api/v1/namespaces/x/configmaps?includeObject=Metadata&limit=100', { group: '', resource: 'configmaps', namespace: 'x' }],
    ['/api/v1/namespaces/x/configmaps/y', { group: '', resource: 'configmaps', namespace: 'x' }],
    ['/api/v1/namespaces/x/pods/web-1/eviction', { group: '', resource: 'pods', namespace: 'x' }],
    ['/api/v1/configmaps?limit=100', { group: '', resource: 'configmaps', namespace: null }],
    ['/apis/apps/v1/namespaces/web/deployments', { group: 'apps', resource: 'deployments', namespace: 'web' }],
    ['/apis/rbac.authorization.k8s.io/v1/clusterroles/admin', { group: 'rbac.authorization.k8s.io', resource: 'clusterroles', namespace: null }],
    ['/api/v1/namespaces', { group: '', resource: 'namespaces', namespace: null }],
    ['/api/v1/namespaces/x', { group: '', resource: 'namespaces', namespace: null }],
    // The namespace's own subresources, as kube-apiserver's RequestInfo reads them.
    ['/api/v1/namespaces/x/status', { group: '', resource: 'namespaces', namespace: null }],
    ['/api/v1/namespaces/x/finalize', { group: '', resource: 'namespaces', namespace: null }],
    ['/api/v1/watch/namespaces/x/pods', { group: '', resource: 'pods', namespace: 'x' }],
    ['/api/v1/namespaces/my%20ns/configmaps', { group: '', resource: 'configmaps', namespace: 'my ns' }],
  ])('%s', (path, collection) => {
    expect(collectionOf(path)).toEqual(collection);
  });

  it.each(['/api', '/api/v1', '/apis', '/apis/apps', '/apis/apps/v1', '/version', '/openapi/v2', '/api/v1/namespaces/%E0%A4%A/pods'])('names none at %s', (path) => {
    expect(collectionOf(path)).toBeNull();
  });
});

describe('writeTouches', () => {
  const at = (path: string) => {
    const collection = collectionOf(path);
    if (!collection) throw new Error(`no collection at ${path}`);
    return collection;
  };
  it('touches the lists of its resource in its namespace and across all namespaces, in any version', () => {
    const write = at('/api/v1/namespaces/x/configmaps/y');
    expect(writeTouches(write, at('/api/v1/namespaces/x/configmaps'))).toBe(true);
    expect(writeTouches(write, at('/api/v1/configmaps'))).toBe(true);
    expect(writeTouches(at('/apis/apps/v1beta2/namespaces/x/deployments/d'), at('/apis/apps/v1/namespaces/x/deployments'))).toBe(true);
    expect(writeTouches(at('/api/v1/nodes/n1'), at('/api/v1/nodes'))).toBe(true);
  });

  it('leaves other resources, groups and namespaces alone', () => {
    const write = at('/api/v1/namespaces/x/configmaps/y');
    expect(writeTouches(write, at('/api/v1/namespaces/other/configmaps'))).toBe(false);
    expect(writeTouches(write, at('/api/v1/namespaces/x/secrets'))).toBe(false);
    expect(writeTouches(at('/apis/example.com/v1/namespaces/x/configmaps/y'), at('/api/v1/namespaces/x/configmaps'))).toBe(false);
    expect(writeTouches(at('/apis/authorization.k8s.io/v1/selfsubjectaccessreviews'), at('/api/v1/pods'))).toBe(false);
  });
});
