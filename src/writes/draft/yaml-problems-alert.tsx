// The "YAML does not parse" alert of the edit and create screens: each problem links to its line.
import type { YamlProblem } from './yaml-position';

export interface YamlProblemsAlertProps {
  problems: YamlProblem[];
  /** What did not happen, e.g. "Not saved". */
  outcome: string;
  onReveal: (line: number, column: number) => void;
}

export function YamlProblemsAlert({ problems, outcome, onReveal }: YamlProblemsAlertProps) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" data-testid="yaml-error" className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900">
      <span className="font-semibold">{outcome}: the YAML does not parse.</span>
      <ul className="mt-1 space-y-0.5 font-mono text-xs">
        {problems.map((p, i) => (
          <li key={i}>
            <button type="button" className="underline" onClick={() => onReveal(p.line, p.column)}>
              Line {p.line}, column {p.column}
            </button>
            : {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
