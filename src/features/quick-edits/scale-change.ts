// Replicas through the scale subresource (autoscaling/v1 Scale): the same request `kubectl scale` makes,
// and the one an HPA-owned or CRD workload also answers.
import type { KubeObject } from '../../k8s/kube-object';
import type { ApiResource } from '../../k8s/discovery/types';
import type { ChangeRequest } from '../../writes/preview/change-request';
import { copyObject, describeObject } from './change-target';

/** autoscaling/v1 Scale. */
export interface Scale extends KubeObject {
  spec?: { replicas?: number };
  status?: { replicas?: number; selector?: string };
}

const INT32_MAX = 2_147_483_647;

/** The scale subresource's path. */
export function scalePath(objectPath: string): string {
  return `${objectPath}/scale`;
}

/** True when discovery lists a scale subresource the user could read and patch. */
export function hasScaleSubresource(resource: ApiResource | undefined): boolean {
  const scale = resource?.subresources.find((s) => s.name === 'scale');
  return scale !== undefined && scale.verbs.includes('get') && scale.verbs.includes('patch');
}

export type ReplicasInput = { replicas: number; problem: null } | { replicas: null; problem: string };

/** The typed replica count, or why it is not one (spec.replicas is an int32 of 0 or more). */
export function parseReplicas(text: string): ReplicasInput {
  const trimmed = text.trim();
  if (trimmed === '') return { replicas: null, problem: 'Enter a number of replicas' };
  if (!/^\d+$/.test(trimmed)) return { replicas: null, problem: 'Replicas must be a whole number of 0 or more' };
  const replicas = Number(trimmed);
  if (replicas > INT32_MAX) return { replicas: null, problem: `Replicas must be at most ${INT32_MAX}` };
  return { replicas, problem: null };
}

/** Sets spec.replicas of the Scale; merge patch, like kubectl scale. */
export function scaleChange(scale: Scale, objectPath: string, target: KubeObject, replicas: number): ChangeRequest {
  const modified = copyObject(scale);
  modified.spec = { ...modified.spec, replicas };
  return {
    apiPath: scalePath(objectPath),
    original: scale,
    modified,
    title: `Scale ${describeObject(target)} to ${replicas} ${replicas === 1 ? 'replica' : 'replicas'}`,
    patchKind: 'merge',
  };
}
