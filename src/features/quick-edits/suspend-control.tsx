// A CronJob's schedule state with Suspend / Resume.
import type { KubeObject } from '../../k8s/kube-object';
import { isSuspended, suspendChange } from './cronjob-suspend';
import type { RequestPreview } from './metadata-entries-editor';
import { specOf } from './object-fields';
import { StateToggle, type StopToggle } from './state-toggle';

const SCHEDULE: StopToggle = { title: 'Schedule', testId: 'cronjob-state', states: ['Active', 'Suspended'], actions: ['Suspend', 'Resume'], isStopped: isSuspended, change: suspendChange };

export function SuspendControl(props: { object: KubeObject; apiPath: string; onPreview: RequestPreview }) {
  const schedule = specOf(props.object).schedule;
  return (
    <StateToggle toggle={SCHEDULE} {...props}>
      {typeof schedule === 'string' && <span className="font-mono text-xs text-slate-500">{schedule}</span>}
    </StateToggle>
  );
}
