// The propagationPolicy choice of a deletion, for one object or many.
import { PROPAGATION_POLICIES, type PropagationPolicy } from './delete-options';

export function PropagationPolicyField({ policy, onChange }: { policy: PropagationPolicy; onChange: (policy: PropagationPolicy) => void }) {
  return (
    <fieldset>
      <legend className="text-xs font-semibold uppercase tracking-wide text-slate-500">Dependents (propagationPolicy)</legend>
      <div className="mt-1 space-y-1">
        {PROPAGATION_POLICIES.map((p) => (
          <label key={p.policy} className="flex items-start gap-2">
            <input type="radio" name="propagationPolicy" value={p.policy} checked={policy === p.policy} onChange={() => onChange(p.policy)} className="mt-1" />
            <span>
              <span className="font-medium">{p.policy}</span>
              <span className="text-slate-600"> — {p.explanation}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
