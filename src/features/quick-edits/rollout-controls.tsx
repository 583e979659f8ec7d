// A workload's rollout: Restart (Deployments, StatefulSets, DaemonSets) and Pause / Resume (Deployments).
import type { KubeObject } from '../../k8s/kube-object';
import { secondaryButton } from './field-problems';
import type { RequestPreview } from './metadata-entries-editor';
import { isDeployment, isPaused, pauseChange, restartChange, restartedAt } from './rollout-restart';
import { StateToggle, type StopToggle } from './state-toggle';

const ROLLOUT: StopToggle = { title: 'Rollout', testId: 'rollout-state', states: ['Progressing', 'Paused'], actions: ['Pause', 'Resume'], isStopped: isPaused, change: pauseChange };

export function RolloutControls({ object, apiPath, onPreview }: { object: KubeObject; apiPath: string; onPreview: RequestPreview }) {
  const last = restartedAt(object);
  return (
    <div className="space-y-2" data-testid="rollout-controls">
      {isDeployment(object) && <StateToggle toggle={ROLLOUT} object={object} apiPath={apiPath} onPreview={onPreview} />}
      <div className="flex items-center gap-2">
        <h3 className="text-xs font-medium text-slate-600">Restart</h3>
        <span className="text-xs text-slate-500" data-testid="restarted-at">
          {last ? `last restarted ${last}` : 'never restarted'}
        </span>
        <button type="button" className={secondaryButton} onClick={() => onPreview(restartChange(object, apiPath, new Date()))}>
          Rollout restart
        </button>
      </div>
    </div>
  );
}
