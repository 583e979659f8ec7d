// Replicas of a scalable workload: − / number / + and a Scale button that previews a PATCH of its /scale.
import { useId, useState, type FormEvent } from 'react';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import type { KubeObject } from '../../k8s/kube-object';
import { FieldProblems, inputClass, primaryButton, secondaryButton } from './field-problems';
import type { RequestPreview } from './metadata-entries-editor';
import { isRecord } from './object-fields';
import { parseReplicas, scaleChange } from './scale-change';
import { useScale } from './scale-query';

interface ReplicasStepperProps {
  context: string;
  apiPath: string;
  object: KubeObject;
  onPreview: RequestPreview;
}

function readyReplicas(object: KubeObject): number | null {
  const status = isRecord(object.status) ? object.status : {};
  return typeof status.readyReplicas === 'number' ? status.readyReplicas : null;
}

export function ReplicasStepper({ context, apiPath, object, onPreview }: ReplicasStepperProps) {
  const scale = useScale(context, apiPath, object.metadata.resourceVersion, true);
  // null: follow the live value; a string: what the user typed, kept until applied or reset.
  const [draft, setDraft] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const problemsId = useId();

  if (scale.error) return <KubeErrorPanel error={scale.error} title="Getting the scale subresource" onRetry={() => void scale.refetch()} testId="scale-error" />;
  if (!scale.data) return <p className="text-xs text-slate-400">Loading replicas…</p>;

  const desired = scale.data.spec?.replicas ?? 0;
  const current = scale.data.status?.replicas ?? 0;
  const ready = readyReplicas(object);
  const text = draft ?? String(desired);
  const parsed = parseReplicas(text);
  const showProblem = parsed.problem !== null && (tried || draft !== null);
  const step = (delta: number) => {
    const base = parsed.replicas ?? desired;
    setDraft(String(Math.max(0, base + delta)));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (parsed.replicas === null || parsed.replicas === desired) return;
    onPreview(scaleChange(scale.data, apiPath, object, parsed.replicas), () => {
      setDraft(null);
      setTried(false);
    });
  };

  return (
    <form onSubmit={submit} data-testid="replicas-stepper">
      <div className="flex flex-wrap items-center gap-1">
        <button type="button" aria-label="Fewer replicas" className={secondaryButton} disabled={parsed.replicas === 0} onClick={() => step(-1)}>
          −
        </button>
        <input
          type="text"
          inputMode="numeric"
          aria-label="Replicas"
          aria-invalid={showProblem}
          aria-describedby={showProblem ? problemsId : undefined}
          value={text}
          onChange={(e) => setDraft(e.target.value)}
          className={`${inputClass} w-16 text-center`}
        />
        <button type="button" aria-label="More replicas" className={secondaryButton} onClick={() => step(1)}>
          +
        </button>
        <button type="submit" className={`${primaryButton} ml-1`} disabled={parsed.replicas === desired}>
          Scale
        </button>
        {draft !== null && (
          <button type="button" className={secondaryButton} onClick={() => setDraft(null)}>
            Reset
          </button>
        )}
        <span className="ml-2 text-xs text-slate-500" data-testid="replicas-status">
          desired {desired} · current {current}
          {ready !== null && ` · ready ${ready}`}
        </span>
      </div>
      {showProblem && parsed.problem !== null && <FieldProblems id={problemsId} problems={[parsed.problem]} />}
    </form>
  );
}
