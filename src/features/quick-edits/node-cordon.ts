// Cordon or uncordon a Node: spec.unschedulable, the field `kubectl cordon` sets.
import type { KubeObject } from '../../k8s/kube-object';
import type { ChangeRequest } from '../../writes/preview/change-request';
import { specChange } from './change-target';
import { groupOf, specOf } from './object-fields';

export function isNode(object: KubeObject): boolean {
  return object.kind === 'Node' && groupOf(object) === '';
}

export function isCordoned(node: KubeObject): boolean {
  return specOf(node).unschedulable === true;
}

/**
 * Cordon sets spec.unschedulable; uncordon removes it (the API omits false), so the merge patch is
 * {"spec":{"unschedulable":null}}, as kubectl uncordon sends.
 */
export function cordonChange(node: KubeObject, apiPath: string, cordon: boolean): ChangeRequest {
  const spec = { ...specOf(node) };
  if (cordon) spec.unschedulable = true;
  else delete spec.unschedulable;
  return specChange(node, apiPath, spec, cordon ? 'Cordon' : 'Uncordon');
}
