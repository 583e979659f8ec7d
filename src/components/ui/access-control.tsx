// An action the user may or may not take: disabled with the reason in words when the server says no,
// disabled without flicker while it is asked, and offered when it says yes (or cannot say).
import { useId, type ReactNode } from 'react';
import type { AccessState } from '../../data/access-query';

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

/** True when the control may be used: allowed, or the server could not answer (it decides on the request). */
export const mayAct = (access: AccessState): boolean => access.state === 'allowed' || access.state === 'unknown';

export interface GatedActionProps {
  access: AccessState;
  /** What the action does, for the titles ("edit this object"). */
  action: string;
  /** A link when set, else a button calling onClick. */
  href?: string;
  onClick?: () => void;
  /** Title when the action may be taken. */
  title?: string;
  className: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A link or button that stays in place whatever the answer: while pending and when denied it is
 * aria-disabled (still focusable, so keyboards and screen readers reach the reason) and does nothing.
 */
export function GatedAction({ access, action, href, onClick, title, className, testId, children }: GatedActionProps) {
  const reasonId = useId();
  if (mayAct(access)) {
    const shown = access.state === 'unknown' ? accessTitle(access, action) : title;
    return href !== undefined ? (
      <a href={href} title={shown} className={className} data-testid={testId} data-access={access.state}>
        {children}
      </a>
    ) : (
      <button type="button" onClick={onClick} title={shown} className={className} data-testid={testId} data-access={access.state}>
        {children}
      </button>
    );
  }
  const reason = accessTitle(access, action);
  return (
    <>
      <button
        type="button"
        aria-disabled="true"
        aria-busy={access.state === 'pending' ? true : undefined}
        aria-describedby={reasonId}
        title={reason}
        className={`${className} cursor-not-allowed opacity-50`}
        data-testid={testId}
        data-access={access.state}
      >
        {children}
      </button>
      <span id={reasonId} hidden>
        {reason}
      </span>
    </>
  );
}

/**
 * A group of controls that share one permission: a disabled <fieldset> disables every control inside at once
 * (while pending too, so nothing flickers), and carries the reason as its title.
 */
export function AccessFieldset({ access, className, testId, children }: { access: AccessState; className?: string; testId?: string; children: ReactNode }) {
  return (
    <fieldset
      disabled={!mayAct(access)}
      aria-busy={access.state === 'pending' ? true : undefined}
      title={access.state === 'denied' ? access.reason : undefined}
      data-access={access.state}
      data-testid={testId}
      className={`min-w-0 border-0 p-0 disabled:opacity-60 ${className ?? ''}`}
    >
      {children}
    </fieldset>
  );
}

/** The refusal in words, shown above the controls it disables (nothing unless denied). */
export function AccessNote({ access, action, testId }: { access: AccessState; action: string; testId?: string }) {
  if (access.state !== 'denied') return null;
  return (
    <p role="note" data-testid={testId} className="mb-2 rounded border border-slate-200 bg-slate-50 px-2 py-1 text-xs text-slate-600" title={accessTitle(access, action)}>
      {access.reason}.
    </p>
  );
}
