// Any failure shown the way the API reported it (code, reason, message, causes, warnings, the raw response) and explained.
import type { ReactNode } from 'react';
import { existingObjectUiPath } from '../../k8s/existing-object';
import { explainStatus } from '../../k8s/explain-status';
import { KubeApiError } from '../../k8s/kube-api-error';
import { AccessErrorExplanation } from './access-error-explanation';
import { ErrorCauses } from './error-causes';
import { RawResponse } from './raw-response';
import { WarningList } from './warning-list';

export interface KubeErrorPanelProps {
  error: unknown;
  /** What was being done, e.g. "Listing pods". */
  title?: string;
  onRetry?: () => void;
  /** Makes each cause's field a button (e.g. to jump to that field in an editor). */
  onCauseClick?: (field: string) => void;
  /** A line under the details, e.g. what happened to the user's input. */
  footer?: ReactNode;
  testId?: string;
}

function describe(error: unknown): Pick<KubeApiError, 'code' | 'reason' | 'message' | 'causes' | 'details' | 'retryAfterSeconds'> {
  if (error instanceof KubeApiError) return error;
  return {
    code: 0,
    reason: 'Error',
    message: error instanceof Error ? error.message : String(error),
    causes: [],
    details: undefined,
    retryAfterSeconds: undefined,
  };
}

export function KubeErrorPanel({ error, title, onRetry, onCauseClick, footer, testId = 'kube-error' }: KubeErrorPanelProps) {
  const e = describe(error);
  const subject = [e.details?.kind, e.details?.name].filter(Boolean).join(' ');
  const explanation = error instanceof KubeApiError ? explainStatus(error) : null;
  const existing = error instanceof KubeApiError ? existingObjectUiPath(error) : null;
  return (
    <div role="alert" data-testid={testId} className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
      <div className="flex items-center gap-2">
        <span className="rounded bg-red-600 px-1.5 py-0.5 font-mono text-xs font-semibold text-white" data-testid="error-code">
          {e.code || '—'}
        </span>
        <span className="font-semibold" data-testid="error-reason">
          {e.reason}
        </span>
        {title && <span className="text-red-700/80">· {title}</span>}
        {onRetry && (
          <button
            type="button"
            onClick={onRetry}
            className="ml-auto rounded border border-red-300 bg-white px-2 py-0.5 text-xs font-medium text-red-800 hover:bg-red-100"
          >
            Retry
          </button>
        )}
      </div>
      <p className="mt-2 whitespace-pre-wrap break-words font-mono text-[13px] leading-snug" data-testid="error-message">
        {e.message}
      </p>
      {explanation && (
        <p className="mt-2 text-[13px]" data-testid="error-explanation">
          {explanation.meaning} <span className="font-medium">{explanation.recovery}</span>
        </p>
      )}
      <ErrorCauses causes={e.causes} onCauseClick={onCauseClick} />
      {existing && (
        <p className="mt-2 text-[13px]">
          <a href={existing} className="font-medium text-indigo-700 underline" data-testid="error-existing-object">
            Open the existing {e.details?.kind ?? 'object'} {e.details?.name}
          </a>
        </p>
      )}
      {(subject || e.retryAfterSeconds !== undefined) && (
        <p className="mt-2 text-xs text-red-700/80">
          {subject && <span>Object: {subject}</span>}
          {subject && e.retryAfterSeconds !== undefined && ' · '}
          {e.retryAfterSeconds !== undefined && <span>Retry after {e.retryAfterSeconds}s</span>}
        </p>
      )}
      {error instanceof KubeApiError && <AccessErrorExplanation error={error} />}
      {error instanceof KubeApiError && (
        <WarningList warnings={error.warnings} testId="error-warnings" className="mt-2 space-y-0.5 text-xs text-amber-800" />
      )}
      {error instanceof KubeApiError && <RawResponse raw={error.raw} />}
      {footer && <p className="mt-2 text-xs text-red-700/80">{footer}</p>}
    </div>
  );
}
