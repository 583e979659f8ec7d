// The scale subresource (autoscaling/v1 Scale) of deployments, replicasets, statefulsets and replicationcontrollers.
import { badRequest, invalid, notFound } from '../http/errors.js';
import { labelSelectorString } from '../tables/format.js';
import type { ResourceType } from '../resources/registry.js';
import { storageKey } from '../resources/registry.js';
import type { KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { updateObject } from './writes.js';
import type { WriteContext, WriteOptions } from './writes.js';

/** The Scale view of a workload. */
export function toScale(obj: KubeObject): KubeObject {
  const spec = isPlainObject(obj.spec) ? obj.spec : {};
  const status = isPlainObject(obj.status) ? obj.status : {};
  const m = obj.metadata;
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: { name: m.name, namespace: m.namespace, uid: m.uid, resourceVersion: m.resourceVersion, creationTimestamp: m.creationTimestamp },
    spec: { replicas: typeof spec.replicas === 'number' ? spec.replicas : 0 },
    // A ReplicationController's selector is a plain label map (labels.SelectorFromSet).
    status: { replicas: typeof status.replicas === 'number' ? status.replicas : 0, selector: labelSelectorString(obj.kind === 'ReplicationController' ? { matchLabels: spec.selector } : spec.selector) },
  };
}

/** Reads the Scale of a workload; 404 worded for the parent resource. */
export function getScale(ctx: WriteContext, t: ResourceType, namespace: string | undefined, name: string): KubeObject {
  const obj = ctx.store.get(storageKey(t), namespace, name);
  if (!obj) throw notFound(t.group, t.resource, name);
  return toScale(obj);
}

/** Writes spec.replicas from a Scale (PUT or the result of a PATCH on the Scale). */
export function updateScale(ctx: WriteContext, t: ResourceType, namespace: string | undefined, name: string, scale: unknown, opts: WriteOptions): KubeObject {
  const obj = ctx.store.get(storageKey(t), namespace, name);
  if (!obj) throw notFound(t.group, t.resource, name);
  const s = isPlainObject(scale) ? scale : {};
  const spec = isPlainObject(s.spec) ? s.spec : {};
  if (typeof spec.replicas !== 'number') throw badRequest('Scale.spec.replicas must be an integer');
  // ScaleREST validates the Scale itself (autoscaling ValidateScale), so the error names Scale, not the workload.
  if (spec.replicas < 0) {
    throw invalid('autoscaling', 'Scale', name, [{ type: 'FieldValueInvalid', field: 'spec.replicas', value: spec.replicas, detail: 'must be greater than or equal to 0' }]);
  }
  const meta = isPlainObject(s.metadata) ? s.metadata : {};
  const rv = typeof meta.resourceVersion === 'string' && meta.resourceVersion !== '' ? meta.resourceVersion : obj.metadata.resourceVersion;
  const next = { ...obj, metadata: { ...obj.metadata, resourceVersion: rv }, spec: { ...(obj.spec as object), replicas: spec.replicas } };
  return toScale(updateObject(ctx, t, namespace, name, next, opts).object);
}
