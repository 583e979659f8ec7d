// Drain a Node: "Preview drain" lists its pods, what a drain skips and why, and the server's dry-run answer to each
// Eviction (and to the cordon); "Cordon and evict" then cordons and evicts pod by pod, 429s shown and retried.
import { useRef, useState } from 'react';
import { AccessNote, mayAct } from '../../../components/ui/access-control';
import { KubeErrorPanel } from '../../../components/ui/kube-error-panel';
import { useAccess } from '../../../data/access-query';
import { useDiscovery } from '../../../data/discovery-query';
import { resourceByGvr } from '../../../k8s/discovery/resource-index';
import type { KubeObject } from '../../../k8s/kube-object';
import { explainError } from './node-drain-text';
import { drainPlan, evictionGroupVersion, evictWithRetry, type DrainPlan, type PodProgress } from './node-drain';
import { cordonNode, evictPod, podsOnNode } from './node-drain-request';
import { primaryButton, secondaryButton } from './field-problems';

const TIMEOUT_MS = 120_000;
const EVICTION = { verb: 'create', group: '', resource: 'pods', subresource: 'eviction', namespace: '' };

type Phase = { kind: 'idle' } | { kind: 'busy' } | { kind: 'failed'; error: unknown } | { kind: 'planned'; plan: DrainPlan; dryRun: boolean; running: boolean };

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
    for (const pod of plan.evict) {
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

  const preview = async () => {
    setPhase({ kind: 'busy' });
    setCordon(null);
    try {
      await run(drainPlan(await podsOnNode(context, nodeName)), true);
    } catch (error) {
      setPhase({ kind: 'failed', error });
    }
  };

  return (
    <div data-testid="node-drain" className="space-y-1">
      <div className="flex items-center gap-2">
        <h3 className="text-xs font-medium text-slate-600">Drain</h3>
        <span className="text-xs text-slate-500">cordon, then evict every pod but DaemonSet and mirror pods ({groupVersion} Eviction)</span>
        <button type="button" className={secondaryButton} disabled={!mayAct(access) || phase.kind === 'busy' || (phase.kind === 'planned' && phase.running)} onClick={() => void preview()}>
          Preview drain
        </button>
      </div>
      <AccessNote access={access} action="create pods/eviction" testId="drain-access" />
      {phase.kind === 'failed' && <KubeErrorPanel error={phase.error} title={`Listing the pods on ${nodeName}`} />}
      {phase.kind === 'planned' && (
        <div className="rounded border border-slate-200 p-2 text-xs" data-testid="drain-plan" data-dry-run={phase.dryRun}>
          <p className="font-medium">{phase.dryRun ? 'Dry run (nothing changed)' : 'Drain'}: {cordon ?? 'cordoning…'}</p>
          <ul className="mt-1 space-y-0.5">
            {phase.plan.evict.map((pod) => (
              <li key={podKey(pod)} data-testid="drain-pod" data-pod={podKey(pod)} data-state={progress[podKey(pod)]?.state ?? 'pending'}>
                <span className="font-mono">{podKey(pod)}</span> — {progressText(progress[podKey(pod)], phase.dryRun)}
              </li>
            ))}
            {phase.plan.skipped.map(({ pod, reason }) => (
              <li key={podKey(pod)} data-testid="drain-skipped" className="text-slate-500">
                <span className="font-mono">{podKey(pod)}</span> — skipped: {reason}
              </li>
            ))}
            {phase.plan.evict.length + phase.plan.skipped.length === 0 && <li>No pods on this node.</li>}
          </ul>
          <div className="mt-2 flex gap-2">
            {phase.dryRun && !phase.running && (
              <button type="button" className={primaryButton} disabled={!mayAct(access)} onClick={() => void run(phase.plan, false)}>
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
