// The shape of any Kubernetes object and list as decoded JSON: what the UI reads is typed, the rest passes through.
import { metadataOf, type ListMeta, type ObjectMeta } from './object-meta';

/** Any Kubernetes object as decoded JSON: kind, apiVersion and metadata are read, the rest passes through. */
export interface KubeObject {
  kind?: string;
  apiVersion?: string;
  metadata: ObjectMeta;
  [field: string]: unknown;
}

/** A list response (`PodList`...): items carry no kind/apiVersion on a real apiserver. */
export interface KubeList<T extends KubeObject = KubeObject> {
  metadata?: ListMeta;
  items?: T[];
}

/**
 * The object without metadata.managedFields, the object itself when it has none: what kubectl get shows by default
 * (since 1.21), and what a diff compares so that it shows what changed rather than who owns it.
 */
export function withoutManagedFields(object: KubeObject): KubeObject {
  if (!('managedFields' in object.metadata)) return object;
  const { managedFields: _managedFields, ...metadata } = object.metadata;
  return { ...object, metadata };
}

/** True for a decoded value that has object metadata. */
export function isKubeObject(value: unknown): value is KubeObject {
  return metadataOf(value) !== undefined;
}
