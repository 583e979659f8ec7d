// The patch type as a radio group with plain names; an unusable type is disabled with its reason shown.
import { useId } from 'react';
import type { PatchKind } from '../../k8s/patch/patch-request';
import { PATCH_KIND_LABELS, PATCH_KINDS } from './patch-kinds';

export interface PatchKindPickerProps {
  value: PatchKind;
  onChange: (kind: PatchKind) => void;
  /** Why a type cannot be used (it is disabled); absent or null: usable. */
  unavailable: Partial<Record<PatchKind, string | null>>;
  disabled?: boolean;
}

export function PatchKindPicker({ value, onChange, unavailable, disabled = false }: PatchKindPickerProps) {
  const name = useId();
  const reasons = PATCH_KINDS.filter((k) => unavailable[k]);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <div role="radiogroup" aria-label="Patch type" className="inline-flex overflow-hidden rounded border border-slate-300">
        {PATCH_KINDS.map((kind) => {
          const reason = unavailable[kind] ?? null;
          return (
            <label
              key={kind}
              title={reason ?? undefined}
              className={`relative cursor-pointer border-r border-slate-300 px-2.5 py-1 text-xs font-medium last:border-r-0 has-[:disabled]:cursor-not-allowed has-[:disabled]:text-slate-400 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-400 ${
                value === kind ? 'bg-indigo-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={kind}
                checked={value === kind}
                disabled={disabled || reason !== null}
                onChange={() => onChange(kind)}
                className="sr-only"
              />
              {PATCH_KIND_LABELS[kind]}
            </label>
          );
        })}
      </div>
      {reasons.map((kind) => (
        <span key={kind} data-testid={`unavailable-${kind}`} className="text-xs text-slate-500">
          {PATCH_KIND_LABELS[kind]}: {unavailable[kind]}
        </span>
      ))}
    </div>
  );
}
