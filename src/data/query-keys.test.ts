import { describe, expect, it } from 'vitest';
import { k8sKeys } from './query-keys';

describe('k8sKeys', () => {
  it('roots every key of a context at [k8s, ctx] in the documented shapes', () => {
    expect(k8sKeys.discovery('demo')).toEqual(['k8s', 'demo', 'discovery']);
    expect(k8sKeys.table('demo', '/apis/apps/v1/namespaces/default/deployments', { labelSelector: 'app=web' })).toEqual([
      'k8s', 'demo', 'table', 'apps/v1/deployments', 'default', { labelSelector: 'app=web', fieldSelector: '' },
    ]);
    expect(k8sKeys.object('demo', '/api/v1/nodes/n1')).toEqual(['k8s', 'demo', 'object', '/v1/nodes', null, 'n1']);
    expect(k8sKeys.events('demo', 'default', { name: 'web', uid: 'u1' })).toEqual([
      'k8s', 'demo', 'events', 'default', { involvedObjectName: 'web', involvedObjectUid: 'u1' },
    ]);
  });

  it('keys a Scale under its object, so clearing the object clears it too', () => {
    const object = k8sKeys.object('demo', '/apis/apps/v1/namespaces/default/deployments/web');
    expect(k8sKeys.scale('demo', '/apis/apps/v1/namespaces/default/deployments/web', '7')).toEqual([...object, 'scale', '7']);
  });

  it('gives equivalent spellings of a path one key, and keeps an unparsable path as it is', () => {
    expect(k8sKeys.object('demo', '/api/v1/namespaces/default/pods/web-1')).toEqual(k8sKeys.object('demo', '/api/v1/namespaces/default/pods/web-1/'));
    expect(k8sKeys.table('demo', '/version', {})).toEqual(['k8s', 'demo', 'table', '/version', null, { labelSelector: '', fieldSelector: '' }]);
  });
});
