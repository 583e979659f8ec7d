// A Status's causes, each once: repeated identical causes (1.20.2 sends them) carry a count instead.
import type { StatusCause } from '../../k8s/kube-status';
import { countCauses } from '../../k8s/status-causes';

export interface ErrorCausesProps {
  causes: readonly StatusCause[];
  /** Makes each cause's field a button (e.g. to jump to that field in an editor). */
  onCauseClick?: (field: string) => void;
}

export function ErrorCauses({ causes, onCauseClick }: ErrorCausesProps) {
  if (causes.length === 0) return null;
  return (
    <ul className="mt-2 space-y-0.5 text-[13px]" data-testid="error-causes">
      {countCauses(causes).map(({ cause, count }, i) => (
        <li key={i} className="font-mono">
          {cause.field &&
            (onCauseClick ? (
              <>
                <button type="button" className="font-semibold underline" title="Show this field in the editor" onClick={() => onCauseClick(cause.field ?? '')}>
                  {cause.field}
                </button>
                {': '}
              </>
            ) : (
              <span className="font-semibold">{cause.field}: </span>
            ))}
          {cause.message}
          {cause.reason && <span className="text-red-700/70"> ({cause.reason})</span>}
          {count > 1 && (
            <span className="ml-1 rounded bg-red-100 px-1 text-red-800" title={`The server sent this cause ${count} times`} data-testid="error-cause-count">
              ×{count}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
