// A Node's scheduling state with Cordon / Uncordon.
import type { KubeObject } from '../../../k8s/kube-object';
import type { RequestPreview } from './metadata-entries-editor';
import { cordonChange, isCordoned } from './node-cordon';
import { StateToggle } from './state-toggle';

export function CordonControl({ object, apiPath, onPreview }: { object: KubeObject; apiPath: string; onPreview: RequestPreview }) {
  const cordoned = isCordoned(object);
  return (
    <StateToggle
      title="Scheduling"
      testId="node-scheduling"
      state={cordoned ? 'SchedulingDisabled' : 'Schedulable'}
      stopped={cordoned}
      action={cordoned ? 'Uncordon' : 'Cordon'}
      onAction={() => onPreview(cordonChange(object, apiPath, !cordoned))}
    />
  );
}
