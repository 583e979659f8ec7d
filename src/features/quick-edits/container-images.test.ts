import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { DEPLOYMENT_GVK, fixtureKindSchema } from '../../k8s/openapi/openapi-test-support';
import { buildStrategicMergePatch, type JsonObject } from '../../k8s/patch';
import { readJsonFixture } from '../../testing/fixtures';
import { containerImages, imageChange, imageProblem, imagesLockedReason, podSpecPath } from './container-images';

const DEPLOY_PATH = '/apis/apps/v1/namespaces/fx/deployments/web';

function withPodSpec(kind: string, apiVersion: string, path: string[], podSpec: Record<string, unknown>): KubeObject {
  const object: Record<string, unknown> = { kind, apiVersion, metadata: { name: 'x', resourceVersion: '1' } };
  let node = object;
  path.slice(0, -1).forEach((field) => {
    node = (node[field] = {}) as Record<string, unknown>;
  });
  node[path[path.length - 1] ?? 'spec'] = podSpec;
  return object as KubeObject;
}

const POD_SPEC = {
  initContainers: [{ name: 'migrate', image: 'db-tool:2' }],
  containers: [
    { name: 'web', image: 'nginx:1.27' },
    { name: 'sidecar', image: 'envoy:1.30' },
  ],
};

describe('podSpecPath and containerImages', () => {
  it.each([
    ['Pod', 'v1', ['spec']],
    ['PodTemplate', 'v1', ['template', 'spec']],
    ['ReplicationController', 'v1', ['spec', 'template', 'spec']],
    ['Deployment', 'apps/v1', ['spec', 'template', 'spec']],
    ['StatefulSet', 'apps/v1', ['spec', 'template', 'spec']],
    ['DaemonSet', 'apps/v1', ['spec', 'template', 'spec']],
    ['ReplicaSet', 'apps/v1', ['spec', 'template', 'spec']],
    ['Job', 'batch/v1', ['spec', 'template', 'spec']],
    ['CronJob', 'batch/v1', ['spec', 'jobTemplate', 'spec', 'template', 'spec']],
    ['CronJob', 'batch/v1beta1', ['spec', 'jobTemplate', 'spec', 'template', 'spec']],
  ])('finds the pod spec of a %s (%s)', (kind, apiVersion, path) => {
    const object = withPodSpec(kind, apiVersion, path, POD_SPEC);
    expect(podSpecPath(object)).toEqual(path);
    expect(containerImages(object)).toEqual([
      { list: 'initContainers', name: 'migrate', image: 'db-tool:2' },
      { list: 'containers', name: 'web', image: 'nginx:1.27' },
      { list: 'containers', name: 'sidecar', image: 'envoy:1.30' },
    ]);
  });

  it('has none for kinds without a pod spec, or a same-named kind of another group', () => {
    expect(podSpecPath({ kind: 'ConfigMap', apiVersion: 'v1', metadata: {} })).toBeNull();
    const custom = withPodSpec('Deployment', 'example.com/v1', ['spec', 'template', 'spec'], POD_SPEC);
    expect(podSpecPath(custom)).toBeNull();
    expect(containerImages(custom)).toEqual([]);
  });

  it('skips malformed entries and shows a missing image as empty', () => {
    const object = withPodSpec('Pod', 'v1', ['spec'], { containers: [{ name: 'a' }, 'junk', { image: 'no-name' }] });
    expect(containerImages(object)).toEqual([{ list: 'containers', name: 'a', image: '' }]);
  });
});

describe('imageChange', () => {
  it('builds a strategic merge patch naming only the changed container (the real fixture Deployment)', () => {
    const live = readJsonFixture<KubeObject>('objects/apis__apps__v1__namespaces__fx__deployments__web.json');
    const change = imageChange(live, DEPLOY_PATH, 'containers', 'nginx', 'nginx:1.28');
    expect(change).toMatchObject({ apiPath: DEPLOY_PATH, original: live, patchKind: 'strategic', title: 'Set image of container nginx in Deployment web to nginx:1.28' });
    const patch = buildStrategicMergePatch(live as JsonObject, change.modified as JsonObject, fixtureKindSchema(DEPLOYMENT_GVK).lookup);
    // As kubectl set image sends it: the element order directive, then the one container by its merge key.
    expect(patch).toEqual({
      spec: { template: { spec: { '$setElementOrder/containers': [{ name: 'nginx' }], containers: [{ name: 'nginx', image: 'nginx:1.28' }] } } },
    });
    expect(containerImages(live)[0]?.image).toBe('nginx:1.27');
  });

  it('changes an init container of a CronJob', () => {
    const path = ['spec', 'jobTemplate', 'spec', 'template', 'spec'];
    const live = withPodSpec('CronJob', 'batch/v1', path, POD_SPEC);
    const change = imageChange(live, '/apis/batch/v1/namespaces/d/cronjobs/x', 'initContainers', 'migrate', 'db-tool:3');
    expect(change.title).toBe('Set image of init container migrate in CronJob x to db-tool:3');
    expect(containerImages(change.modified)).toEqual([
      { list: 'initContainers', name: 'migrate', image: 'db-tool:3' },
      { list: 'containers', name: 'web', image: 'nginx:1.27' },
      { list: 'containers', name: 'sidecar', image: 'envoy:1.30' },
    ]);
  });

  it('throws for a container the object does not have', () => {
    const live = withPodSpec('Pod', 'v1', ['spec'], POD_SPEC);
    expect(() => imageChange(live, '/api/v1/namespaces/d/pods/x', 'containers', 'migrate', 'a')).toThrow('Pod x has no container migrate');
  });
});

describe('imageProblem and imagesLockedReason', () => {
  it('refuses empty images and whitespace', () => {
    expect(imageProblem('nginx:1.28')).toBeNull();
    expect(imageProblem('registry.example.com:5000/team/app@sha256:abc')).toBeNull();
    expect(imageProblem('')).toBe('Enter an image');
    expect(imageProblem('   ')).toBe('Enter an image');
    expect(imageProblem(' nginx')).toBe('An image reference cannot contain spaces');
    expect(imageProblem('nginx 1.28')).toBe('An image reference cannot contain spaces');
  });

  it('locks the pod template of a Job only', () => {
    expect(imagesLockedReason(withPodSpec('Job', 'batch/v1', ['spec', 'template', 'spec'], POD_SPEC))).toMatch(/cannot change/);
    expect(imagesLockedReason(withPodSpec('CronJob', 'batch/v1', ['spec', 'jobTemplate', 'spec', 'template', 'spec'], POD_SPEC))).toBeNull();
    expect(imagesLockedReason(withPodSpec('Pod', 'v1', ['spec'], POD_SPEC))).toBeNull();
  });
});
