// Pod printer: port of printPod (pkg/printers/internalversion/printers.go, 1.37).
import type { KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import type { TablePrinter, TableRowCondition } from '../resources/registry.js';
import { humanDuration } from '../../wire/human-duration.js';
import { ageSince } from '../resources/duration.js';
import { recordedColumns } from './columns.js';

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
  /** finishedAt of the latest lastState.terminated among the counted containers (ms), if any. */
  lastRestart?: number;
}

/** A sidecar: an init container with restartPolicy Always (runs for the pod's life, counts as a container). */
function isRestartable(container: Obj | undefined): boolean {
  return container?.restartPolicy === 'Always';
}

/** The later of the two restart times and a container's last termination. */
function laterRestart(current: number | undefined, c: Obj): number | undefined {
  const finished = Date.parse(str(obj(obj(c.lastState).terminated).finishedAt));
  if (Number.isNaN(finished)) return current;
  return current === undefined || finished > current ? finished : current;
}

/** Ready, Status and Restarts exactly as kubectl shows them (printPod of 1.37). */
export function summarizePod(pod: KubeObject): PodSummary {
  const spec = obj(pod.spec);
  const status = obj(pod.status);
  const conditions = arr(status.conditions).map(obj);
  const initSpecs = new Map(arr(spec.initContainers).map(obj).map((c) => [str(c.name), c] as const));
  const totalContainers = arr(spec.containers).length + [...initSpecs.values()].filter(isRestartable).length;
  let readyContainers = 0;
  let restarts = 0;
  let sidecarRestarts = 0;
  let lastRestart: number | undefined;
  let lastSidecarRestart: number | undefined;
  let reason = str(status.phase);
  if (str(status.reason) !== '') reason = str(status.reason);
  if (conditions.some((c) => c.type === 'PodScheduled' && c.reason === 'SchedulingGated')) reason = 'SchedulingGated';

  let initializing = false;
  const initStatuses = arr(status.initContainerStatuses).map(obj);
  for (let i = 0; i < initStatuses.length; i++) {
    const c = obj(initStatuses[i]);
    restarts += num(c.restartCount);
    lastRestart = laterRestart(lastRestart, c);
    const sidecar = isRestartable(initSpecs.get(str(c.name)));
    if (sidecar) {
      sidecarRestarts += num(c.restartCount);
      lastSidecarRestart = laterRestart(lastSidecarRestart, c);
    }
    const state = obj(c.state);
    const terminated = isPlainObject(state.terminated) ? state.terminated : undefined;
    const waiting = isPlainObject(state.waiting) ? state.waiting : undefined;
    if (terminated && num(terminated.exitCode) === 0) continue;
    if (sidecar && c.started === true) {
      if (c.ready === true) readyContainers++;
      continue;
    }
    if (terminated) {
      if (str(terminated.reason) === '') {
        reason = num(terminated.signal) !== 0 ? `Init:Signal:${num(terminated.signal)}` : `Init:ExitCode:${num(terminated.exitCode)}`;
      } else {
        reason = `Init:${str(terminated.reason)}`;
      }
    } else if (waiting && str(waiting.reason) !== '' && str(waiting.reason) !== 'PodInitializing') {
      reason = `Init:${str(waiting.reason)}`;
    } else {
      reason = `Init:${i}/${initSpecs.size}`;
    }
    initializing = true;
    break;
  }

  const initialized = conditions.some((c) => c.type === 'Initialized' && c.status === 'True');
  if (!initializing || initialized) {
    restarts = sidecarRestarts;
    lastRestart = lastSidecarRestart;
    let hasRunning = false;
    let errorReason = '';
    const statuses = arr(status.containerStatuses).map(obj);
    for (let i = statuses.length - 1; i >= 0; i--) {
      const c = obj(statuses[i]);
      restarts += num(c.restartCount);
      lastRestart = laterRestart(lastRestart, c);
      const state = obj(c.state);
      const waiting = isPlainObject(state.waiting) ? state.waiting : undefined;
      const terminated = isPlainObject(state.terminated) ? state.terminated : undefined;
      if (waiting && str(waiting.reason) !== '') reason = str(waiting.reason);
      else if (terminated) {
        if (str(terminated.reason) !== '') reason = str(terminated.reason);
        else reason = num(terminated.signal) !== 0 ? `Signal:${num(terminated.signal)}` : `ExitCode:${num(terminated.exitCode)}`;
        if (num(terminated.exitCode) !== 0) errorReason = reason;
      } else if (c.ready === true && isPlainObject(state.running)) {
        hasRunning = true;
        readyContainers++;
      }
    }
    if (reason === 'Completed') {
      const readyCondition = conditions.some((cond) => cond.type === 'Ready' && cond.status === 'True');
      if (hasRunning && readyCondition) reason = 'Running';
      else if (errorReason !== '') reason = errorReason;
      else if (hasRunning) reason = 'NotReady';
    }
  }

  const deletionTimestamp = pod.metadata.deletionTimestamp;
  const terminal = status.phase === 'Succeeded' || status.phase === 'Failed';
  if (deletionTimestamp && str(status.reason) === 'NodeLost') reason = 'Unknown';
  else if (deletionTimestamp && !terminal) reason = 'Terminating';

  return { ready: `${readyContainers}/${totalContainers}`, reason, restarts, ...(lastRestart !== undefined ? { lastRestart } : {}) };
}

/** The Restarts cell: "2 (5m ago)" once a restarted container has a last termination time. */
export function restartsCell(summary: PodSummary, now: number): string {
  if (summary.restarts === 0 || summary.lastRestart === undefined) return String(summary.restarts);
  return `${summary.restarts} (${humanDuration(now - summary.lastRestart)} ago)`;
}

export const podPrinter: TablePrinter = {
  columns: recordedColumns('v1/pods'),
  cells(pod, now) {
    const summary = summarizePod(pod);
    const { ready, reason } = summary;
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
      restartsCell(summary, now),
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
