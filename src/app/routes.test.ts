import { describe, expect, it } from 'vitest';
import { matchRoute } from './routes';

describe('matchRoute', () => {
  it('matches the access page with its namespace', () => {
    expect(matchRoute('/c/demo/-/access', '?namespace=shop')).toEqual({ kind: 'access', context: 'demo', namespace: 'shop' });
    expect(matchRoute('/c/demo/-/access')).toEqual({ kind: 'access', context: 'demo', namespace: null });
  });

  it('matches home and context home', () => {
    expect(matchRoute('/')).toEqual({ kind: 'home' });
    expect(matchRoute('/c/demo')).toEqual({ kind: 'context-home', context: 'demo' });
    expect(matchRoute('/c/demo/')).toEqual({ kind: 'context-home', context: 'demo' });
  });

  it('matches namespaced, all-namespaces and cluster-scoped lists', () => {
    const ns = matchRoute('/c/demo/api/v1/namespaces/kube-system/pods');
    expect(ns).toMatchObject({ kind: 'list', context: 'demo', apiPath: '/api/v1/namespaces/kube-system/pods' });
    expect(ns.kind === 'list' && ns.path.namespace).toBe('kube-system');
    const all = matchRoute('/c/demo/api/v1/pods');
    expect(all.kind === 'list' && all.path.namespace).toBeNull();
    const cluster = matchRoute('/c/demo/api/v1/namespaces');
    expect(cluster).toMatchObject({ kind: 'list', path: { resource: 'namespaces', name: null } });
  });

  it('reads selectors from the query string', () => {
    expect(matchRoute('/c/demo/api/v1/pods', '?labelSelector=app%3Dweb&fieldSelector=')).toMatchObject({
      kind: 'list',
      labelSelector: 'app=web',
      fieldSelector: undefined,
    });
  });

  it('opens the editor for an object URL with ?edit=1, not for collections or subresources', () => {
    expect(matchRoute('/c/demo/api/v1/namespaces/fx/configmaps/c1', '?edit=1')).toMatchObject({ kind: 'edit', apiPath: '/api/v1/namespaces/fx/configmaps/c1' });
    expect(matchRoute('/c/demo/api/v1/namespaces/fx/configmaps/c1', '?edit=0')).toMatchObject({ kind: 'object' });
    expect(matchRoute('/c/demo/api/v1/namespaces/fx/pods/p/status', '?edit=1')).toMatchObject({ kind: 'object' });
    expect(matchRoute('/c/demo/api/v1/namespaces/fx/configmaps', '?edit=1')).toMatchObject({ kind: 'list' });
  });

  it('opens the create screen for a collection URL with ?create=1, not for objects', () => {
    const create = matchRoute('/c/demo/apis/apps/v1/namespaces/default/deployments', '?create=1');
    expect(create).toMatchObject({ kind: 'create', context: 'demo', apiPath: '/apis/apps/v1/namespaces/default/deployments' });
    expect(create.kind === 'create' && create.path).toMatchObject({ group: 'apps', resource: 'deployments', namespace: 'default', name: null });
    expect(matchRoute('/c/demo/api/v1/namespaces', '?create=1')).toMatchObject({ kind: 'create', path: { resource: 'namespaces', namespace: null } });
    expect(matchRoute('/c/demo/api/v1/namespaces/fx/configmaps', '?create=0')).toMatchObject({ kind: 'list' });
    expect(matchRoute('/c/demo/api/v1/namespaces/fx/configmaps/c1', '?create=1')).toMatchObject({ kind: 'object' });
  });

  it('tells objects from collections', () => {
    expect(matchRoute('/c/demo/api/v1/namespaces/fx/pods/web-abc12')).toMatchObject({ kind: 'object', path: { name: 'web-abc12' } });
    expect(matchRoute('/c/demo/api/v1/namespaces/kube-system')).toMatchObject({ kind: 'object', path: { resource: 'namespaces', name: 'kube-system' } });
  });

  it('opens the log view at a pod\'s log subresource and the workload logs at /-/logs', () => {
    expect(matchRoute('/c/demo/api/v1/namespaces/demo/pods/web-1/log', '?container=web&follow=true')).toMatchObject({
      kind: 'pod-log',
      context: 'demo',
      path: { resource: 'pods', name: 'web-1', subresource: 'log' },
      search: '?container=web&follow=true',
    });
    expect(matchRoute('/c/demo/-/logs', '?namespace=demo&labelSelector=app%3Dweb')).toEqual({ kind: 'workload-logs', context: 'demo', search: '?namespace=demo&labelSelector=app%3Dweb' });
    expect(matchRoute('/c/demo/api/v1/namespaces/demo/pods/web-1/status')).toMatchObject({ kind: 'object' });
  });

  it('matches the Helm releases and one release, its view in the query', () => {
    expect(matchRoute('/c/demo/-/helm', '?namespace=shop')).toEqual({ kind: 'helm-releases', context: 'demo', namespace: 'shop' });
    expect(matchRoute('/c/demo/-/helm')).toEqual({ kind: 'helm-releases', context: 'demo', namespace: null });
    expect(matchRoute('/c/demo/-/helm/shop/shop', '?view=diff&from=1&to=2')).toEqual({ kind: 'helm-release', context: 'demo', namespace: 'shop', name: 'shop', search: '?view=diff&from=1&to=2' });
    expect(matchRoute('/c/demo/-/helm/shop/shop/')).toMatchObject({ kind: 'helm-release', name: 'shop' });
    expect(matchRoute('/c/demo/-/helm/shop')).toEqual({ kind: 'not-found', pathname: '/c/demo/-/helm/shop' });
    expect(matchRoute('/c/demo/-/helm/shop/%E0%A4%A')).toEqual({ kind: 'not-found', pathname: '/c/demo/-/helm/shop/%E0%A4%A' });
  });

  it('does not match other paths', () => {
    expect(matchRoute('/nope')).toEqual({ kind: 'not-found', pathname: '/nope' });
    expect(matchRoute('/c/demo/api/v1')).toEqual({ kind: 'not-found', pathname: '/c/demo/api/v1' });
  });
});
