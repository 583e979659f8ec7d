// A CronJob's schedule state with Suspend / Resume.
import type { KubeObject } from '../../../k8s/kube-object';
import { isSuspended, suspendChange } from './cronjob-suspend';
import { secondaryButton } from './field-problems';
import type { RequestPreview } from './metadata-entries-editor';
import { specOf } from './object-fields';

export function SuspendControl({ object, apiPath, onPreview }: { object: KubeObject; apiPath: string; onPreview: RequestPreview }) {
  const suspended = isSuspended(object);
  const schedule = specOf(object).schedule;
  return (
    <div className="flex items-center gap-2">
      <h3 className="text-xs font-medium text-slate-600">Schedule</h3>
      <span data-testid="cronjob-state" className={`rounded px-1.5 py-0.5 text-xs ${suspended ? 'bg-amber-100 text-amber-900' : 'bg-emerald-50 text-emerald-800'}`}>
        {suspended ? 'Suspended' : 'Active'}
      </span>
      {typeof schedule === 'string' && <span className="font-mono text-xs text-slate-500">{schedule}</span>}
      <button type="button" className={secondaryButton} onClick={() => onPreview(suspendChange(object, apiPath, !suspended))}>
        {suspended ? 'Resume' : 'Suspend'}
      </button>
    </div>
  );
}
