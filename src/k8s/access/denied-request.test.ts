import { describe, expect, it } from 'vitest';
import { deniedRequest } from './denied-request';

describe('deniedRequest', () => {
  it('derives the verb as kube-apiserver does', () => {
    expect(deniedRequest('GET', '/k8s/demo/api/v1/namespaces/fx/secrets')).toEqual({ verb: 'list', group: '', resource: 'secrets', namespace: 'fx' });
    expect(deniedRequest('GET', '/k8s/demo/api/v1/namespaces/fx/secrets?watch=true&resourceVersion=5')).toMatchObject({ verb: 'watch' });
    expect(deniedRequest('GET', '/k8s/demo/api/v1/namespaces/fx/secrets/s1')).toEqual({ verb: 'get', group: '', resource: 'secrets', namespace: 'fx', name: 's1' });
    expect(deniedRequest('PUT', '/k8s/demo/apis/apps/v1/namespaces/fx/deployments/web/scale')).toEqual({ verb: 'update', group: 'apps', resource: 'deployments', subresource: 'scale', namespace: 'fx', name: 'web' });
    expect(deniedRequest('DELETE', '/k8s/demo/api/v1/nodes')).toEqual({ verb: 'deletecollection', group: '', resource: 'nodes' });
    expect(deniedRequest('POST', '/k8s/demo/api/v1/namespaces/fx/configmaps?dryRun=All')).toMatchObject({ verb: 'create', namespace: 'fx' });
  });

  it('knows nothing of non-resource paths', () => {
    expect(deniedRequest('GET', '/k8s/demo/version')).toBeNull();
  });
});
