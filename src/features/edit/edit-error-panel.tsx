// A failed save shown fully as the API reported it: code, reason, message, causes (a cause's field jumps to its YAML line).
import { KubeApiError } from '../../k8s/kube-api-error';

export interface EditErrorPanelProps {
  error: unknown;
  title: string;
  onCauseClick: (field: string) => void;
}

export function EditErrorPanel({ error, title, onCauseClick }: EditErrorPanelProps) {
  const e =
    error instanceof KubeApiError
      ? error
      : { code: 0, reason: 'Error', message: error instanceof Error ? error.message : String(error), causes: [], details: undefined, retryAfterSeconds: undefined };
  const subject = [e.details?.kind, e.details?.name].filter(Boolean).join(' ');
  return (
    <div role="alert" data-testid="save-error" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
      <div className="flex items-center gap-2">
        <span className="rounded bg-red-600 px-1.5 py-0.5 font-mono text-xs font-semibold text-white" data-testid="error-code">
          {e.code || '—'}
        </span>
        <span className="font-semibold" data-testid="error-reason">
          {e.reason}
        </span>
        <span className="text-red-700/80">· {title}</span>
      </div>
      <p className="mt-2 whitespace-pre-wrap break-words font-mono text-[13px] leading-snug" data-testid="error-message">
        {e.message}
      </p>
      {e.causes.length > 0 && (
        <ul className="mt-2 space-y-0.5 text-[13px]" data-testid="error-causes">
          {e.causes.map((cause, i) => (
            <li key={i} className="font-mono">
              {cause.field ? (
                <button type="button" className="font-semibold underline" title="Show this field in the editor" onClick={() => onCauseClick(cause.field ?? '')}>
                  {cause.field}
                </button>
              ) : null}
              {cause.field ? ': ' : ''}
              {cause.message}
              {cause.reason && <span className="text-red-700/70"> ({cause.reason})</span>}
            </li>
          ))}
        </ul>
      )}
      {(subject || e.retryAfterSeconds !== undefined) && (
        <p className="mt-2 text-xs text-red-700/80">
          {subject && <span>Object: {subject}</span>}
          {subject && e.retryAfterSeconds !== undefined && ' · '}
          {e.retryAfterSeconds !== undefined && <span>Retry after {e.retryAfterSeconds}s</span>}
        </p>
      )}
      <p className="mt-2 text-xs text-red-700/80">Your text is kept: fix it and Save again.</p>
    </div>
  );
}
