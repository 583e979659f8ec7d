import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { defaultContainer, podContainers } from './pod-containers';

const pod = (spec: unknown, annotations?: Record<string, string>): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', ...(annotations ? { annotations } : {}) }, spec } as KubeObject);

describe('the container picker', () => {
  it('lists init, regular and ephemeral containers in that order', () => {
    const p = pod({ initContainers: [{ name: 'setup' }], containers: [{ name: 'app' }, { name: 'proxy' }], ephemeralContainers: [{ name: 'debugger' }] });
    expect(podContainers(p)).toEqual([
      { name: 'setup', kind: 'init' },
      { name: 'app', kind: 'regular' },
      { name: 'proxy', kind: 'regular' },
      { name: 'debugger', kind: 'ephemeral' },
    ]);
    expect(defaultContainer(p, podContainers(p))).toBe('app');
  });

  it('defaults to the kubectl.kubernetes.io/default-container annotation when it names a container', () => {
    const spec = { containers: [{ name: 'app' }, { name: 'proxy' }] };
    expect(defaultContainer(pod(spec, { 'kubectl.kubernetes.io/default-container': 'proxy' }), podContainers(pod(spec)))).toBe('proxy');
    expect(defaultContainer(pod(spec, { 'kubectl.kubernetes.io/default-container': 'gone' }), podContainers(pod(spec)))).toBe('app');
  });

  it('a pod not loaded yet, or with a malformed spec, has none', () => {
    expect(podContainers(undefined)).toEqual([]);
    expect(podContainers(pod({ containers: [{ image: 'x' }, 'nope'] }))).toEqual([]);
    expect(defaultContainer(undefined, [])).toBe('');
  });
});
