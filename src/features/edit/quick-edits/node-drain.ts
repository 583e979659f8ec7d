// Node drain as `kubectl drain` does it (kubectl pkg/drain): cordon, then an Eviction per pod on the node, skipping
// DaemonSet-managed and mirror pods; a 429 (a PodDisruptionBudget would be violated) is retried until a timeout.
import type { KubeObject } from '../../../k8s/kube-object';
import { isRecord } from './object-fields';

const MIRROR = 'kubernetes.io/config.mirror';

export interface DrainPlan {
  evict: KubeObject[];
  skipped: { pod: KubeObject; reason: string }[];
}

/** Which pods a drain evicts: not DaemonSet-managed (the DaemonSet would recreate them), not mirror pods (static, kubelet-owned). */
export function drainPlan(pods: KubeObject[]): DrainPlan {
  const plan: DrainPlan = { evict: [], skipped: [] };
  for (const pod of pods) {
    const owners: unknown[] = Array.isArray(pod.metadata.ownerReferences) ? pod.metadata.ownerReferences : [];
    const controller = owners.find((o): o is Record<string, unknown> => isRecord(o) && o.controller === true);
    if (pod.metadata.annotations?.[MIRROR] !== undefined) plan.skipped.push({ pod, reason: 'mirror pod (static, managed by the kubelet)' });
    else if (controller?.kind === 'DaemonSet') plan.skipped.push({ pod, reason: `DaemonSet-managed (${String(controller.name)})` });
    else plan.evict.push(pod);
  }
  return plan;
}

/** The Eviction's group-version from discovery of pods/eviction (policy/v1beta1 on 1.20, policy/v1 from 1.22). */
export function evictionGroupVersion(subresources: readonly { name: string; group?: string; version?: string }[] | undefined): string {
  const eviction = subresources?.find((s) => s.name === 'eviction');
  return eviction?.group && eviction.version ? `${eviction.group}/${eviction.version}` : 'policy/v1beta1';
}

/** POST body of pods/{name}/eviction; a dry run asks the server to check everything and change nothing. */
export function evictionBody(pod: KubeObject, groupVersion: string, dryRun: boolean): Record<string, unknown> {
  return {
    apiVersion: groupVersion,
    kind: 'Eviction',
    metadata: { name: pod.metadata.name, namespace: pod.metadata.namespace },
    ...(dryRun ? { deleteOptions: { dryRun: ['All'] } } : {}),
  };
}

export function evictionPath(pod: KubeObject): string {
  return `/api/v1/namespaces/${pod.metadata.namespace ?? ''}/pods/${pod.metadata.name ?? ''}/eviction`;
}

export type EvictionAttempt = { outcome: 'evicted' } | { outcome: 'gone' } | { outcome: 'blocked'; message: string } | { outcome: 'failed'; error: unknown };

export type PodProgress =
  | { state: 'pending' }
  | { state: 'evicting'; attempt: number }
  | { state: 'waiting'; attempt: number; message: string }
  | { state: 'evicted' }
  | { state: 'gone' }
  | { state: 'timed-out'; message: string }
  | { state: 'failed'; error: unknown };

export interface RetryClock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

/** kubectl drain waits 5 s between evictions a PodDisruptionBudget refused. */
export const RETRY_MS = 5_000;

/**
 * One pod's eviction with retries: a 429 is shown (`onProgress`) and retried every RETRY_MS until `timeoutMs` passes,
 * then the last refusal is the result; any other error ends it at once. Never silent: every state is reported.
 */
export async function evictWithRetry(send: () => Promise<EvictionAttempt>, timeoutMs: number, clock: RetryClock, onProgress: (p: PodProgress) => void, signal?: AbortSignal): Promise<PodProgress> {
  const deadline = clock.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    onProgress({ state: 'evicting', attempt });
    const result = await send();
    let done: PodProgress;
    if (result.outcome === 'evicted') done = { state: 'evicted' };
    else if (result.outcome === 'gone') done = { state: 'gone' };
    else if (result.outcome === 'failed') done = { state: 'failed', error: result.error };
    else if (clock.now() + RETRY_MS > deadline || signal?.aborted) done = { state: 'timed-out', message: result.message };
    else {
      onProgress({ state: 'waiting', attempt, message: result.message });
      await clock.sleep(RETRY_MS);
      continue;
    }
    onProgress(done);
    return done;
  }
}

