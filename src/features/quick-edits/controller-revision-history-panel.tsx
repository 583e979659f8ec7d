// A StatefulSet's or DaemonSet's revision history from its ControllerRevisions, with images and age, and "Undo to
// revision N", previewed like every quick edit.
import { useState } from 'react';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { useNow } from '../../components/use-now';
import { useControllerRevisions } from '../../data/controller-revisions-query';
import { ageOf } from '../../k8s/duration';
import type { KubeObject } from '../../k8s/kube-object';
import { controllerRevisionsOf, currentRevision, undoToControllerRevision, type ControllerRevisionEntry } from './controller-revisions';
import { RevisionTable } from './revision-table';
import type { RequestPreview } from './metadata-entries-editor';

export interface ControllerRevisionHistoryPanelProps {
  context: string;
  object: KubeObject;
  apiPath: string;
  onPreview: RequestPreview;
}

export function ControllerRevisionHistoryPanel({ context, object, apiPath, onPreview }: ControllerRevisionHistoryPanelProps) {
  const query = useControllerRevisions(context, object.metadata.namespace ?? '', object.metadata.resourceVersion);
  const [problem, setProblem] = useState<string | null>(null);
  const now = useNow();
  const entries = query.data ? controllerRevisionsOf(object, query.data) : [];
  const current = currentRevision(object, entries);

  const undo = (entry: ControllerRevisionEntry) => {
    const plan = undoToControllerRevision(object, apiPath, entry);
    setProblem(plan.problem);
    if (plan.change) onPreview(plan.change);
  };

  return (
    <div data-testid="rollout-history">
      <h3 className="text-xs font-medium text-slate-600">Revision history (ControllerRevisions)</h3>
      {query.error ? (
        <KubeErrorPanel error={query.error} title="Listing ControllerRevisions" />
      ) : (
        <RevisionTable
          headers={['Images', 'Age']}
          rows={entries.map((entry) => ({ revision: entry.revision, name: entry.name, cells: [<span className="font-mono">{entry.images.join(', ')}</span>, ageOf(entry.created, now) ?? '—'] }))}
          current={current}
          onUndo={(row) => {
            const entry = entries.find((e) => e.name === row.name);
            if (entry) undo(entry);
          }}
        />
      )}
      {query.data && entries.length === 0 && <p className="text-xs text-slate-500">No ControllerRevision of this {object.kind} was found.</p>}
      {problem && (
        <p role="alert" className="mt-1 text-xs text-amber-800" data-testid="undo-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
