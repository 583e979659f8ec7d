// "Preview against the latest": the user's change replayed onto the object as the server has it now.
import type { KubeObject } from '../../k8s/kube-object';
import type { SchemaLookup } from '../../k8s/openapi';
import { editablePathsChanged, restoreReadOnly } from '../draft/editable-object';
import { mergeEdit } from '../save/merge-edit';

export interface RebasedChange {
  /** The user's change on top of `latest`, with latest's resourceVersion: at overlapping paths the user's values. */
  modified: KubeObject;
  /** Paths both the server and the user changed (the user's value kept). */
  overlaps: string[];
  /** Paths the server changed since the base. */
  theirChanges: string[];
}

/** Three-way merge of (base -> modified) onto latest; nothing the user changed is dropped. */
export function rebaseChange(base: KubeObject, modified: KubeObject, latest: KubeObject, lookup: SchemaLookup | undefined): RebasedChange {
  const theirChanges = editablePathsChanged(base, latest);
  const merge = mergeEdit(base, modified, latest, theirChanges, lookup);
  return {
    modified: restoreReadOnly(merge.merged, latest),
    overlaps: merge.kind === 'conflict' ? merge.conflicts : [],
    theirChanges,
  };
}
