// After a 409: your edit merged onto the server's latest with the three-way merge of k8s/merge.
import type { KubeObject } from '../../k8s/kube-object';
import { threeWayMerge } from '../../k8s/merge/three-way';
import type { SchemaLookup } from '../../k8s/openapi';
import type { JsonObject } from '../../k8s/patch/json';
import { editableObject } from '../draft/editable-object';

export type EditMerge =
  /** Everything merged: `merged` is your edit on top of theirs. */
  | { kind: 'merged'; merged: KubeObject; theirChanges: string[] }
  /** Overlapping changes (or no merge possible): `merged` holds yours at the conflicts, for the user to resolve against theirs. */
  | { kind: 'conflict'; merged: KubeObject; conflicts: string[] };

const asJson = (object: KubeObject) => editableObject(object) as unknown as JsonObject;

/** Merges `yours` (an edit of `base`) with `theirs`; all three compared without the server-owned fields; lists by the OpenAPI merge keys when known. */
export function mergeEdit(base: KubeObject, yours: KubeObject, theirs: KubeObject, theirChanges: string[], lookup?: SchemaLookup): EditMerge {
  try {
    const result = threeWayMerge(asJson(base), asJson(yours), asJson(theirs), lookup);
    if (result.conflicts.length === 0) return { kind: 'merged', merged: result.merged as unknown as KubeObject, theirChanges };
    // Merged the other way round, the conflicting paths hold yours: the right side of the diff, theirs on the left.
    const yoursMerged = threeWayMerge(asJson(base), asJson(theirs), asJson(yours), lookup);
    return { kind: 'conflict', merged: yoursMerged.merged as unknown as KubeObject, conflicts: result.conflicts.map((c) => c.path) };
  } catch {
    // No merge available: show your whole edit against theirs and let the user reconcile.
    return { kind: 'conflict', merged: editableObject(yours), conflicts: [] };
  }
}
