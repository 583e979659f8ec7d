// "Quick edits" on the object page: labels and annotations, replicas, container images, CronJob suspend,
// Node cordon. Each action builds one ChangeRequest and opens its preview in a modal dialog; the object page's
// watch shows the result once applied.
import { useCallback, useRef, useState } from 'react';
import { AccessFieldset, AccessNote } from '../../components/ui/access-control';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { useAccess } from '../../data/access-query';
import { attributesFor } from '../../k8s/access/access-review';
import { useDiscovery } from '../../data/discovery-query';
import type { KubeObject } from '../../k8s/kube-object';
import { resourceByGvr } from '../../k8s/discovery/resource-index';
import { gvrOf, parseApiPath } from '../../k8s/paths';
import type { EditorComponents } from '../../writes/draft/code-editor';
import { ChangePreview } from '../../writes/preview/change-preview';
import type { ChangeRequest } from '../../writes/preview/change-request';
import { containerImages } from './container-images';
import { ContainerImagesEditor } from './container-images-editor';
import { CordonControl } from './cordon-control';
import { isCronJob } from './cronjob-suspend';
import { MetadataEntriesEditor, type RequestPreview } from './metadata-entries-editor';
import { isNode } from './node-cordon';
import { NodeDrainPanel } from './node-drain-panel';
import { ReplicasStepper } from './replicas-stepper';
import { RolloutControls } from './rollout-controls';
import { RolloutHistoryPanel } from './rollout-history-panel';
import { ControllerRevisionHistoryPanel } from './controller-revision-history-panel';
import { hasControllerRevisions } from './controller-revisions';
import { isDeployment, isRestartable } from './rollout-restart';
import { hasScaleSubresource } from './scale-change';
import { SuspendControl } from './suspend-control';

export interface QuickEditsPanelProps {
  context: string;
  /** The object's API path (not a subresource). */
  apiPath: string;
  /** The live object. */
  object: KubeObject;
  editors: EditorComponents;
}

interface Pending {
  change: ChangeRequest;
  onApplied?: () => void;
}

interface Applied {
  title: string;
  warnings: string[];
}

export function QuickEditsPanel({ context, apiPath, object, editors }: QuickEditsPanelProps) {
  const discovery = useDiscovery(context);
  const [pending, setPending] = useState<Pending | null>(null);
  const [applied, setApplied] = useState<Applied | null>(null);
  const section = useRef<HTMLElement>(null);
  const path = parseApiPath(apiPath);
  const index = discovery.data?.index;
  const scalable = path !== null && index !== undefined && hasScaleSubresource(resourceByGvr(index, gvrOf(path)));
  const hasImages = containerImages(object).length > 0;

  // Every quick edit is a PATCH of the object, but replicas, which go to /scale.
  const patchAccess = useAccess(context, path?.name ? attributesFor(path, 'patch') : null);
  const scaleAccess = useAccess(context, path?.name && scalable ? attributesFor(path, 'patch', { subresource: 'scale' }) : null);

  const onPreview: RequestPreview = useCallback((change, onApplied) => {
    setApplied(null);
    setPending({ change, onApplied });
  }, []);
  const close = useCallback(() => setPending(null), []);

  if (path === null || path.subresource !== null || path.name === null) return null;

  const shared = { object, apiPath, onPreview };
  return (
    <section ref={section} tabIndex={-1} aria-labelledby="quick-edits-title" data-testid="quick-edits" className="border-b border-slate-200 px-4 py-3 outline-none">
      <div className="mb-2 flex items-center gap-2">
        <h2 id="quick-edits-title" className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          Quick edits
        </h2>
        <span className="text-[11px] text-slate-400">each change is previewed with a server dry run before it is applied</span>
      </div>
      {applied && (
        <div role="status" data-testid="quick-edit-applied" className="mb-2 rounded border border-emerald-200 bg-emerald-50 px-2 py-1 text-xs text-emerald-900">
          Applied: {applied.title}
          {applied.warnings.map((w) => (
            <div key={w} className="text-amber-800">
              Warning: {w}
            </div>
          ))}
        </div>
      )}
      <AccessNote access={patchAccess} action={`patch ${path.resource} "${path.name}"`} testId="quick-edits-access" />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <AccessFieldset access={patchAccess} className="min-w-0 space-y-3" testId="quick-edits-metadata">
          <MetadataEntriesEditor {...shared} field="labels" />
          <MetadataEntriesEditor {...shared} field="annotations" />
        </AccessFieldset>
        <div className="min-w-0 space-y-3">
          {scalable && (
            <AccessFieldset access={scaleAccess} testId="quick-edits-replicas">
              <h3 className="mb-1 text-xs font-medium text-slate-600">Replicas</h3>
              <ReplicasStepper context={context} {...shared} />
              {patchAccess.state !== 'denied' && <AccessNote access={scaleAccess} action={`patch ${path.resource}/scale "${path.name}"`} testId="scale-access" />}
            </AccessFieldset>
          )}
          <AccessFieldset access={patchAccess} className="space-y-3" testId="quick-edits-spec">
            {hasImages && <ContainerImagesEditor {...shared} />}
            {isCronJob(object) && <SuspendControl {...shared} />}
            {isNode(object) && <CordonControl {...shared} />}
            {isNode(object) && <NodeDrainPanel context={context} object={object} apiPath={apiPath} />}
            {isRestartable(object) && <RolloutControls {...shared} />}
            {isDeployment(object) && <RolloutHistoryPanel context={context} {...shared} />}
            {hasControllerRevisions(object) && <ControllerRevisionHistoryPanel context={context} {...shared} />}
          </AccessFieldset>
        </div>
      </div>
      {pending && (
        <ModalDialog label={pending.change.title} onClose={close} fallbackFocus={section} size="wide" testId="quick-edit-dialog">
          <ChangePreview
            context={context}
            change={pending.change}
            editors={editors}
            onCancel={close}
            onApplied={(_object, warnings) => {
              pending.onApplied?.();
              setApplied({ title: pending.change.title, warnings });
              setPending(null);
            }}
          />
        </ModalDialog>
      )}
    </section>
  );
}
