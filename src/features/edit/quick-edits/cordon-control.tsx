// A Node's scheduling state with Cordon / Uncordon.
import type { KubeObject } from '../../../k8s/kube-object';
import { secondaryButton } from './field-problems';
import type { RequestPreview } from './metadata-entries-editor';
import { cordonChange, isCordoned } from './node-cordon';

export function CordonControl({ object, apiPath, onPreview }: { object: KubeObject; apiPath: string; onPreview: RequestPreview }) {
  const cordoned = isCordoned(object);
  return (
    <div className="flex items-center gap-2">
      <h3 className="text-xs font-medium text-slate-600">Scheduling</h3>
      <span data-testid="node-scheduling" className={`rounded px-1.5 py-0.5 text-xs ${cordoned ? 'bg-amber-100 text-amber-900' : 'bg-emerald-50 text-emerald-800'}`}>
        {cordoned ? 'SchedulingDisabled' : 'Schedulable'}
      </span>
      <button type="button" className={secondaryButton} onClick={() => onPreview(cordonChange(object, apiPath, !cordoned))}>
        {cordoned ? 'Uncordon' : 'Cordon'}
      </button>
    </div>
  );
}
