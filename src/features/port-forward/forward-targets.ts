// Which ports a pod or a Service offers to forward, and which pod a Service's port reaches (as kubectl port-forward
// svc/ does: a Running, Ready pod its selector picks, the targetPort resolved by name against that pod's containers).
import type { KubeObject } from '../../k8s/kube-object';

export interface ContainerPortTarget {
  container: string;
  port: number;
  name?: string;
  protocol: string;
}

interface ContainerSpec {
  name?: string;
  ports?: Array<{ containerPort?: number; name?: string; protocol?: string }>;
}

function containersOf(pod: KubeObject): ContainerSpec[] {
  const spec = pod.spec as { containers?: ContainerSpec[] } | undefined;
  return Array.isArray(spec?.containers) ? spec.containers : [];
}

/** Every declared container port of the pod, in the order the spec lists them. */
export function containerPorts(pod: KubeObject): ContainerPortTarget[] {
  return containersOf(pod).flatMap((c) =>
    (c.ports ?? [])
      .filter((p) => typeof p.containerPort === 'number')
      .map((p) => ({ container: c.name ?? '', port: p.containerPort as number, protocol: p.protocol ?? 'TCP', ...(p.name ? { name: p.name } : {}) })),
  );
}

export interface ServicePortTarget {
  port: number;
  name?: string;
  protocol: string;
  targetPort: number | string;
  appProtocol?: string;
}

/** The Service's ports with their targetPort (defaulting to the port, as the API does). */
export function servicePorts(service: KubeObject): ServicePortTarget[] {
  const spec = service.spec as { ports?: Array<{ port?: number; name?: string; protocol?: string; targetPort?: number | string; appProtocol?: string }> } | undefined;
  return (spec?.ports ?? [])
    .filter((p) => typeof p.port === 'number')
    .map((p) => ({
      port: p.port as number,
      protocol: p.protocol ?? 'TCP',
      targetPort: p.targetPort ?? (p.port as number),
      ...(p.name ? { name: p.name } : {}),
      ...(p.appProtocol ? { appProtocol: p.appProtocol } : {}),
    }));
}

/** The Service's selector as a label selector string, or null when it selects no pods itself (no selector). */
export function serviceSelector(service: KubeObject): string | null {
  const selector = (service.spec as { selector?: Record<string, string> } | undefined)?.selector;
  if (!selector || Object.keys(selector).length === 0) return null;
  return Object.entries(selector)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
}

function isReady(pod: KubeObject): boolean {
  const status = pod.status as { phase?: string; conditions?: Array<{ type?: string; status?: string }> } | undefined;
  return status?.phase === 'Running' && pod.metadata.deletionTimestamp === undefined && (status.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
}

/** The first Running, Ready pod of those the selector picked (kubectl takes the first it lists), or null. */
export function readyPod(pods: readonly KubeObject[]): KubeObject | null {
  return pods.find(isReady) ?? null;
}

/** The pod's port a Service's targetPort names: a number as it is, a name looked up in the pod's containers. */
export function resolveTargetPort(pod: KubeObject, targetPort: number | string): number | null {
  if (typeof targetPort === 'number') return targetPort;
  if (/^\d+$/.test(targetPort)) return Number(targetPort);
  return containerPorts(pod).find((p) => p.name === targetPort)?.port ?? null;
}
