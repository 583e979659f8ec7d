// The object page's Delete button (when discovery allows "delete") and its dialog.
import { useState } from 'react';
import { useDiscovery } from '../../data/discovery-query';
import type { KubeObject } from '../../k8s/kube-object';
import { resourceByGvr } from '../../k8s/discovery/resource-index';
import { gvrOf, type ApiPath } from '../../k8s/paths';
import { DeleteDialog, type DeleteDialogProps } from './delete-dialog';
import { GatedAction } from '../../components/ui/access-control';
import { useAccess } from '../../data/access-query';
import { attributesFor } from '../../k8s/access/access-review';

export interface DeleteActionProps {
  context: string;
  /** Object API path. */
  apiPath: string;
  path: ApiPath;
  /** The live object. */
  object: KubeObject;
  /** The object is gone: leave its page. */
  onDeleted: () => void;
}

export function DeleteAction({ context, apiPath, path, object, onDeleted }: DeleteActionProps) {
  const index = useDiscovery(context).data?.index;
  const resource = index ? resourceByGvr(index, gvrOf(path)) : undefined;
  // What the dialog deletes, as it was when the dialog opened: later watch updates do not move the preconditions.
  const [target, setTarget] = useState<Omit<DeleteDialogProps, 'onClose' | 'onDeleted'> | null>(null);
  const offered = path.subresource === null && resource?.verbs.includes('delete') === true;
  const access = useAccess(context, offered ? attributesFor(path, 'delete') : null);
  if (!offered || !resource) return null;

  return (
    <>
      <GatedAction
        access={access}
        action={`delete ${path.resource} "${path.name ?? ''}"`}
        onClick={() => setTarget({ context, apiPath, object, resource: path.resource, clusterScoped: !resource.namespaced })}
        testId="delete-button"
        className="rounded border border-red-300 bg-white px-2 py-0.5 text-xs font-medium text-red-700 hover:bg-red-50"
      >
        Delete
      </GatedAction>
      {target && (
        <DeleteDialog
          {...target}
          onClose={() => setTarget(null)}
          onDeleted={(outcome) => {
            setTarget(null);
            // Still there (finalizers, grace period): the page stays and shows what deletion waits for.
            if (outcome.kind === 'deleted') onDeleted();
          }}
        />
      )}
    </>
  );
}
