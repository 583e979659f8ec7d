// DeleteOptions as the DELETE body, and what the server's answer means (gone, or waiting for finalizers).
import type { KubeObject } from '../../k8s/kube-object';
import { isKubeStatus } from '../../k8s/kube-status';

export type PropagationPolicy = 'Background' | 'Foreground' | 'Orphan';

export const PROPAGATION_POLICIES: ReadonlyArray<{ policy: PropagationPolicy; explanation: string }> = [
  { policy: 'Background', explanation: 'Delete it now; the garbage collector then deletes its dependents (the default).' },
  { policy: 'Foreground', explanation: 'Delete its dependents first; it stays, marked for deletion, until they are gone.' },
  { policy: 'Orphan', explanation: 'Delete only this object; its dependents stay, without this owner.' },
];

export interface DeleteChoice {
  propagationPolicy: PropagationPolicy;
  /** Only delete the object with this uid (not one deleted and created again under the same name). */
  uid?: string;
  /** Only delete it if nothing changed it since this resourceVersion. */
  resourceVersion?: string;
  dryRun: boolean;
}

export interface DeleteOptionsBody {
  kind: 'DeleteOptions';
  apiVersion: 'v1';
  propagationPolicy: PropagationPolicy;
  preconditions?: { uid?: string; resourceVersion?: string };
  dryRun?: ['All'];
}

/**
 * The DELETE body. Everything goes in the body: the apiserver reads DeleteOptions from the body when there is
 * one and ignores the query then (k8s.io/apiserver/pkg/endpoints/handlers/delete.go).
 */
export function deleteOptionsBody(choice: DeleteChoice): DeleteOptionsBody {
  const body: DeleteOptionsBody = { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: choice.propagationPolicy };
  const preconditions = {
    ...(choice.uid ? { uid: choice.uid } : {}),
    ...(choice.resourceVersion ? { resourceVersion: choice.resourceVersion } : {}),
  };
  if (Object.keys(preconditions).length > 0) body.preconditions = preconditions;
  if (choice.dryRun) body.dryRun = ['All'];
  return body;
}

export type DeleteOutcome =
  /** A Success Status, or the object as it was: it is gone. */
  | { kind: 'deleted' }
  /** The object, marked for deletion and still there: finalizers to run or a grace period to wait. */
  | { kind: 'pending'; object: KubeObject; finalizers: string[]; deletionTimestamp: string; gracePeriodSeconds: number };

/** What a 2xx answer to DELETE means: a Status (deleted), or the object (deleted, or pending with a deletionTimestamp). */
export function deleteOutcome(body: unknown): DeleteOutcome {
  if (isKubeStatus(body) || typeof body !== 'object' || body === null) return { kind: 'deleted' };
  const object = body as KubeObject;
  const pending = pendingDeletion(object);
  return pending ? { kind: 'pending', object, ...pending } : { kind: 'deleted' };
}

/** The deletion an object is waiting for, or null when it is not marked for deletion. */
export function pendingDeletion(object: KubeObject): { finalizers: string[]; deletionTimestamp: string; gracePeriodSeconds: number } | null {
  const { deletionTimestamp, finalizers, deletionGracePeriodSeconds } = object.metadata;
  if (typeof deletionTimestamp !== 'string' || deletionTimestamp === '') return null;
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((f): f is string => typeof f === 'string') : []);
  // A Namespace waits for spec.finalizers (`kubernetes`: the namespace controller empties it first).
  const spec = object.spec as { finalizers?: unknown } | undefined;
  const namespace = object.kind === 'Namespace';
  const list = [...strings(finalizers), ...(namespace ? strings(spec?.finalizers) : [])];
  const grace = typeof deletionGracePeriodSeconds === 'number' ? deletionGracePeriodSeconds : 0;
  // A pod answered with grace 0 and no finalizers is already gone (the apiserver returns it as it was deleted).
  if (list.length === 0 && grace === 0 && !namespace) return null;
  return { finalizers: list, deletionTimestamp, gracePeriodSeconds: grace };
}

/** What each finalizer the garbage collector uses means. */
export function finalizerNote(finalizer: string): string | null {
  if (finalizer === 'foregroundDeletion') return 'the garbage collector deletes the dependents first (Foreground)';
  if (finalizer === 'orphan') return 'the garbage collector removes this owner from the dependents first (Orphan)';
  if (finalizer === 'kubernetes') return 'the namespace controller deletes everything in the namespace first';
  return null;
}
