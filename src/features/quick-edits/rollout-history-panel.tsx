// A Deployment's rollout history: its ReplicaSets (live) by revision, with change-cause, images and age, and
// "Undo to revision N", which reads that ReplicaSet whole and previews the rollback like every quick edit.
import { useState } from 'react';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { useNow } from '../../components/use-now';
import { useLiveTable } from '../../data/use-live-table';
import { kubeRequest } from '../../k8s/api-client';
import { ageOf } from '../../k8s/duration';
import type { KubeObject } from '../../k8s/kube-object';
import { rowMetadata, type Table, type TableRow } from '../../k8s/table';
import type { RequestPreview } from './metadata-entries-editor';
import { CHANGE_CAUSE, isControlledBy, revisionOf, undoChange } from './rollout-history';
import { RevisionTable } from './revision-table';

interface HistoryRow {
  revision: number;
  name: string;
  changeCause: string;
  images: string;
  created: string | undefined;
}

function historyRows(table: Table | undefined, uid: string | undefined): HistoryRow[] {
  const images = table ? table.columnDefinitions.findIndex((c) => c.name === 'Images') : -1;
  return (table?.rows ?? [])
    .flatMap((row: TableRow) => {
      const meta = rowMetadata(row);
      const revision = revisionOf(meta);
      if (revision === null || !isControlledBy(meta.ownerReferences, uid)) return [];
      const cell = images < 0 ? undefined : row.cells[images];
      return [{ revision, name: meta.name ?? '', changeCause: meta.annotations?.[CHANGE_CAUSE] ?? '<none>', images: typeof cell === 'string' ? cell : '', created: meta.creationTimestamp ?? undefined }];
    })
    .sort((a, b) => b.revision - a.revision);
}

export interface RolloutHistoryPanelProps {
  context: string;
  object: KubeObject;
  apiPath: string;
  onPreview: RequestPreview;
}

export function RolloutHistoryPanel({ context, object, apiPath, onPreview }: RolloutHistoryPanelProps) {
  const namespace = object.metadata.namespace ?? '';
  const { query } = useLiveTable({ context, path: `/apis/apps/v1/namespaces/${namespace}/replicasets` });
  const [problem, setProblem] = useState<{ text: string } | { error: unknown } | null>(null);
  const now = useNow();
  const rows = historyRows(query.data?.table, object.metadata.uid);
  const current = revisionOf(object.metadata);

  const undo = async (replicaSet: string) => {
    setProblem(null);
    try {
      const { body } = await kubeRequest<KubeObject>(context, `/apis/apps/v1/namespaces/${namespace}/replicasets/${replicaSet}`);
      const plan = undoChange(object, apiPath, body);
      if (plan.problem !== null) setProblem({ text: plan.problem });
      else onPreview(plan.change);
    } catch (error) {
      setProblem({ error });
    }
  };

  return (
    <div data-testid="rollout-history">
      <h3 className="text-xs font-medium text-slate-600">Rollout history</h3>
      {query.error ? (
        <KubeErrorPanel error={query.error} title="Listing ReplicaSets" />
      ) : (
        <RevisionTable
          headers={['Change-cause', 'Images', 'Age']}
          rows={rows.map((row) => ({ revision: row.revision, name: row.name, cells: [<span className="text-slate-600">{row.changeCause}</span>, <span className="font-mono">{row.images}</span>, ageOf(row.created, now) ?? '—'] }))}
          current={current}
          onUndo={(row) => void undo(row.name)}
        />
      )}
      {query.data && rows.length === 0 && <p className="text-xs text-slate-500">No ReplicaSet of this Deployment carries a revision.</p>}
      {problem && ('text' in problem ? <p role="alert" className="mt-1 text-xs text-amber-800" data-testid="undo-problem">{problem.text}</p> : <KubeErrorPanel error={problem.error} title="Reading the revision's ReplicaSet" />)}
    </div>
  );
}
