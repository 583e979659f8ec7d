// Node drain as `kubectl drain` does it (kubectl pkg/drain, filters.go): cordon, then an Eviction per pod on the node.
// DaemonSet-managed and mirror pods are skipped; a pod nothing recreates, or one with emptyDir data, stops the drain
// unless the reader chose --force or --delete-emptydir-data; a 429 (a PodDisruptionBudget) is retried until a timeout.
import type { KubeObject } from '../../k8s/kube-object';
import { isRecord } from './object-fields';

const MIRROR = 'kubernetes.io/config.mirror';

/** kubectl drain's overrides: --force and --delete-emptydir-data. */
export interface DrainOptions {
  force: boolean;
  deleteEmptyDirData: boolean;
}

export type DrainOverride = keyof DrainOptions;

export interface DrainPlan {
  /** Pods to evict, with what the reader overrode to include one. */
  evict: { pod: KubeObject; warning?: string }[];
  skipped: { pod: KubeObject; reason: string }[];
  /** Pods that stop the drain until the named override is chosen; nothing is evicted while there are any. */
  refused: { pod: KubeObject; reason: string; override: DrainOverride }[];
}

function controllerOf(pod: KubeObject): Record<string, unknown> | undefined {
  const owners: unknown[] = Array.isArray(pod.metadata.ownerReferences) ? pod.metadata.ownerReferences : [];
  return owners.find((o): o is Record<string, unknown> => isRecord(o) && o.controller === true);
}

function emptyDirVolumes(pod: KubeObject): string[] {
  const spec = isRecord(pod.spec) ? pod.spec : {};
  const volumes: unknown[] = Array.isArray(spec.volumes) ? spec.volumes : [];
  return volumes.filter((v): v is Record<string, unknown> => isRecord(v) && v.emptyDir !== undefined && v.emptyDir !== null).map((v) => String(v.name));
}

/** Succeeded or Failed: kubectl removes a finished pod whatever owns it or whatever it stores. */
function isFinished(pod: KubeObject): boolean {
  const phase = isRecord(pod.status) ? pod.status.phase : undefined;
  return phase === 'Succeeded' || phase === 'Failed';
}

/** What a drain does with each pod, by kubectl's filters in kubectl's order (the first that stops a pod decides). */
export function drainPlan(pods: KubeObject[], options: DrainOptions): DrainPlan {
  const plan: DrainPlan = { evict: [], skipped: [], refused: [] };
  for (const pod of pods) {
    const controller = controllerOf(pod);
    const finished = isFinished(pod);
    const emptyDirs = emptyDirVolumes(pod);
    const warnings: string[] = [];
    if (controller?.kind === 'DaemonSet' && !finished) {
      plan.skipped.push({ pod, reason: `DaemonSet-managed (${String(controller.name)}): the DaemonSet would recreate it on this node` });
      continue;
    }
    if (pod.metadata.annotations?.[MIRROR] !== undefined) {
      plan.skipped.push({ pod, reason: 'mirror pod (static, managed by the kubelet; the API cannot delete it)' });
      continue;
    }
    if (emptyDirs.length > 0 && !finished) {
      const where = `emptyDir ${emptyDirs.length === 1 ? 'volume' : 'volumes'} ${emptyDirs.join(', ')}`;
      if (!options.deleteEmptyDirData) {
        plan.refused.push({ pod, reason: `local storage (${where}): its data is lost with the pod`, override: 'deleteEmptyDirData' });
        continue;
      }
      warnings.push(`deletes the data of ${where}`);
    }
    if (!controller && !finished) {
      if (!options.force) {
        plan.refused.push({ pod, reason: 'declares no controller: nothing would recreate it', override: 'force' });
        continue;
      }
      warnings.push('declares no controller: nothing recreates it');
    }
    plan.evict.push(warnings.length === 0 ? { pod } : { pod, warning: warnings.join('; ') });
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

