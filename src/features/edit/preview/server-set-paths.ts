// What the server's answer has that the user did not write: defaulting, mutating admission, webhooks.
import type { KubeObject } from '../../../data/object-query';
import { editableObject } from '../editable-object';
import { changedPaths } from '../object-diff';

/** Paths where the dry-run result differs from the object the user asked for (status and server bookkeeping left out). */
export function serverSetPaths(modified: KubeObject, result: KubeObject): string[] {
  return changedPaths(editableObject(modified), editableObject(result));
}

/** The object without metadata.managedFields, for a diff that shows what changed rather than who owns it. */
export function withoutManagedFields(object: KubeObject): KubeObject {
  const { managedFields: _managedFields, ...metadata } = object.metadata;
  return { ...object, metadata };
}
