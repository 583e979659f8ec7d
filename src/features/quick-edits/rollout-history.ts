// Rollout history of a Deployment from its ReplicaSets, and undo to a revision: what `kubectl rollout history` reads
// and `kubectl rollout undo --to-revision` sends (kubectl pkg/polymorphichelpers/rollback.go, DeploymentRollbacker).
import type { KubeObject } from '../../k8s/kube-object';
import type { ChangeRequest } from '../../writes/preview/change-request';
import { copyObject, describeObject } from './change-target';
import { setOwn } from '../../k8s/own-properties';
import { isRecord, specOf } from './object-fields';
import { isPaused } from './rollout-restart';

export const REVISION = 'deployment.kubernetes.io/revision';
export const CHANGE_CAUSE = 'kubernetes.io/change-cause';
const POD_TEMPLATE_HASH = 'pod-template-hash';

/** Deployment annotations the rollback keeps from the Deployment rather than copying from the ReplicaSet. */
const ANNOTATIONS_TO_SKIP = new Set([
  'kubectl.kubernetes.io/last-applied-configuration',
  REVISION,
  'deployment.kubernetes.io/revision-history',
  'deployment.kubernetes.io/desired-replicas',
  'deployment.kubernetes.io/max-replicas',
  'deprecated.deployment.rollback.to',
]);

export interface Revision {
  revision: number;
  name: string;
  changeCause: string | undefined;
  creationTimestamp: string | undefined;
}

/** The revision number a ReplicaSet carries, or null when it has none. */
export function revisionOf(meta: { annotations?: Record<string, string> }): number | null {
  const text = meta.annotations?.[REVISION];
  if (text === undefined || !/^\d+$/.test(text)) return null;
  return Number(text);
}

/** True when `owner` is the controller of an object with these owner references. */
export function isControlledBy(ownerReferences: unknown, uid: string | undefined): boolean {
  return uid !== undefined && Array.isArray(ownerReferences) && ownerReferences.some((o) => isRecord(o) && o.controller === true && o.uid === uid);
}

/** The pod template of a workload or ReplicaSet. */
export function templateOf(object: KubeObject): Record<string, unknown> {
  const template = specOf(object).template;
  return isRecord(template) ? template : {};
}

function withoutHash(template: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(template);
  const meta = isRecord(copy.metadata) ? copy.metadata : undefined;
  if (meta && isRecord(meta.labels)) {
    delete meta.labels[POD_TEMPLATE_HASH];
    if (Object.keys(meta.labels).length === 0) delete meta.labels;
  }
  return copy;
}

/** JSON with sorted keys: two templates are the same whatever their key order. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value)) {
    return `{${Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export type UndoPlan = { change: ChangeRequest; problem: null } | { change: null; problem: string };

/**
 * Undo to the revision `replicaSet` holds: the Deployment's spec.template becomes the ReplicaSet's template without its
 * pod-template-hash label, and its annotations become the ReplicaSet's (those the rollback skips stay the Deployment's),
 * sent as kubectl sends it: a JSON patch replacing /spec/template and /metadata/annotations.
 */
export function undoChange(deployment: KubeObject, apiPath: string, replicaSet: KubeObject): UndoPlan {
  const revision = revisionOf(replicaSet.metadata) ?? 0;
  const name = deployment.metadata.name ?? '';
  if (isPaused(deployment)) {
    return { change: null, problem: `you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume deployment/${name}' and try again` };
  }
  const template = withoutHash(templateOf(replicaSet));
  if (canonical(template) === canonical(withoutHash(templateOf(deployment)))) {
    return { change: null, problem: `skipped rollback (current template already matches revision ${revision})` };
  }
  const annotations: Record<string, string> = {};
  for (const [k, v] of Object.entries(deployment.metadata.annotations ?? {})) if (ANNOTATIONS_TO_SKIP.has(k)) setOwn(annotations, k, v);
  for (const [k, v] of Object.entries(replicaSet.metadata.annotations ?? {})) if (!ANNOTATIONS_TO_SKIP.has(k)) setOwn(annotations, k, v);
  const modified = copyObject(deployment);
  modified.spec = { ...specOf(modified), template };
  modified.metadata = { ...modified.metadata, annotations };
  return { change: { apiPath, original: deployment, modified, title: `Undo ${describeObject(deployment)} to revision ${revision}`, patchKind: 'json' }, problem: null };
}
