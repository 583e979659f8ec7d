// How a quick edit names the object it changes, and the deep copy every builder starts from.
import type { KubeObject } from '../../k8s/kube-object';
import type { ChangeRequest } from '../../writes/preview/change-request';

/** `Deployment web`: the object as change titles name it. */
export function describeObject(object: KubeObject): string {
  return [object.kind, object.metadata.name].filter(Boolean).join(' ');
}

/** A copy the builder may change freely: the live object stays the preview's original. */
export function copyObject<T extends KubeObject>(object: T): T {
  return structuredClone(object);
}

/** `a long value…`: titles stay one line. */
export function shorten(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** `verb` the object with `spec` in place of its spec, previewed as a merge patch (only spec differs). */
export function specChange(object: KubeObject, apiPath: string, spec: Record<string, unknown>, verb: string): ChangeRequest {
  const modified = copyObject(object);
  modified.spec = spec;
  return { apiPath, original: object, modified, title: `${verb} ${describeObject(object)}`, patchKind: 'merge' };
}
