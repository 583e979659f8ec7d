// A Node's scheduling state with Cordon / Uncordon.
import type { KubeObject } from '../../k8s/kube-object';
import type { RequestPreview } from './metadata-entries-editor';
import { cordonChange, isCordoned } from './node-cordon';
import { StateToggle, type StopToggle } from './state-toggle';

const SCHEDULING: StopToggle = { title: 'Scheduling', testId: 'node-scheduling', states: ['Schedulable', 'SchedulingDisabled'], actions: ['Cordon', 'Uncordon'], isStopped: isCordoned, change: cordonChange };

export function CordonControl(props: { object: KubeObject; apiPath: string; onPreview: RequestPreview }) {
  return <StateToggle toggle={SCHEDULING} {...props} />;
}
