// Containers that end: the simulated kubelet reads each container's command (`sh -c 'sleep 2; exit 3'`,
// `/bin/true`, `sleep 5`) for when and how it exits. No command (the image's own entrypoint) or a daemon
// (`sleep infinity`, `while true`, agnhost pause) runs on. An exited container is restarted as the pod's
// restartPolicy says (Always; OnFailure after a non-zero exit) with the kubelet's back-off (10 s doubling to 5 min);
// otherwise it stays terminated, and once every container has, the pod is Succeeded (all exit 0) or Failed.
import { randomUUID } from 'node:crypto';
import { registryTypes } from '../resources/index.js';
import { storageKey } from '../resources/registry.js';
import { rfc3339 } from '../resources/duration.js';
import type { JsonObject, KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { updateObject } from '../rest/writes.js';
import type { WriteContext } from '../rest/writes.js';

const PODS = storageKey(registryTypes.pods);
const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

export interface ContainerExit {
  afterMs: number;
  exitCode: number;
}

/** How long one command takes and what it exits with; undefined for one that does not end. */
function commandExit(words: string[]): ContainerExit | undefined {
  const [cmd = '', ...args] = words;
  const base = cmd.split('/').pop() ?? '';
  if (base === 'sh' || base === 'bash' || base === 'ash') {
    const i = args.indexOf('-c');
    return i >= 0 ? scriptExit(args[i + 1] ?? '') : undefined;
  }
  if (base === 'true' || base === 'echo' || base === 'printenv' || base === 'env' || base === 'ls' || base === 'cat' || base === 'date' || base === 'hostname') return { afterMs: 0, exitCode: 0 };
  if (base === 'false') return { afterMs: 0, exitCode: 1 };
  if (base === 'sleep') {
    const seconds = Number(args[0]);
    return Number.isFinite(seconds) ? { afterMs: seconds * 1000, exitCode: 0 } : undefined;
  }
  if (base === 'agnhost' || base === 'agnhost-2') {
    // agnhost's one-shot subcommands end; its servers (pause, netexec, serve-hostname, ...) do not.
    return ['mounttest', 'entrypoint-tester', 'fake-gitserver-once', 'inclusterclient-once', 'logs-generator'].includes(args[0] ?? '') ? { afterMs: 0, exitCode: 0 } : undefined;
  }
  return undefined;
}

/** A shell script: its commands in sequence (`;`, `&&`, newlines); `exit N` ends it; a loop or `sleep infinity` does not end. */
function scriptExit(script: string): ContainerExit | undefined {
  if (/\bwhile\b|\buntil\b|sleep\s+inf|tail\s+-f|\bfor\s*\(\(/.test(script)) return undefined;
  let afterMs = 0;
  let exitCode = 0;
  for (const part of script.split(/;|&&|\|\||\n/).map((p) => p.trim()).filter((p) => p !== '')) {
    const words = part.split(/\s+/);
    if (words[0] === 'exit') return { afterMs, exitCode: Number(words[1] ?? exitCode) || 0 };
    const step = commandExit(words);
    if (!step) {
      // Unknown commands of a script are taken as quick and successful (echo of a variable, touch, mkdir...).
      exitCode = 0;
      continue;
    }
    afterMs += step.afterMs;
    exitCode = step.exitCode;
  }
  return { afterMs, exitCode };
}

/**
 * When and how a container exits, from its command and args; undefined when it runs on. Without a command the
 * args run as the image's command (busybox and the like have no entrypoint), after /agnhost for agnhost images.
 */
export function containerExit(container: JsonObject): ContainerExit | undefined {
  const command = strings(container.command);
  const args = strings(container.args);
  if (command.length > 0) return commandExit([...command, ...args]);
  if (args.length === 0) return undefined;
  return commandExit(String(container.image ?? '').includes('agnhost') ? ['agnhost', ...args] : args);
}

const BACKOFF_START_MS = 10_000;
const BACKOFF_MAX_MS = 300_000;

interface Run {
  name: string;
  image: string;
  containerID: string;
  startedAt: string;
  restartCount: number;
  state: JsonObject;
  lastState: JsonObject;
  ready: boolean;
}

function containerStatus(r: Run): JsonObject {
  const running = r.state.running !== undefined;
  return {
    name: r.name,
    state: r.state,
    lastState: r.lastState,
    ready: r.ready,
    restartCount: r.restartCount,
    image: r.image,
    imageID: `docker.io/library/${r.image}@sha256:${'0'.repeat(8)}`,
    ...(r.state.waiting === undefined ? { containerID: r.containerID } : {}),
    started: running,
  };
}

function condition(type: string, status: boolean, at: string, reason?: string): JsonObject {
  return { type, status: status ? 'True' : 'False', lastProbeTime: null, lastTransitionTime: at, ...(reason ? { reason } : {}) };
}

/** Follows a pod whose containers may exit; the kubelet calls it once the pod runs. */
export function followContainerExits(ctx: WriteContext, pod: KubeObject, minStepMs: number): void {
  const spec = obj(pod.spec);
  const containers = (Array.isArray(spec.containers) ? spec.containers : []).filter(isPlainObject);
  const plans = containers.map(containerExit);
  if (plans.every((p) => p === undefined)) return;
  const policy = typeof spec.restartPolicy === 'string' ? spec.restartPolicy : 'Always';
  const { namespace, name = '', uid } = pod.metadata;
  const now = rfc3339();
  const runs: Run[] = containers.map((c) => ({
    name: String(c.name ?? ''),
    image: String(c.image ?? ''),
    containerID: `containerd://${randomUUID().replace(/-/g, '')}`,
    startedAt: now,
    restartCount: 0,
    state: { running: { startedAt: now } },
    lastState: {},
    ready: true,
  }));

  const write = (): boolean => {
    const current = ctx.store.get(PODS, namespace, name);
    if (!current || current.metadata.uid !== uid || current.metadata.deletionTimestamp) return false;
    const status = obj(current.status);
    const at = rfc3339();
    const terminated = runs.map((r) => obj(r.state.terminated));
    const done = runs.every((r) => r.state.terminated !== undefined);
    const phase = done ? (terminated.every((t) => t.exitCode === 0) ? 'Succeeded' : 'Failed') : 'Running';
    const ready = !done && runs.every((r) => r.ready);
    const unready = runs.filter((r) => !r.ready).map((r) => r.name);
    const notReadyReason = done ? 'PodCompleted' : 'ContainersNotReady';
    const readyCondition = (type: string): JsonObject => ({
      ...condition(type, ready, at, ready ? undefined : notReadyReason),
      ...(ready || done ? {} : { message: `containers with unready status: [${unready.join(' ')}]` }),
    });
    const next: JsonObject = {
      ...status,
      phase,
      conditions: [condition('Initialized', true, String(obj(status).startTime ?? at)), readyCondition('Ready'), readyCondition('ContainersReady'), condition('PodScheduled', true, String(obj(status).startTime ?? at))],
      containerStatuses: runs.map(containerStatus),
    };
    try {
      updateObject(ctx, registryTypes.pods, namespace, name, { ...current, status: next }, { manager: 'kubelet', dryRun: false, subresource: 'status' });
      return true;
    } catch {
      return false;
    }
  };

  const start = (i: number): void => {
    const plan = plans[i];
    const run = runs[i];
    if (!plan || !run) return;
    ctx.scheduler.defer(() => {
      const finishedAt = rfc3339();
      const terminated = { exitCode: plan.exitCode, reason: plan.exitCode === 0 ? 'Completed' : 'Error', startedAt: run.startedAt, finishedAt, containerID: run.containerID };
      const restart = policy === 'Always' || (policy === 'OnFailure' && plan.exitCode !== 0);
      if (!restart) {
        run.state = { terminated };
        run.ready = false;
        write();
        return;
      }
      const backoff = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** run.restartCount);
      run.lastState = { terminated };
      run.state = { waiting: { reason: 'CrashLoopBackOff', message: `back-off ${Math.round(backoff / 1000)}s restarting failed container=${run.name} pod=${name}_${namespace ?? ''}(${uid ?? ''})` } };
      run.ready = false;
      run.restartCount++;
      if (!write()) return;
      ctx.scheduler.defer(() => {
        run.containerID = `containerd://${randomUUID().replace(/-/g, '')}`;
        run.startedAt = rfc3339();
        run.state = { running: { startedAt: run.startedAt } };
        run.ready = true;
        if (write()) start(i);
      }, backoff);
    }, Math.max(minStepMs, plan.afterMs));
  };
  plans.forEach((_, i) => start(i));
}
