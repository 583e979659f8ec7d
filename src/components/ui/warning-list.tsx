// The Warning headers of a response (deprecated APIs, admission webhooks...), shown as the API sent them.

const BANNER = 'border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-xs text-amber-800';

export interface WarningListProps {
  warnings: readonly string[];
  testId: string;
  /** Defaults to a full-width banner under a screen's header. */
  className?: string;
}

/** Nothing when there are no warnings. */
export function WarningList({ warnings, testId, className = BANNER }: WarningListProps) {
  if (warnings.length === 0) return null;
  return (
    <ul data-testid={testId} className={className}>
      {warnings.map((w) => (
        <li key={w}>Warning: {w}</li>
      ))}
    </ul>
  );
}
