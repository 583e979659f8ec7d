// A pod's containers as the log views name them, and the one a log shows when none is named.
import type { KubeObject } from '../../k8s/kube-object';

export interface PodContainer {
  name: string;
  kind: 'init' | 'regular' | 'ephemeral';
}

/** Every container of a pod: init, regular and ephemeral, in that order. */
export function podContainers(pod: KubeObject | undefined): PodContainer[] {
  const spec = (pod?.spec ?? {}) as Record<string, unknown>;
  const names = (v: unknown, kind: PodContainer['kind']): PodContainer[] =>
    (Array.isArray(v) ? v : []).flatMap((c: unknown) => (typeof c === 'object' && c !== null && typeof (c as { name?: unknown }).name === 'string' ? [{ name: (c as { name: string }).name, kind }] : []));
  return [...names(spec.initContainers, 'init'), ...names(spec.containers, 'regular'), ...names(spec.ephemeralContainers, 'ephemeral')];
}

/** The container a log shows when none is named: the kubectl.kubernetes.io/default-container annotation, else the first regular one. */
export function defaultContainer(pod: KubeObject | undefined, containers: PodContainer[]): string {
  const annotated = pod?.metadata.annotations?.['kubectl.kubernetes.io/default-container'];
  if (annotated && containers.some((c) => c.name === annotated)) return annotated;
  return containers.find((c) => c.kind === 'regular')?.name ?? '';
}
