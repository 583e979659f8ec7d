// One on/off state of an object and the button that flips it (cordon, suspend); the change is previewed first.
import type { ReactNode } from 'react';
import { secondaryButton } from './field-problems';

export interface StateToggleProps {
  title: string;
  /** Test id of the state badge. */
  testId: string;
  state: string;
  /** The state that stops something (cordoned, suspended): shown in amber. */
  stopped: boolean;
  action: string;
  onAction: () => void;
  /** Shown between the state and the button (a CronJob's schedule). */
  children?: ReactNode;
}

export function StateToggle({ title, testId, state, stopped, action, onAction, children }: StateToggleProps) {
  return (
    <div className="flex items-center gap-2">
      <h3 className="text-xs font-medium text-slate-600">{title}</h3>
      <span data-testid={testId} className={`rounded px-1.5 py-0.5 text-xs ${stopped ? 'bg-amber-100 text-amber-900' : 'bg-emerald-50 text-emerald-800'}`}>
        {state}
      </span>
      {children}
      <button type="button" className={secondaryButton} onClick={onAction}>
        {action}
      </button>
    </div>
  );
}
