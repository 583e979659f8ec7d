// An action the user may or may not take: disabled with the reason in words when the server says no,
// disabled without flicker while it is asked, and offered when it says yes (or cannot say).
import type { AccessState } from '../../data/access-query';

export interface AccessControlProps {
  /** The state of the verb the control would use. */
  access: AccessState;
  /** What the action does, for the pending title ("Checking whether you may edit this object"). */
  action: string;
}

/** Props for a <button>: disabled unless allowed or unknown, with the reason as title and description. */
export function accessButtonProps({ access, action }: AccessControlProps): {
  disabled: boolean;
  title: string | undefined;
  'aria-busy': boolean | undefined;
  'data-access': AccessState['state'];
} {
  return {
    disabled: access.state === 'pending' || access.state === 'denied',
    title: accessTitle(access, action),
    'aria-busy': access.state === 'pending' ? true : undefined,
    'data-access': access.state,
  };
}

/** The tooltip of a gated control. */
export function accessTitle(access: AccessState, action: string): string | undefined {
  switch (access.state) {
    case 'pending':
      return `Checking whether you may ${action}…`;
    case 'denied':
      return access.detail ? `${access.reason} (${access.detail})` : access.reason;
    case 'unknown':
      return `The server could not say whether you may ${action} (${access.detail}); it decides when you try`;
    case 'allowed':
      return undefined;
  }
}

/** The visible line under a disabled action: the refusal in words (nothing while pending or allowed). */
export function AccessReason({ access, testId }: { access: AccessState; testId?: string }) {
  if (access.state !== 'denied') return null;
  return (
    <span role="note" data-testid={testId} className="text-xs text-slate-500">
      {access.reason}
    </span>
  );
}
