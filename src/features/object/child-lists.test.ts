import { describe, expect, it } from 'vitest';
import type { ResourceIndex } from '../../k8s/discovery/resource-index';
import type { KubeObject } from '../../k8s/kube-object';
import { parseApiPath, type ApiPath } from '../../k8s/paths';
import { childLists } from './child-lists';

const path = (p: string): ApiPath => {
  const parsed = parseApiPath(p);
  if (!parsed) throw new Error(p);
  return parsed;
};
const obj = (spec: unknown): KubeObject => ({ apiVersion: 'v1', kind: 'X', metadata: { name: 'x', uid: 'uid-1' }, spec } as KubeObject);
const index = (served: string[]): ResourceIndex =>
  ({ preferredVersions: new Map(served.map((s) => [s.split('/')[0] ?? '', s.split('/')[1] ?? ''])), byGvr: new Map(served.map((s) => [s, {}])) }) as unknown as ResourceIndex;

describe('childLists', () => {
  it('a Deployment: its ReplicaSets (controlled by it) and the pods its selector picks', () => {
    const lists = childLists(path('/apis/apps/v1/namespaces/demo/deployments/web'), obj({ selector: { matchLabels: { app: 'web' } } }), index(['apps/v1/replicasets']));
    expect(lists).toEqual([
      { title: 'ReplicaSets', path: '/apis/apps/v1/namespaces/demo/replicasets', labelSelector: 'app=web', controllerUid: 'uid-1', show: 'replicasets' },
      { title: 'Pods', path: '/api/v1/namespaces/demo/pods', labelSelector: 'app=web', show: 'pods' },
    ]);
  });

  it('a ReplicaSet or Job: the pods it controls', () => {
    expect(childLists(path('/apis/batch/v1/namespaces/demo/jobs/migrate'), obj({ selector: { matchLabels: { 'controller-uid': 'u' } } }), undefined)).toEqual([
      { title: 'Pods', path: '/api/v1/namespaces/demo/pods', labelSelector: 'controller-uid=u', controllerUid: 'uid-1', show: 'pods' },
    ]);
  });

  it('a Service: EndpointSlices where served (v1beta1 on 1.20) and the selected pods', () => {
    const svc = obj({ selector: { app: 'web' } });
    expect(childLists(path('/api/v1/namespaces/demo/services/web'), svc, index(['discovery.k8s.io/v1beta1/endpointslices']))).toEqual([
      { title: 'EndpointSlices', path: '/apis/discovery.k8s.io/v1beta1/namespaces/demo/endpointslices', labelSelector: 'kubernetes.io/service-name=web', show: 'endpointslices' },
      { title: 'Pods it selects', path: '/api/v1/namespaces/demo/pods', labelSelector: 'app=web', show: 'pods' },
    ]);
    // Not served, and no selector: nothing to list.
    expect(childLists(path('/api/v1/namespaces/demo/services/ext'), obj({}), index([]))).toEqual([]);
  });

  it('a Node: pods across namespaces by spec.nodeName; other kinds and subresources: none', () => {
    expect(childLists(path('/api/v1/nodes/demo-node-1'), obj({}), undefined)).toEqual([{ title: 'Pods on this node', path: '/api/v1/pods', fieldSelector: 'spec.nodeName=demo-node-1', show: 'pods' }]);
    expect(childLists(path('/api/v1/namespaces/demo/configmaps/c'), obj({}), undefined)).toEqual([]);
    expect(childLists(path('/apis/apps/v1/namespaces/demo/deployments/web/scale'), obj({ selector: { matchLabels: { app: 'web' } } }), undefined)).toEqual([]);
  });
});
