// Drain a Node: "Preview drain" lists its pods, what a drain skips or refuses and why, and the server's dry-run answer
// to each Eviction (and to the cordon); "Cordon and evict" then cordons and evicts pod by pod, 429s shown and retried.
import { useRef, useState } from 'react';
import { AccessNote, mayAct } from '../../components/ui/access-control';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { useAccess } from '../../data/access-query';
import { useDiscovery } from '../../data/discovery-query';
import { resourceByGvr } from '../../k8s/discovery/resource-index';
import type { KubeObject } from '../../k8s/kube-object';
import { explainError } from './node-drain-text';
import { drainPlan, evictionGroupVersion, evictWithRetry, type DrainOptions, type DrainOverride, type DrainPlan, type PodProgress } from './node-drain';
import { cordonNode, evictPod, podsOnNode } from './node-drain-request';
import { primaryButton, secondaryButton } from './field-problems';

const TIMEOUT_MS = 120_000;
const EVICTION = { verb: 'create', group: '', resource: 'pods', subresource: 'eviction', namespace: '' };

type Phase = { kind: 'idle' } | { kind: 'busy' } | { kind: 'failed'; error: unknown } | { kind: 'planned'; plan: DrainPlan; dryRun: boolean; running: boolean };

const OVERRIDES: { key: DrainOverride; label: string; flag: string; testId: string }[] = [
  { key: 'force', label: 'Evict pods that no controller recreates', flag: '--force', testId: 'drain-force' },
  { key: 'deleteEmptyDirData', label: 'Delete emptyDir data', flag: '--delete-emptydir-data', testId: 'drain-delete-emptydir' },
];
const OVERRIDE_HINT: Record<DrainOverride, string> = { force: 'choose "Evict pods that no controller recreates" to evict it anyway', deleteEmptyDirData: 'choose "Delete emptyDir data" to evict it anyway' };

const podKey = (pod: KubeObject) => `${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}`;
const clock = { now: () => Date.now(), sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)) };

function progressText(p: PodProgress | undefined, dryRun: boolean): string {
  if (!p) return 'pending';
  switch (p.state) {
    case 'pending':
      return 'pending';
    case 'evicting':
      return p.attempt === 1 ? 'evicting…' : `evicting (attempt ${p.attempt})…`;
    case 'waiting':
      return `refused (attempt ${p.attempt}), retrying in 5 s: ${p.message}`;
    case 'evicted':
      return dryRun ? 'dry run: would be evicted' : 'evicted';
    case 'gone':
      return 'already gone';
    case 'timed-out':
      return `${dryRun ? 'dry run: would be refused' : 'gave up retrying'}: ${p.message}`;
    case 'failed':
      return `failed: ${explainError(p.error)}`;
  }
}

export function NodeDrainPanel({ context, object, apiPath }: { context: string; object: KubeObject; apiPath: string }) {
  const discovery = useDiscovery(context);
  const access = useAccess(context, EVICTION);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [progress, setProgress] = useState<Record<string, PodProgress>>({});
  const [cordon, setCordon] = useState<string | null>(null);
  const [options, setOptions] = useState<DrainOptions>({ force: false, deleteEmptyDirData: false });
  const stop = useRef<AbortController | null>(null);
  const nodeName = object.metadata.name ?? '';
  const pods = discovery.data?.index ? resourceByGvr(discovery.data.index, { group: '', version: 'v1', resource: 'pods' }) : undefined;
  const groupVersion = evictionGroupVersion(pods?.subresources);

  const run = async (plan: DrainPlan, dryRun: boolean) => {
    const controller = new AbortController();
    stop.current = controller;
    setPhase({ kind: 'planned', plan, dryRun, running: true });
    setProgress({});
    try {
      await cordonNode(context, apiPath, dryRun);
      setCordon(dryRun ? 'dry run: cordon accepted' : 'cordoned');
    } catch (error) {
      setCordon(`cordon failed: ${explainError(error)}`);
      setPhase({ kind: 'planned', plan, dryRun, running: false });
      return;
    }
    // One at a time: progress reads top to bottom, and a PodDisruptionBudget sees each eviction land.
    for (const { pod } of plan.evict) {
      const key = podKey(pod);
      const report = (p: PodProgress) => setProgress((all) => ({ ...all, [key]: p }));
      if (dryRun) {
        const attempt = await evictPod(context, pod, groupVersion, true);
        report(attempt.outcome === 'blocked' ? { state: 'timed-out', message: attempt.message } : attempt.outcome === 'failed' ? { state: 'failed', error: attempt.error } : { state: attempt.outcome === 'gone' ? 'gone' : 'evicted' });
      } else {
        await evictWithRetry(() => evictPod(context, pod, groupVersion, false), TIMEOUT_MS, clock, report, controller.signal);
      }
    }
    setPhase({ kind: 'planned', plan, dryRun, running: false });
  };

  const preview = async (chosen: DrainOptions) => {
    setPhase({ kind: 'busy' });
    setCordon(null);
    try {
      await run(drainPlan(await podsOnNode(context, nodeName), chosen), true);
    } catch (error) {
      setPhase({ kind: 'failed', error });
    }
  };

  const running = phase.kind === 'busy' || (phase.kind === 'planned' && phase.running);
  // A changed choice changes the plan: preview it again rather than show one made under other choices.
  const choose = (key: DrainOverride, value: boolean) => {
    const chosen = { ...options, [key]: value };
    setOptions(chosen);
    if (phase.kind === 'planned' && phase.dryRun) void preview(chosen);
  };
  const refusedCount = phase.kind === 'planned' ? phase.plan.refused.length : 0;

  return (
    <div data-testid="node-drain" className="space-y-1">
      <div className="flex items-center gap-2">
        <h3 className="text-xs font-medium text-slate-600">Drain</h3>
        <span className="text-xs text-slate-500">cordon, then evict every pod but DaemonSet and mirror pods ({groupVersion} Eviction), as kubectl drain --ignore-daemonsets</span>
        <button type="button" className={secondaryButton} disabled={!mayAct(access) || running} onClick={() => void preview(options)}>
          Preview drain
        </button>
      </div>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" disabled={running}>
        <legend className="sr-only">Pods kubectl drain refuses unless told</legend>
        {OVERRIDES.map(({ key, label, flag, testId }) => (
          <label key={key} className="inline-flex items-center gap-1">
            <input type="checkbox" data-testid={testId} checked={options[key]} onChange={(e) => choose(key, e.target.checked)} />
            {label} <code className="font-mono text-slate-500">{flag}</code>
          </label>
        ))}
      </fieldset>
      <AccessNote access={access} action="create pods/eviction" testId="drain-access" />
      {phase.kind === 'failed' && <KubeErrorPanel error={phase.error} title={`Listing the pods on ${nodeName}`} />}
      {phase.kind === 'planned' && (
        <div className="rounded border border-slate-200 p-2 text-xs" data-testid="drain-plan" data-dry-run={phase.dryRun}>
          <p className="font-medium">{phase.dryRun ? 'Dry run (nothing changed)' : 'Drain'}: {cordon ?? 'cordoning…'}</p>
          <ul className="mt-1 space-y-0.5">
            {phase.plan.refused.map(({ pod, reason, override }) => (
              <li key={podKey(pod)} data-testid="drain-refused" data-pod={podKey(pod)} data-override={override} className="text-red-800">
                <span className="font-mono">{podKey(pod)}</span> — refused: {reason}; {OVERRIDE_HINT[override]}
              </li>
            ))}
            {phase.plan.evict.map(({ pod, warning }) => (
              <li key={podKey(pod)} data-testid="drain-pod" data-pod={podKey(pod)} data-state={progress[podKey(pod)]?.state ?? 'pending'}>
                <span className="font-mono">{podKey(pod)}</span> — {progressText(progress[podKey(pod)], phase.dryRun)}
                {warning !== undefined && <span className="text-amber-800"> (chosen: {warning})</span>}
              </li>
            ))}
            {phase.plan.skipped.map(({ pod, reason }) => (
              <li key={podKey(pod)} data-testid="drain-skipped" className="text-slate-500">
                <span className="font-mono">{podKey(pod)}</span> — skipped: {reason}
              </li>
            ))}
            {phase.plan.evict.length + phase.plan.skipped.length + refusedCount === 0 && <li>No pods on this node.</li>}
          </ul>
          {refusedCount > 0 && (
            <p className="mt-1 font-medium text-red-800" data-testid="drain-refusal">
              kubectl drain stops here: {refusedCount} {refusedCount === 1 ? 'pod' : 'pods'} cannot be evicted as chosen, so nothing is evicted until {refusedCount === 1 ? 'it is' : 'they are'} included above.
            </p>
          )}
          <div className="mt-2 flex gap-2">
            {phase.dryRun && !phase.running && (
              <button type="button" className={primaryButton} disabled={!mayAct(access) || refusedCount > 0} onClick={() => void run(phase.plan, false)}>
                Cordon and evict {phase.plan.evict.length} {phase.plan.evict.length === 1 ? 'pod' : 'pods'}
              </button>
            )}
            {phase.running && !phase.dryRun && (
              <button type="button" className={secondaryButton} onClick={() => stop.current?.abort()}>
                Stop retrying
              </button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
