import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { fetchDiscovery } from '../../k8s/discovery/fetch-discovery';
import { fixtureFetch } from '../../k8s/discovery/discovery-test-support';
import { buildResourceIndex } from '../../k8s/discovery/resource-index';
import { readJsonFixture } from '../../testing/fixtures';
import { discoveryKindResolver, fallbackKindResolver, objectPathFor, objectReferences, ownerLinks } from './object-references';

const deployment = readJsonFixture<KubeObject>('objects/apis__apps__v1__namespaces__fx__deployments__web.json');

// Shaped like a pod kube-controller-manager and the scheduler produced from the recorded Deployment "web",
// with the reference kinds a real pod spec carries.
const pod: KubeObject = {
  kind: 'Pod',
  apiVersion: 'v1',
  metadata: {
    name: 'web-7d4b9c6f5-x2x9q',
    namespace: 'fx',
    uid: 'a1',
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-7d4b9c6f5', uid: 'r1', controller: true, blockOwnerDeletion: true }],
  },
  spec: {
    nodeName: 'node-a',
    serviceAccountName: 'web',
    serviceAccount: 'web',
    imagePullSecrets: [{ name: 'registry' }],
    volumes: [
      { name: 'settings', configMap: { name: 'settings', defaultMode: 420 } },
      { name: 'token', secret: { secretName: 'web-token-abcde', defaultMode: 420 } },
      { name: 'data', persistentVolumeClaim: { claimName: 'web-data' } },
      { name: 'kube-api-access', projected: { sources: [{ serviceAccountToken: { path: 'token' } }, { configMap: { name: 'kube-root-ca.crt' } }] } },
      { name: 'scratch', emptyDir: {} },
    ],
    initContainers: [{ name: 'init', image: 'busybox', envFrom: [{ secretRef: { name: 'registry' } }] }],
    containers: [
      {
        name: 'nginx',
        image: 'nginx:1.27',
        envFrom: [{ configMapRef: { name: 'settings' } }],
        env: [
          { name: 'PLAIN', value: 'x' },
          { name: 'PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
          { name: 'MODE', valueFrom: { configMapKeyRef: { name: 'modes', key: 'mode' } } },
          { name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } },
        ],
      },
    ],
  },
};

describe('objectReferences', () => {
  it('finds every object a pod spec names, once per object, with the fields that name it', () => {
    const refs = objectReferences(pod);
    expect(refs.map((r) => `${r.kind} ${r.apiPath}`)).toEqual([
      'Node /api/v1/nodes/node-a',
      'ServiceAccount /api/v1/namespaces/fx/serviceaccounts/web',
      'Secret /api/v1/namespaces/fx/secrets/registry',
      'ConfigMap /api/v1/namespaces/fx/configmaps/settings',
      'Secret /api/v1/namespaces/fx/secrets/web-token-abcde',
      'PersistentVolumeClaim /api/v1/namespaces/fx/persistentvolumeclaims/web-data',
      'ConfigMap /api/v1/namespaces/fx/configmaps/kube-root-ca.crt',
      'Secret /api/v1/namespaces/fx/secrets/db',
      'ConfigMap /api/v1/namespaces/fx/configmaps/modes',
    ]);
    const node = refs.find((r) => r.kind === 'Node');
    expect(node?.namespace).toBeNull();
    expect(refs.find((r) => r.name === 'settings')?.fields).toEqual(['spec.volumes[0].configMap', 'spec.containers[0].envFrom[0].configMapRef']);
    expect(refs.find((r) => r.name === 'registry')?.fields).toEqual(['spec.imagePullSecrets[0]', 'spec.initContainers[0].envFrom[0].secretRef']);
  });

  it('reads the pod template of the recorded Deployment (which names nothing but may)', () => {
    expect(objectReferences(deployment)).toEqual([]);
    const template = structuredClone(deployment) as KubeObject & { spec: { template: { spec: Record<string, unknown> } } };
    template.spec.template.spec.serviceAccountName = 'web';
    template.spec.template.spec.volumes = [{ name: 'c', configMap: { name: 'settings' } }];
    expect(objectReferences(template).map((r) => [r.apiPath, r.fields[0]])).toEqual([
      ['/api/v1/namespaces/fx/serviceaccounts/web', 'spec.template.spec.serviceAccountName'],
      ['/api/v1/namespaces/fx/configmaps/settings', 'spec.template.spec.volumes[0].configMap'],
    ]);
  });

  it('does not treat spec.template of an unknown kind as a pod template', () => {
    const widget: KubeObject = {
      kind: 'Widget',
      apiVersion: 'fx.example.com/v1',
      metadata: { name: 'w1', namespace: 'fx' },
      spec: { template: { spec: { nodeName: 'node-a' } } },
    };
    expect(objectReferences(widget)).toEqual([]);
  });

  it('links a bound PVC to its cluster-scoped PersistentVolume', () => {
    const pvc: KubeObject = { kind: 'PersistentVolumeClaim', apiVersion: 'v1', metadata: { name: 'data', namespace: 'fx' }, spec: { volumeName: 'pv-1' } };
    expect(objectReferences(pvc).map((r) => r.apiPath)).toEqual(['/api/v1/persistentvolumes/pv-1']);
  });
});

describe('owner references', () => {
  it('resolves apps and batch owners without discovery to paths in the object namespace', () => {
    expect(ownerLinks(pod, fallbackKindResolver)).toEqual([
      { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-7d4b9c6f5', controller: true, apiPath: '/apis/apps/v1/namespaces/fx/replicasets/web-7d4b9c6f5' },
    ]);
    expect(objectPathFor(fallbackKindResolver, 'batch/v1', 'Job', 'backup-1', 'ops')).toBe('/apis/batch/v1/namespaces/ops/jobs/backup-1');
    expect(objectPathFor(fallbackKindResolver, 'v1', 'Node', 'node-a', 'fx')).toBe('/api/v1/nodes/node-a');
  });

  it('leaves an owner of an unknown kind unlinked without discovery, and resolves it through discovery', async () => {
    const owned: KubeObject = {
      kind: 'ConfigMap',
      apiVersion: 'v1',
      metadata: { name: 'w1-config', namespace: 'fx', ownerReferences: [{ apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', name: 'v1.apps', uid: 'u' }] },
    };
    expect(ownerLinks(owned, fallbackKindResolver)[0]?.apiPath).toBeNull();
    const discovery = await fetchDiscovery(fixtureFetch().fetch);
    if (discovery === 'not-modified') throw new Error('unexpected 304');
    const resolve = discoveryKindResolver(buildResourceIndex(discovery));
    // APIService is cluster-scoped: no namespace in its path even though the owned object has one.
    expect(ownerLinks(owned, resolve)[0]?.apiPath).toBe('/apis/apiregistration.k8s.io/v1/apiservices/v1.apps');
    expect(ownerLinks(pod, resolve)[0]?.apiPath).toBe('/apis/apps/v1/namespaces/fx/replicasets/web-7d4b9c6f5');
  });
});
