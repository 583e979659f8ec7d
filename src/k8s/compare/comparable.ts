// An object as two of its copies are compared: without what the server sets and what always differs between copies
// (status, managedFields, uid, resourceVersion, timestamps, the namespace), unless every field is asked for.
import type { KubeObject } from '../kube-object';
import { isRecord } from '../own-properties';

/** metadata fields the server writes, different for every copy of an object. */
const SERVER_METADATA = ['uid', 'resourceVersion', 'generation', 'creationTimestamp', 'managedFields', 'selfLink', 'deletionTimestamp', 'deletionGracePeriodSeconds'];
/** Annotations controllers and kubectl write, which say nothing of what the object asks for. */
const BOOKKEEPING_ANNOTATIONS = ['deployment.kubernetes.io/revision', 'kubectl.kubernetes.io/last-applied-configuration'];

/** What is compared of an object: a copy, the server's and the bookkeeping fields left out unless `everything`. */
export function comparable(object: KubeObject, everything: boolean): Record<string, unknown> {
  const copy = structuredClone(object) as Record<string, unknown>;
  if (everything) return copy;
  delete copy.status;
  const metadata = copy.metadata;
  if (!isRecord(metadata)) return copy;
  for (const key of [...SERVER_METADATA, 'namespace']) delete metadata[key];
  const annotations = metadata.annotations;
  if (isRecord(annotations)) {
    for (const key of BOOKKEEPING_ANNOTATIONS) delete annotations[key];
    if (Object.keys(annotations).length === 0) delete metadata.annotations;
  }
  // An owner is named by kind and name; its uid is another copy's.
  if (Array.isArray(metadata.ownerReferences)) metadata.ownerReferences = metadata.ownerReferences.map((ref: unknown) => (isRecord(ref) ? { ...ref, uid: undefined } : ref));
  return JSON.parse(JSON.stringify(copy)) as Record<string, unknown>;
}
