// The object as the user edits it: server-owned fields hidden from the text, put back from the base on save.
import { stringify } from 'yaml';
import type { KubeObject } from '../../k8s/kube-object';
import { changedPaths } from './object-diff';

/** metadata fields the server owns: hidden from the editable text. */
const READ_ONLY_METADATA = ['managedFields', 'uid', 'resourceVersion', 'creationTimestamp', 'generation'] as const;

/** Paths of the hidden fields that this object has (for the "hidden" note). */
export function hiddenFields(object: KubeObject): string[] {
  const hidden: string[] = [];
  if ('status' in object) hidden.push('status');
  for (const field of READ_ONLY_METADATA) if (field in object.metadata) hidden.push(`metadata.${field}`);
  return hidden;
}

/** The object without status and the read-only metadata fields; apiVersion, kind and metadata lead, as in kubectl's YAML. */
export function editableObject(object: KubeObject): KubeObject {
  const { status: _status, apiVersion, kind, metadata: _metadata, ...rest } = object;
  const metadata = { ...object.metadata };
  for (const field of READ_ONLY_METADATA) delete metadata[field];
  return { apiVersion, kind, metadata, ...rest };
}

/** Paths where two versions differ in what a user edits: status and the server-owned metadata left out. */
export function editablePathsChanged(from: KubeObject, to: KubeObject): string[] {
  return changedPaths(editableObject(from), editableObject(to));
}

/** YAML text of a plain value, written as kubectl writes it (YAML 1.1 quoting, no folding). */
export function toYaml(value: unknown): string {
  return stringify(value, { version: '1.1', lineWidth: 0, aliasDuplicateObjects: false });
}

/** The editable YAML of an object. */
export function editableYaml(object: KubeObject): string {
  return toYaml(editableObject(object));
}

/**
 * The body to PUT: the edited object with the read-only fields of `base` put back. resourceVersion is the
 * base's (optimistic concurrency: a 409 if the object changed since); status is the base's, which the
 * main resource ignores when the type has a status subresource. managedFields are left out: an update
 * without them keeps the server's (k8s.io/apiserver fieldmanager).
 */
export function restoreReadOnly(edited: KubeObject, base: KubeObject): KubeObject {
  const metadata: Record<string, unknown> = { ...edited.metadata };
  for (const field of READ_ONLY_METADATA) {
    delete metadata[field];
    if (field !== 'managedFields' && base.metadata[field] !== undefined) metadata[field] = base.metadata[field];
  }
  const restored: KubeObject = { ...edited, metadata: metadata as KubeObject['metadata'] };
  delete restored.status;
  if (base.status !== undefined) restored.status = base.status;
  return restored;
}

/** Why the edited object cannot be saved as an update of `base` (kind, apiVersion, name, namespace changed), or null. */
export function identityError(edited: KubeObject, base: KubeObject): string | null {
  const problems: string[] = [];
  const same = (label: string, was: unknown, now: unknown) => {
    if ((was ?? '') !== (now ?? '')) problems.push(`${label} is "${String(now ?? '')}", but this object's is "${String(was ?? '')}"`);
  };
  same('apiVersion', base.apiVersion, edited.apiVersion);
  same('kind', base.kind, edited.kind);
  same('metadata.name', base.metadata.name, edited.metadata.name);
  same('metadata.namespace', base.metadata.namespace, edited.metadata.namespace);
  if (problems.length === 0) return null;
  return `${problems.join('; ')}. Saving updates this object only: to rename or move it, create a new one.`;
}
