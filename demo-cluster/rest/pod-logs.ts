// pods/log as kube-apiserver 1.20 + a kubelet answer it: PodLogOptions parsed and validated (400/422 Status), the
// container chosen (400 when the pod has several), 204 for a pod on no node, the kubelet's 400s for containers that
// never ran, then text/plain lines; follow=true keeps the chunked response open and writes lines as they are due.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, badRequest, failure, invalid } from '../http/errors.js';
import { ownTable } from '../resources/own-fields.js';
import type { KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { storageKey } from '../resources/registry.js';
import type { Store } from '../store/store.js';
import { closableSession } from '../store/watch.js';
import type { WatchSession } from '../store/watch.js';
import { containerLog, FINISHED_LINES, finishedLog, LOG_RETENTION_MS, rfc3339Nano, type LogLine } from './pod-log-lines.js';

/** How long a finished run lasts: FINISHED_LINES lines 100 ms apart (see finishedLog). */
const FINISHED_RUN_MS = FINISHED_LINES * 100;

type Obj = Record<string, unknown>;

interface LogOptions {
  container: string;
  follow: boolean;
  previous: boolean;
  timestamps: boolean;
  sinceSeconds?: number;
  sinceTime?: number;
  tailLines?: number;
  limitBytes?: number;
}

const GO_BOOL = ownTable<boolean>({ '1': true, t: true, T: true, TRUE: true, true: true, True: true, '0': false, f: false, F: false, FALSE: false, false: false, False: false });
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function parseBool(query: URLSearchParams, key: string): boolean {
  const v = query.get(key);
  if (v === null || v === '') return false;
  const b = GO_BOOL[v];
  if (b === undefined) throw badRequest(`strconv.ParseBool: parsing ${JSON.stringify(v)}: invalid syntax`);
  return b;
}

function parseInt64(query: URLSearchParams, key: string): number | undefined {
  const v = query.get(key);
  if (v === null || v === '') return undefined;
  if (!/^[+-]?\d+$/.test(v)) throw badRequest(`strconv.ParseInt: parsing ${JSON.stringify(v)}: invalid syntax`);
  return Number(v);
}

/** The query as the apiserver's parameter codec reads PodLogOptions (400 on a value it cannot convert). */
function parseOptions(query: URLSearchParams): LogOptions {
  const opts: LogOptions = {
    container: query.get('container') ?? '',
    follow: parseBool(query, 'follow'),
    previous: parseBool(query, 'previous'),
    timestamps: parseBool(query, 'timestamps'),
    sinceSeconds: parseInt64(query, 'sinceSeconds'),
    tailLines: parseInt64(query, 'tailLines'),
    limitBytes: parseInt64(query, 'limitBytes'),
  };
  const since = query.get('sinceTime');
  if (since !== null && since !== '') {
    const t = Date.parse(since);
    if (!RFC3339.test(since) || Number.isNaN(t)) {
      throw badRequest(`parsing time ${JSON.stringify(since)} as "2006-01-02T15:04:05Z07:00": cannot parse ${JSON.stringify(since)} as "2006"`);
    }
    // metav1.Time carries whole seconds on the wire (RFC3339): the fraction is dropped.
    opts.sinceTime = Math.floor(t / 1000) * 1000;
  }
  return opts;
}

/** ValidatePodLogOptions: 422 Invalid on PodLogOptions "<pod>". */
function validate(opts: LogOptions, podName: string): void {
  const errors: Parameters<typeof invalid>[3] = [];
  if (opts.tailLines !== undefined && opts.tailLines < 0) errors.push({ type: 'FieldValueInvalid', field: 'tailLines', value: opts.tailLines, detail: 'must be greater than or equal to 0' });
  if (opts.limitBytes !== undefined && opts.limitBytes < 1) errors.push({ type: 'FieldValueInvalid', field: 'limitBytes', value: opts.limitBytes, detail: 'must be greater than 0' });
  if (opts.sinceSeconds !== undefined && opts.sinceTime !== undefined) {
    errors.push({ type: 'FieldValueForbidden', field: '[]', value: undefined, detail: 'at most one of `sinceTime` or `sinceSeconds` may be specified' });
  } else if (opts.sinceSeconds !== undefined && opts.sinceSeconds < 1) {
    errors.push({ type: 'FieldValueInvalid', field: 'sinceSeconds', value: opts.sinceSeconds, detail: 'must be greater than 0' });
  }
  if (errors.length > 0) throw invalid('', 'PodLogOptions', podName, errors);
}

const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isPlainObject) : []);

/** Init, regular and ephemeral containers, in the order the apiserver lists them (VisitContainers). */
function containersOf(pod: KubeObject): { name: string; image: string; init: boolean }[] {
  const spec = isPlainObject(pod.spec) ? pod.spec : {};
  const named = (items: Obj[], init: boolean) => items.map((c) => ({ name: String(c.name ?? ''), image: String(c.image ?? ''), init }));
  return [...named(list(spec.initContainers), true), ...named(list(spec.containers), false), ...named(list(spec.ephemeralContainers), false)];
}

/** The kubelet's answer when it has no log to stream (validateContainerLogStatus), proxied as a 400 Status. */
function kubeletRefusal(message: string): ApiError {
  return new ApiError(failure(400, 'BadRequest', message));
}

type Source = { kind: 'finished'; lines: LogLine[] } | { kind: 'running'; startMs: number };

/** Which run of the container to read, from its status, as the kubelet picks the container ID. */
function sourceOf(pod: KubeObject, c: { name: string; image: string; init: boolean }, previous: boolean): Source {
  const status = isPlainObject(pod.status) ? pod.status : {};
  const podName = pod.metadata.name ?? '';
  const statuses = [...list(status.initContainerStatuses), ...list(status.containerStatuses), ...list(status.ephemeralContainerStatuses)];
  const cs = statuses.find((s) => s.name === c.name);
  const podStart = Date.parse(String(status.startTime ?? pod.metadata.creationTimestamp ?? '')) || Date.now();
  // Init containers run one after another from the pod's start, and the others only once they all finished: a
  // log of all containers by time shows every init line first.
  const spec = isPlainObject(pod.spec) ? pod.spec : {};
  const initNames = list(spec.initContainers).map((s) => String(s.name ?? ''));
  const initsDone = podStart + initNames.length * FINISHED_RUN_MS;
  const runningSince = (startedAt: unknown) => {
    const start = Date.parse(String(startedAt ?? '')) || podStart;
    return c.init ? start : Math.max(start, initsDone);
  };
  const who = `container ${JSON.stringify(c.name)} in pod ${JSON.stringify(podName)}`;
  if (!cs) {
    // The demo's kubelet reports only the first container: the others of a running pod run beside it.
    if (status.phase === 'Running' || status.phase === 'Succeeded') {
      const initStart = podStart + Math.max(0, initNames.indexOf(c.name)) * FINISHED_RUN_MS;
      return c.init ? { kind: 'finished', lines: finishedLog(podName, c.name, c.image, initStart, 0) } : { kind: 'running', startMs: runningSince(undefined) };
    }
    throw kubeletRefusal(`${who} is waiting to start: PodInitializing`);
  }
  const state = isPlainObject(cs.state) ? cs.state : {};
  const last = isPlainObject(cs.lastState) ? cs.lastState : {};
  const finished = (t: Obj) => {
    const start = Date.parse(String(t.startedAt ?? '')) || podStart;
    return { kind: 'finished' as const, lines: finishedLog(`${podName}#${String(t.containerID ?? '')}`, c.name, c.image, start, Number(t.exitCode ?? 0)) };
  };
  if (previous) {
    if (!isPlainObject(last.terminated)) throw kubeletRefusal(`previous terminated ${who} not found`);
    return finished(last.terminated);
  }
  if (isPlainObject(state.running)) return { kind: 'running', startMs: runningSince(state.running.startedAt) };
  if (isPlainObject(state.terminated)) return finished(state.terminated);
  if (isPlainObject(last.terminated)) return finished(last.terminated);
  if (isPlainObject(state.waiting)) {
    const reason = String(state.waiting.reason ?? '');
    if (reason === 'ErrImagePull') throw kubeletRefusal(`${who} is waiting to start: image can't be pulled`);
    if (reason === 'ImagePullBackOff') throw kubeletRefusal(`${who} is waiting to start: trying and failing to pull image`);
    throw kubeletRefusal(`${who} is waiting to start: ${reason}`);
  }
  throw kubeletRefusal(`${who} is waiting to start - no logs yet`);
}

function render(l: LogLine, timestamps: boolean): string {
  return timestamps ? `${rfc3339Nano(l.ms, l.subMs)} ${l.text}\n` : `${l.text}\n`;
}

/** Answers GET .../pods/NAME/log. */
export function podLogs(
  ctx: { watches: Set<WatchSession>; store: Store },
  req: IncomingMessage,
  res: ServerResponse,
  pod: KubeObject,
  query: URLSearchParams,
): void {
  const podName = pod.metadata.name ?? '';
  const opts = parseOptions(query);
  validate(opts, podName);
  const containers = containersOf(pod);
  let container = containers.find((c) => c.name === opts.container);
  if (opts.container === '') {
    const regular = containers.filter((c) => !c.init);
    if (containers.length === 0 || regular.length === 0) throw badRequest(`a container name must be specified for pod ${podName}`);
    if (containers.length > 1) throw badRequest(`a container name must be specified for pod ${podName}, choose one of: [${containers.map((c) => c.name).join(' ')}]`);
    container = regular[0];
  } else if (!container) {
    throw badRequest(`container ${opts.container} is not valid for pod ${podName}`);
  }
  const spec = isPlainObject(pod.spec) ? pod.spec : {};
  // LogLocation returns no location for a pod bound to no node: the apiserver answers 204 with no body.
  if (typeof spec.nodeName !== 'string' || spec.nodeName === '' || !container) {
    res.writeHead(204, { 'Cache-Control': 'no-cache, private' });
    res.end();
    return;
  }
  const source = sourceOf(pod, container, opts.previous);
  const now = Date.now();
  const since = opts.sinceTime ?? (opts.sinceSeconds !== undefined ? now - opts.sinceSeconds * 1000 : undefined);

  let backlog: LogLine[];
  let next: (() => LogLine) | null = null;
  if (source.kind === 'finished') {
    backlog = source.lines.filter((l) => since === undefined || l.ms >= since);
    if (opts.tailLines !== undefined) backlog = backlog.slice(Math.max(0, backlog.length - opts.tailLines));
  } else {
    const log = containerLog(podName, container.name, container.image, source.startMs);
    const end = log.indexAfter(now);
    let first = log.indexAfter(Math.max(now - LOG_RETENTION_MS, source.startMs) - 1);
    if (since !== undefined) first = Math.max(first, log.indexAfter(since - 1));
    if (opts.tailLines !== undefined) first = Math.max(first, end - opts.tailLines);
    backlog = [];
    for (let i = first; i < end; i++) backlog.push(log.line(i));
    let i = end;
    next = () => log.line(i++);
  }

  res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache, private' });
  let budget = opts.limitBytes ?? Number.POSITIVE_INFINITY;
  /** Writes within limitBytes (cut mid-line as the kubelet does); false once the budget is spent. */
  const write = (text: string): boolean => {
    const bytes = Buffer.from(text);
    if (bytes.length >= budget) {
      res.write(bytes.subarray(0, budget));
      budget = 0;
      return false;
    }
    budget -= bytes.length;
    res.write(bytes);
    return true;
  };
  const open = write(backlog.map((l) => render(l, opts.timestamps)).join(''));
  if (!opts.follow || !open || next === null) {
    res.end();
    return;
  }
  const upcoming = next;
  let pending = upcoming();
  let timer: NodeJS.Timeout | undefined;
  // The kubelet's stream ends when the container stops: here, when the pod is deleted or restarted.
  const followed = container;
  const stillRunning = (p: KubeObject): boolean => {
    try {
      return sourceOf(p, followed, false).kind === 'running';
    } catch {
      return false;
    }
  };
  const unsubscribe = ctx.store.subscribe(storageKey({ group: '', resource: 'pods' }), (event) => {
    if (event.object.metadata.uid !== pod.metadata.uid) return;
    if (event.type === 'DELETED' || !stillRunning(event.object)) session.close();
  });
  const session = closableSession(() => {
    clearTimeout(timer);
    unsubscribe();
    ctx.watches.delete(session);
    if (!res.writableEnded) res.end();
  });
  const schedule = () => {
    timer = setTimeout(() => {
      if (session.closed) return;
      if (!write(render(pending, opts.timestamps))) {
        session.close();
        return;
      }
      pending = upcoming();
      schedule();
    }, Math.max(0, pending.ms - Date.now()));
  };
  schedule();
  ctx.watches.add(session);
  req.on('close', () => session.close());
  res.on('close', () => session.close());
}
