// Reading the few fields quick edits need from an object whose shape is not checked.
import type { KubeObject } from '../../k8s/kube-object';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The API group from apiVersion ("" for the core group). */
export function groupOf(object: KubeObject): string {
  const apiVersion = object.apiVersion ?? '';
  const slash = apiVersion.indexOf('/');
  return slash === -1 ? '' : apiVersion.slice(0, slash);
}

/** spec, or {} when the object has none. */
export function specOf(object: KubeObject): Record<string, unknown> {
  return isRecord(object.spec) ? object.spec : {};
}
