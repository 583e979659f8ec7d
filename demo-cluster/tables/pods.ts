// Pod printer: port of printPod (pkg/printers/internalversion/printers.go, 1.20).
import type { KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import type { TablePrinter, TableRowCondition } from '../resources/registry.js';
import { ageSince } from '../resources/duration.js';
import { AGE_COLUMN, NAME_COLUMN, column } from './columns.js';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (isPlainObject(v) ? v : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

const SUCCEEDED: TableRowCondition[] = [
  { type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' },
];
const FAILED: TableRowCondition[] = [{ type: 'Completed', status: 'True', reason: 'Failed', message: 'The pod failed.' }];

interface PodSummary {
  ready: string;
  reason: string;
  restarts: number;
}

/** Ready, Status and Restarts exactly as kubectl shows them. */
export function summarizePod(pod: KubeObject): PodSummary {
  const spec = obj(pod.spec);
  const status = obj(pod.status);
  const totalContainers = arr(spec.containers).length;
  let readyContainers = 0;
  let restarts = 0;
  let reason = str(status.phase);
  if (str(status.reason) !== '') reason = str(status.reason);

  let initializing = false;
  const initStatuses = arr(status.initContainerStatuses).map(obj);
  const initCount = arr(spec.initContainers).length;
  for (let i = 0; i < initStatuses.length; i++) {
    const c = obj(initStatuses[i]);
    restarts += num(c.restartCount);
    const state = obj(c.state);
    const terminated = isPlainObject(state.terminated) ? state.terminated : undefined;
    const waiting = isPlainObject(state.waiting) ? state.waiting : undefined;
    if (terminated && num(terminated.exitCode) === 0) continue;
    if (terminated) {
      if (str(terminated.reason) === '') {
        reason = num(terminated.signal) !== 0 ? `Init:Signal:${num(terminated.signal)}` : `Init:ExitCode:${num(terminated.exitCode)}`;
      } else {
        reason = `Init:${str(terminated.reason)}`;
      }
    } else if (waiting && str(waiting.reason) !== '' && str(waiting.reason) !== 'PodInitializing') {
      reason = `Init:${str(waiting.reason)}`;
    } else {
      reason = `Init:${i}/${initCount}`;
    }
    initializing = true;
    break;
  }

  if (!initializing) {
    restarts = 0;
    let hasRunning = false;
    const statuses = arr(status.containerStatuses).map(obj);
    for (let i = statuses.length - 1; i >= 0; i--) {
      const c = obj(statuses[i]);
      restarts += num(c.restartCount);
      const state = obj(c.state);
      const waiting = isPlainObject(state.waiting) ? state.waiting : undefined;
      const terminated = isPlainObject(state.terminated) ? state.terminated : undefined;
      if (waiting && str(waiting.reason) !== '') reason = str(waiting.reason);
      else if (terminated && str(terminated.reason) !== '') reason = str(terminated.reason);
      else if (terminated) {
        reason = num(terminated.signal) !== 0 ? `Signal:${num(terminated.signal)}` : `ExitCode:${num(terminated.exitCode)}`;
      } else if (c.ready === true && isPlainObject(state.running)) {
        hasRunning = true;
        readyContainers++;
      }
    }
    if (reason === 'Completed' && hasRunning) {
      const readyCondition = arr(status.conditions)
        .map(obj)
        .some((cond) => cond.type === 'Ready' && cond.status === 'True');
      reason = readyCondition ? 'Running' : 'NotReady';
    }
  }

  const deletionTimestamp = pod.metadata.deletionTimestamp;
  if (deletionTimestamp && str(status.reason) === 'NodeLost') reason = 'Unknown';
  else if (deletionTimestamp) reason = 'Terminating';

  return { ready: `${readyContainers}/${totalContainers}`, reason, restarts };
}

export const podPrinter: TablePrinter = {
  columns: [
    NAME_COLUMN,
    column('Ready', 'string', 'The aggregate readiness state of this pod for accepting traffic.'),
    column('Status', 'string', 'The aggregate status of the containers in this pod.'),
    column('Restarts', 'integer', 'The number of times the containers in this pod have been restarted.'),
    AGE_COLUMN,
    column('IP', 'string', 'IP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated.', 1),
    column(
      'Node',
      'string',
      'NodeName is a request to schedule this pod onto a specific node. If it is non-empty, the scheduler simply schedules this pod onto that node, assuming that it fits resource requirements.',
      1,
    ),
    column(
      'Nominated Node',
      'string',
      'nominatedNodeName is set only when this pod preempts other pods on the node, but it cannot be scheduled right away as preemption victims receive their graceful termination periods. This field does not guarantee that the pod will be scheduled on this node. Scheduler may decide to place the pod elsewhere if other nodes become available sooner. Scheduler may also decide to give the resources on this node to a higher priority pod that is created after preemption. As a result, this field may be different than PodSpec.nodeName when the pod is scheduled.',
      1,
    ),
    column(
      'Readiness Gates',
      'string',
      'If specified, all readiness gates will be evaluated for pod readiness. A pod is ready when all its containers are ready AND all conditions specified in the readiness gates have status equal to "True" More info: https://git.k8s.io/enhancements/keps/sig-network/0007-pod-ready%2B%2B.md',
      1,
    ),
  ],
  cells(pod, now) {
    const { ready, reason, restarts } = summarizePod(pod);
    const spec = obj(pod.spec);
    const status = obj(pod.status);
    const podIPs = arr(status.podIPs).map(obj);
    const podIP = str(podIPs[0]?.ip) || '<none>';
    const nodeName = str(spec.nodeName) || '<none>';
    const nominated = str(status.nominatedNodeName) || '<none>';
    let readinessGates = '<none>';
    const gates = arr(spec.readinessGates).map(obj);
    if (gates.length > 0) {
      const conditions = arr(status.conditions).map(obj);
      let trueConditions = 0;
      for (const gate of gates) {
        const cond = conditions.find((c) => c.type === gate.conditionType);
        if (cond?.status === 'True') trueConditions++;
      }
      readinessGates = `${trueConditions}/${gates.length}`;
    }
    return [
      pod.metadata.name ?? '',
      ready,
      reason,
      restarts,
      ageSince(pod.metadata.creationTimestamp, now),
      podIP,
      nodeName,
      nominated,
      readinessGates,
    ];
  },
  conditions(pod) {
    const phase = obj(pod.status).phase;
    if (phase === 'Succeeded') return SUCCEEDED;
    if (phase === 'Failed') return FAILED;
    return undefined;
  },
};
