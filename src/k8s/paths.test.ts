import { describe, expect, it } from 'vitest';
import {
  buildApiPath,
  collectionPath,
  parseApiPath,
  parseUiPath,
  toUiPath,
  withNamespace,
  type ApiPath,
} from './paths';

const p = (over: Partial<ApiPath>): ApiPath => ({
  group: '',
  version: 'v1',
  namespace: null,
  resource: 'pods',
  name: null,
  subresource: null,
  ...over,
});

describe('parseApiPath', () => {
  it.each<[string, ApiPath]>([
    ['/api/v1/namespaces/default/pods', p({ namespace: 'default' })],
    ['/api/v1/pods', p({})],
    ['/api/v1/namespaces', p({ resource: 'namespaces' })],
    ['/api/v1/namespaces/kube-system', p({ resource: 'namespaces', name: 'kube-system' })],
    ['/api/v1/namespaces/kube-system/status', p({ resource: 'namespaces', name: 'kube-system', subresource: 'status' })],
    ['/api/v1/namespaces/kube-system/finalize', p({ resource: 'namespaces', name: 'kube-system', subresource: 'finalize' })],
    ['/api/v1/namespaces/fx/pods/web-abc12', p({ namespace: 'fx', name: 'web-abc12' })],
    ['/api/v1/namespaces/fx/pods/web-abc12/log', p({ namespace: 'fx', name: 'web-abc12', subresource: 'log' })],
    ['/api/v1/nodes/node-a', p({ resource: 'nodes', name: 'node-a' })],
    ['/apis/apps/v1/namespaces/fx/deployments', p({ group: 'apps', namespace: 'fx', resource: 'deployments' })],
    ['/apis/apps/v1/deployments', p({ group: 'apps', resource: 'deployments' })],
    ['/apis/fx.example.com/v1/namespaces/fx/widgets/w1', p({ group: 'fx.example.com', namespace: 'fx', resource: 'widgets', name: 'w1' })],
    ['/apis/rbac.authorization.k8s.io/v1/clusterroles/system:aggregate-to-view', p({ group: 'rbac.authorization.k8s.io', resource: 'clusterroles', name: 'system:aggregate-to-view' })],
    ['/api/v1/namespaces/default/pods?watch=1', p({ namespace: 'default' })],
    ['/api/v1/namespaces/default/pods/', p({ namespace: 'default' })],
  ])('%s', (path, expected) => {
    expect(parseApiPath(path)).toEqual(expected);
  });

  it.each(['/', '/api', '/api/v1', '/apis', '/apis/apps', '/apis/apps/v1', '/version', '/openapi/v2', '/api/v1/namespaces/a/pods/b/proxy/x', '/api/v1/%E0%A4%A'])(
    '%s is not a resource path',
    (path) => {
      expect(parseApiPath(path)).toBeNull();
    },
  );
});

describe('buildApiPath', () => {
  it.each([
    '/api/v1/namespaces/default/pods',
    '/api/v1/pods',
    '/api/v1/namespaces',
    '/api/v1/namespaces/kube-system',
    '/api/v1/namespaces/kube-system/status',
    '/api/v1/namespaces/fx/pods/web-abc12/log',
    '/apis/apps/v1/namespaces/fx/deployments',
    '/apis/rbac.authorization.k8s.io/v1/clusterroles/system:aggregate-to-view',
  ])('round-trips %s', (path) => {
    const parsed = parseApiPath(path);
    expect(parsed).not.toBeNull();
    if (parsed) expect(buildApiPath(parsed)).toBe(path);
  });

  it('encodes unusual characters per segment', () => {
    const path = buildApiPath(p({ namespace: 'fx', name: 'a b/c' }));
    expect(path).toBe('/api/v1/namespaces/fx/pods/a%20b%2Fc');
    expect(parseApiPath(path)?.name).toBe('a b/c');
  });

  it('builds collection paths', () => {
    expect(collectionPath({ group: '', version: 'v1', resource: 'configmaps' }, 'fx')).toBe('/api/v1/namespaces/fx/configmaps');
    expect(collectionPath({ group: 'apps', version: 'v1', resource: 'deployments' }, null)).toBe('/apis/apps/v1/deployments');
  });
});

describe('withNamespace', () => {
  it('moves a namespaced path to another namespace or to all namespaces', () => {
    const pods = p({ namespace: 'default' });
    const namespaced = () => false;
    expect(buildApiPath(withNamespace(pods, 'kube-system', namespaced))).toBe('/api/v1/namespaces/kube-system/pods');
    expect(buildApiPath(withNamespace(pods, null, namespaced))).toBe('/api/v1/pods');
    expect(buildApiPath(withNamespace(p({}), 'fx', namespaced))).toBe('/api/v1/namespaces/fx/pods');
  });

  it('leaves resources the scope function calls cluster-scoped alone (discovery decides)', () => {
    const namespaces = p({ resource: 'namespaces' });
    const clusterScoped = (gvr: { resource: string }) => gvr.resource === 'namespaces';
    expect(withNamespace(namespaces, 'fx', clusterScoped)).toBe(namespaces);
    expect(buildApiPath(withNamespace(p({ namespace: 'a' }), 'fx', clusterScoped))).toBe('/api/v1/namespaces/fx/pods');
  });
});

describe('UI paths', () => {
  it('prefixes /c/{context}', () => {
    expect(toUiPath('demo', '/api/v1/namespaces/default/pods')).toBe('/c/demo/api/v1/namespaces/default/pods');
    expect(toUiPath('me@prod/eu', '/api/v1/pods')).toBe('/c/me@prod%2Feu/api/v1/pods');
  });

  it('parses back the context and API path', () => {
    expect(parseUiPath('/c/demo/api/v1/namespaces/default/pods')).toEqual({ context: 'demo', apiPath: '/api/v1/namespaces/default/pods' });
    expect(parseUiPath('/c/me@prod%2Feu/api/v1/pods/')).toEqual({ context: 'me@prod/eu', apiPath: '/api/v1/pods' });
    expect(parseUiPath('/c/demo')).toEqual({ context: 'demo', apiPath: '' });
    expect(parseUiPath('/c/')).toBeNull();
    expect(parseUiPath('/other')).toBeNull();
  });
});
