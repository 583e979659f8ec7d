// One on/off state of an object and the button that flips it (cordon, suspend); the change is previewed first.
import type { ReactNode } from 'react';
import type { KubeObject } from '../../k8s/kube-object';
import type { ChangeRequest } from '../../writes/preview/change-request';
import { secondaryButton } from './field-problems';
import type { RequestPreview } from './metadata-entries-editor';

/** A spec field that stops something (a cordoned Node, a suspended CronJob), as the control shows and flips it. */
export interface StopToggle {
  title: string;
  /** Test id of the state badge. */
  testId: string;
  /** The badge: running, then stopped (shown in amber). */
  states: readonly [running: string, stopped: string];
  /** The button: to stop, then to restart. */
  actions: readonly [stop: string, restart: string];
  isStopped: (object: KubeObject) => boolean;
  /** The change that stops (true) or restarts (false) the object. */
  change: (object: KubeObject, apiPath: string, stop: boolean) => ChangeRequest;
}

export interface StateToggleProps {
  toggle: StopToggle;
  object: KubeObject;
  apiPath: string;
  onPreview: RequestPreview;
  /** Shown between the state and the button (a CronJob's schedule). */
  children?: ReactNode;
}

export function StateToggle({ toggle, object, apiPath, onPreview, children }: StateToggleProps) {
  const stopped = toggle.isStopped(object);
  return (
    <div className="flex items-center gap-2">
      <h3 className="text-xs font-medium text-slate-600">{toggle.title}</h3>
      <span data-testid={toggle.testId} className={`rounded px-1.5 py-0.5 text-xs ${stopped ? 'bg-amber-100 text-amber-900' : 'bg-emerald-50 text-emerald-800'}`}>
        {toggle.states[stopped ? 1 : 0]}
      </span>
      {children}
      <button type="button" className={secondaryButton} onClick={() => onPreview(toggle.change(object, apiPath, !stopped))}>
        {toggle.actions[stopped ? 1 : 0]}
      </button>
    </div>
  );
}
