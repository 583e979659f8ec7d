// "Not saved: the form found problems": what the schema checks refused, each field a link to its YAML line.
import type { FieldProblem } from '../../../writes/draft/draft-model';

export interface FieldProblemsAlertProps {
  problems: FieldProblem[];
  /** What did not happen, e.g. "Not saved". */
  outcome: string;
  onShow: (field: string) => void;
}

export function FieldProblemsAlert({ problems, outcome, onShow }: FieldProblemsAlertProps) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" data-testid="field-problems" className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900">
      <span className="font-semibold">{outcome}: the schema refuses {problems.length === 1 ? 'a field' : `${problems.length} fields`}, nothing was sent.</span>
      <ul className="mt-1 space-y-0.5 text-xs">
        {problems.map((p) => (
          <li key={`${p.field} ${p.message}`}>
            <button type="button" className="font-mono underline" title="Show this field" onClick={() => onShow(p.field)}>
              {p.field}
            </button>
            : {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
