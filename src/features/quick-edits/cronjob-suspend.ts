// Suspend or resume a CronJob: spec.suspend, as `kubectl patch cronjob -p '{"spec":{"suspend":true}}'`.
import type { KubeObject } from '../../k8s/kube-object';
import type { ChangeRequest } from '../../writes/preview/change-request';
import { specChange } from './change-target';
import { groupOf, specOf } from './object-fields';

/** batch CronJob, any version (batch/v1beta1 before 1.21, batch/v1 since). */
export function isCronJob(object: KubeObject): boolean {
  return object.kind === 'CronJob' && groupOf(object) === 'batch';
}

export function isSuspended(cronJob: KubeObject): boolean {
  return specOf(cronJob).suspend === true;
}

/** Sets spec.suspend; merge patch. */
export function suspendChange(cronJob: KubeObject, apiPath: string, suspend: boolean): ChangeRequest {
  return specChange(cronJob, apiPath, { ...specOf(cronJob), suspend }, suspend ? 'Suspend' : 'Resume');
}
