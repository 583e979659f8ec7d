// A CronJob's schedule state with Suspend / Resume.
import type { KubeObject } from '../../../k8s/kube-object';
import { isSuspended, suspendChange } from './cronjob-suspend';
import type { RequestPreview } from './metadata-entries-editor';
import { specOf } from './object-fields';
import { StateToggle } from './state-toggle';

export function SuspendControl({ object, apiPath, onPreview }: { object: KubeObject; apiPath: string; onPreview: RequestPreview }) {
  const suspended = isSuspended(object);
  const schedule = specOf(object).schedule;
  return (
    <StateToggle
      title="Schedule"
      testId="cronjob-state"
      state={suspended ? 'Suspended' : 'Active'}
      stopped={suspended}
      action={suspended ? 'Resume' : 'Suspend'}
      onAction={() => onPreview(suspendChange(object, apiPath, !suspended))}
    >
      {typeof schedule === 'string' && <span className="font-mono text-xs text-slate-500">{schedule}</span>}
    </StateToggle>
  );
}
