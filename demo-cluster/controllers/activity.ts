// The activity loop: every tick something visible changes (restarts, readiness, pods coming and
// going, a ConfigMap edit), and a simulated scheduler+kubelet starts pods created through the API.
import { randomInt } from 'node:crypto';
import { registryTypes } from '../resources/index.js';
import { storageKey } from '../resources/registry.js';
import { makePod, podStatusFor } from '../seed/seed-objects.js';
import type { PodState } from '../seed/seed-objects.js';
import { NODES, nextPodIp } from '../seed/seed.js';
import { rfc3339 } from '../resources/duration.js';
import type { KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { createObject, deleteObject, updateObject } from '../rest/writes.js';
import type { WriteContext } from '../rest/writes.js';
import { randomSuffix } from '../resources/meta.js';
import { startControllers } from './controllers.js';
import { followContainerExits } from './container-exits.js';

const PODS = storageKey({ group: '', resource: 'pods' });
const NODE_KEY = storageKey({ group: '', resource: 'nodes' });

/** Nodes a new pod may go to: like kube-scheduler, never one cordoned (spec.unschedulable). */
function schedulableNodes(ctx: WriteContext): string[] {
  return NODES.filter((name) => {
    const node = ctx.store.get(NODE_KEY, undefined, name);
    return !(node && isPlainObject(node.spec) && node.spec.unschedulable === true);
  });
}
const pods = registryTypes.pods;
const configmaps = registryTypes.configmaps;

function pick<T>(items: T[]): T | undefined {
  return items.length === 0 ? undefined : items[randomInt(items.length)];
}

function allPods(ctx: WriteContext, namespaces: string[]): KubeObject[] {
  const c = ctx.store.collection(PODS);
  return [...c.objects.values()].filter((p) => namespaces.includes(p.metadata.namespace ?? '') && !p.metadata.deletionTimestamp);
}

function containerName(pod: KubeObject): string {
  const spec = isPlainObject(pod.spec) ? pod.spec : {};
  const first = Array.isArray(spec.containers) ? spec.containers[0] : undefined;
  return isPlainObject(first) && typeof first.name === 'string' ? first.name : 'app';
}

function image(pod: KubeObject): string {
  const spec = isPlainObject(pod.spec) ? pod.spec : {};
  const first = Array.isArray(spec.containers) ? spec.containers[0] : undefined;
  return isPlainObject(first) && typeof first.image === 'string' ? first.image : 'nginx';
}

function restarts(pod: KubeObject): number {
  const status = isPlainObject(pod.status) ? pod.status : {};
  const cs = Array.isArray(status.containerStatuses) ? status.containerStatuses[0] : undefined;
  return isPlainObject(cs) && typeof cs.restartCount === 'number' ? cs.restartCount : 0;
}

/** Writes a new pod status as the kubelet would (status subresource, manager "kubelet"). */
function setPodState(ctx: WriteContext, pod: KubeObject, state: PodState, restartCount: number): void {
  const spec = isPlainObject(pod.spec) ? pod.spec : {};
  const current = isPlainObject(pod.status) ? pod.status : {};
  const status = podStatusFor(
    {
      state,
      image: image(pod),
      node: typeof spec.nodeName === 'string' ? spec.nodeName : undefined,
      ip: typeof current.podIP === 'string' ? current.podIP : nextPodIp(),
      restarts: restartCount,
      createdAt: Date.parse(String(pod.metadata.creationTimestamp ?? '')) || Date.now(),
    },
    containerName(pod),
  );
  try {
    updateObject(ctx, pods, pod.metadata.namespace, pod.metadata.name ?? '', { ...pod, status }, { manager: 'kubelet', dryRun: false, subresource: 'status' });
  } catch {
    // The pod changed or went away meanwhile: skip this tick's change.
  }
}

const ACTIVITY_NAMESPACES = ['demo', 'shop'];

type Action = (ctx: WriteContext) => void;

const restartCrashLooper: Action = (ctx) => {
  const crashing = allPods(ctx, ACTIVITY_NAMESPACES).filter((p) => JSON.stringify(p.status).includes('CrashLoopBackOff') || JSON.stringify(p.status).includes('"lastState":{"terminated"'));
  const pod = pick(crashing);
  if (!pod) return;
  const backOff = JSON.stringify(pod.status).includes('CrashLoopBackOff');
  setPodState(ctx, pod, backOff ? 'NotReady' : 'CrashLoopBackOff', backOff ? restarts(pod) + 1 : restarts(pod));
};

const toggleReadiness: Action = (ctx) => {
  const candidates = allPods(ctx, ACTIVITY_NAMESPACES).filter((p) => {
    const s = JSON.stringify(p.status);
    return s.includes('"running"') && !s.includes('CrashLoopBackOff') && !s.includes('"lastState":{"terminated"');
  });
  const pod = pick(candidates);
  if (!pod) return;
  const ready = JSON.stringify(pod.status).includes('"ready":true');
  setPodState(ctx, pod, ready ? 'NotReady' : 'Running', restarts(pod));
};

const createOrDeletePod: Action = (ctx) => {
  const churn = allPods(ctx, ['demo']).filter((p) => p.metadata.labels?.app === 'batch');
  if (churn.length >= 3 || (churn.length > 0 && randomInt(2) === 0)) {
    const victim = pick(churn);
    if (victim) {
      try {
        deleteObject(ctx, pods, 'demo', victim.metadata.name ?? '', { dryRun: false });
      } catch {
        // Already gone.
      }
    }
    return;
  }
  const template = makePod({ name: 'x', namespace: 'demo', app: 'batch', image: 'busybox:1.32', state: 'Pending', createdAt: Date.now() });
  const { status: _status, ...withoutStatus } = template;
  const body = {
    ...withoutStatus,
    metadata: { generateName: `batch-${randomSuffix(4)}-`, labels: { app: 'batch' } },
  };
  try {
    createObject(ctx, pods, 'demo', body, { manager: 'kube-controller-manager', dryRun: false });
  } catch {
    // Namespace gone (deleted by a user): nothing to do.
  }
};

const editConfigMap: Action = (ctx) => {
  const key = storageKey(configmaps);
  const cm = ctx.store.get(key, 'demo', 'feature-flags');
  if (!cm) return;
  const data = { ...(isPlainObject(cm.data) ? (cm.data as Record<string, string>) : {}) };
  const flag = pick(Object.keys(data).filter((k) => k !== 'updatedAt'));
  if (flag) data[flag] = data[flag] === 'true' ? 'false' : 'true';
  data.updatedAt = rfc3339();
  try {
    updateObject(ctx, configmaps, 'demo', 'feature-flags', { ...cm, data }, { manager: 'kubectl-edit', dryRun: false });
  } catch {
    // Conflict with a user's edit: try again next tick.
  }
};

const ACTIONS: Action[] = [restartCrashLooper, toggleReadiness, createOrDeletePod, editConfigMap];

/** Simulated scheduler + kubelet: binds pods created without a node and starts them. */
function startKubelet(ctx: WriteContext, stepMs: number): () => void {
  return ctx.store.subscribe(PODS, (event) => {
    if (event.type !== 'ADDED') return;
    const pod = event.object;
    const spec = isPlainObject(pod.spec) ? pod.spec : {};
    const status = isPlainObject(pod.status) ? pod.status : {};
    if (spec.nodeName || status.phase !== 'Pending' || status.conditions !== undefined) return;
    const ns = pod.metadata.namespace;
    const name = pod.metadata.name ?? '';
    const uid = pod.metadata.uid;
    ctx.scheduler.defer(() => {
      const current = ctx.store.get(PODS, ns, name);
      if (!current || current.metadata.uid !== uid || current.metadata.deletionTimestamp) return;
      const node = pick(schedulableNodes(ctx));
      if (node === undefined) return; // every node cordoned: the pod stays Pending, as on a real cluster
      try {
        const bound = updateObject(ctx, pods, ns, name, { ...current, spec: { ...(current.spec as object), nodeName: node } }, { manager: 'kube-scheduler', dryRun: false });
        setPodState(ctx, bound.object, 'ContainerCreating', 0);
      } catch {
        return;
      }
      ctx.scheduler.defer(() => {
        const latest = ctx.store.get(PODS, ns, name);
        if (!latest || latest.metadata.uid !== uid || latest.metadata.deletionTimestamp) return;
        setPodState(ctx, latest, 'Running', 0);
        const running = ctx.store.get(PODS, ns, name);
        if (running) followContainerExits(ctx, running, stepMs);
      }, stepMs * 2);
    }, stepMs);
  });
}

/** Starts the loop; returns a function that stops it. */
export function startActivity(ctx: WriteContext, intervalMs: number): () => void {
  const stopKubelet = startKubelet(ctx, Math.min(500, intervalMs));
  const stopControllers = startControllers(ctx);
  let i = 0;
  const timer = setInterval(() => {
    const action = ACTIONS[i++ % ACTIONS.length];
    action?.(ctx);
  }, intervalMs);
  return () => {
    clearInterval(timer);
    stopKubelet();
    stopControllers();
  };
}
