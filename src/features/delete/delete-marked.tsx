// "Delete selected" for the rows marked in a list: gated by the server's answer, then the bulk dialog.
import { useState } from 'react';
import { GatedAction } from '../../components/ui/access-control';
import { useAccess } from '../../data/access-query';
import { attributesFor } from '../../k8s/access/access-review';
import { buildApiPath, gvrOf, type ApiPath } from '../../k8s/paths';
import type { TableRow } from '../../k8s/table';
import { BulkDeleteDialog } from './bulk-delete-dialog';
import type { DeleteTarget } from './bulk-delete';

export interface DeleteMarkedProps {
  context: string;
  /** The list's collection path. */
  path: ApiPath;
  namespaced: boolean;
  rows: readonly TableRow[];
  nameOf: (row: TableRow) => string;
  /** After a Delete run: the rows whose objects the server deleted or marked for deletion. */
  onDeleted: (rows: readonly TableRow[]) => void;
}

function targetOf(path: ApiPath, row: TableRow, name: string): DeleteTarget {
  const namespace = path.namespace ?? row.object?.metadata.namespace ?? null;
  return {
    apiPath: buildApiPath({ ...gvrOf(path), namespace, name, subresource: null }),
    name,
    namespace: namespace ?? undefined,
    uid: row.object?.metadata.uid,
  };
}

/** Across namespaces the marks of one namespace are asked about there; marks in several, across all of them. */
function namespaceOf(path: ApiPath, targets: readonly DeleteTarget[]): string | null {
  if (path.namespace !== null) return path.namespace;
  const namespaces = new Set(targets.map((t) => t.namespace ?? ''));
  return namespaces.size === 1 ? ([...namespaces][0] ?? null) : null;
}

export function DeleteMarked({ context, path, namespaced, rows, nameOf, onDeleted }: DeleteMarkedProps) {
  const [deleting, setDeleting] = useState<{ targets: readonly DeleteTarget[]; rows: readonly TableRow[] } | null>(null);
  const targets = rows.map((row) => targetOf(path, row, nameOf(row)));
  const access = useAccess(context, targets.length > 0 ? attributesFor({ ...path, namespace: namespaceOf(path, targets) }, 'delete', { namespaced }) : null);
  return (
    <>
      {targets.length > 0 && (
        <GatedAction
          access={access}
          action={`delete these ${path.resource}`}
          onClick={() => setDeleting({ targets, rows })}
          testId="delete-selected"
          title={`Delete the ${targets.length} marked ${path.resource}: a dry run first if you like`}
          className="rounded border border-red-300 bg-white px-2 py-0.5 font-medium text-red-700 hover:bg-red-50"
        >
          Delete selected…
        </GatedAction>
      )}
      {deleting && (
        <BulkDeleteDialog
          context={context}
          resource={path.resource}
          targets={deleting.targets}
          clusterScoped={!namespaced}
          onClose={() => setDeleting(null)}
          onDeleted={(deleted) => onDeleted(deleting.rows.filter((_, i) => deleted.includes(deleting.targets[i] as DeleteTarget)))}
        />
      )}
    </>
  );
}
