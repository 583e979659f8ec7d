// Rollout restart and pause/resume: the patches `kubectl rollout restart|pause|resume` send
// (kubectl pkg/polymorphichelpers objectrestarter.go, objectpauser.go, objectresumer.go).
import type { KubeObject } from '../../k8s/kube-object';
import type { ChangeRequest } from '../../writes/preview/change-request';
import { copyObject, describeObject, specChange } from './change-target';
import { groupOf, isRecord, specOf } from './object-fields';

export const RESTARTED_AT = 'kubectl.kubernetes.io/restartedAt';
const RESTARTABLE = new Set(['Deployment', 'StatefulSet', 'DaemonSet']);

/** apps Deployments, StatefulSets and DaemonSets: the kinds `kubectl rollout restart` accepts. */
export function isRestartable(object: KubeObject): boolean {
  return RESTARTABLE.has(object.kind ?? '') && groupOf(object) === 'apps';
}

export function isDeployment(object: KubeObject): boolean {
  return object.kind === 'Deployment' && groupOf(object) === 'apps';
}

/** RFC 3339 to the second, as Go's time.RFC3339 prints a UTC time. */
export function rfc3339(now: Date): string {
  return now.toISOString().replace(/\.\d+Z$/, 'Z');
}

/** The pod template's restartedAt, if the workload was ever restarted. */
export function restartedAt(object: KubeObject): string | undefined {
  const template = specOf(object).template;
  const meta = isRecord(template) && isRecord(template.metadata) ? template.metadata : {};
  const value = isRecord(meta.annotations) ? meta.annotations[RESTARTED_AT] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Sets spec.template.metadata.annotations[restartedAt] to now: a new pod template, so the controller rolls
 * every pod. kubectl sends it as a strategic merge patch of exactly that annotation.
 */
export function restartChange(object: KubeObject, apiPath: string, now: Date): ChangeRequest {
  const modified = copyObject(object);
  const spec = specOf(modified);
  const template = isRecord(spec.template) ? spec.template : {};
  const meta = isRecord(template.metadata) ? template.metadata : {};
  const annotations = isRecord(meta.annotations) ? meta.annotations : {};
  modified.spec = { ...spec, template: { ...template, metadata: { ...meta, annotations: { ...annotations, [RESTARTED_AT]: rfc3339(now) } } } };
  return { apiPath, original: object, modified, title: `Restart ${describeObject(object)}`, patchKind: 'strategic' };
}

export function isPaused(deployment: KubeObject): boolean {
  return specOf(deployment).paused === true;
}

/** spec.paused true, or removed on resume (the API omits false; kubectl resume sends {"spec":{"paused":null}}). */
export function pauseChange(deployment: KubeObject, apiPath: string, pause: boolean): ChangeRequest {
  const spec = { ...specOf(deployment) };
  if (pause) spec.paused = true;
  else delete spec.paused;
  return specChange(deployment, apiPath, spec, pause ? 'Pause rollout of' : 'Resume rollout of');
}
