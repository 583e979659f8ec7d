// A pod's containers side by side with their status: spec (image, probes, resources) joined to status (state,
// restarts, last state, image ID) by name, for init, regular and ephemeral containers alike.
import { setOwn } from '../../k8s/own-properties';
import type { KubeObject } from '../../k8s/kube-object';

type Obj = Record<string, unknown>;

export type ContainerKind = 'init' | 'regular' | 'ephemeral';

export interface ContainerStateView {
  /** running, waiting, terminated, or unknown when the kubelet has not reported it. */
  phase: 'running' | 'waiting' | 'terminated' | 'unknown';
  reason?: string;
  message?: string;
  exitCode?: number;
  signal?: number;
  startedAt?: string;
  finishedAt?: string;
}

export interface ProbeView {
  kind: 'liveness' | 'readiness' | 'startup';
  /** "GET :8080/healthz", "tcp :5432", "exec cat /tmp/ready", "grpc :9000". */
  action: string;
  /** "delay 5s, every 10s, timeout 1s, 3 failures". */
  timing: string;
}

export interface ContainerView {
  name: string;
  kind: ContainerKind;
  image: string;
  imageID?: string;
  ready?: boolean;
  started?: boolean;
  restartCount: number;
  state: ContainerStateView;
  lastState?: ContainerStateView;
  probes: ProbeView[];
  requests: Record<string, string>;
  limits: Record<string, string>;
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** One ContainerState (exactly one of running/waiting/terminated is set), or undefined for an empty one. */
export function stateView(state: unknown): ContainerStateView | undefined {
  if (!isObj(state)) return undefined;
  if (isObj(state.running)) return { phase: 'running', startedAt: str(state.running.startedAt) };
  if (isObj(state.waiting)) return { phase: 'waiting', reason: str(state.waiting.reason), message: str(state.waiting.message) };
  if (isObj(state.terminated)) {
    const t = state.terminated;
    return { phase: 'terminated', reason: str(t.reason), message: str(t.message), exitCode: num(t.exitCode), signal: num(t.signal), startedAt: str(t.startedAt), finishedAt: str(t.finishedAt) };
  }
  return undefined;
}

function port(v: unknown): string {
  return typeof v === 'number' || typeof v === 'string' ? `:${v}` : '';
}

/** A probe's action and timing in words, with the API's defaults where fields are unset. */
export function probeView(kind: ProbeView['kind'], probe: unknown): ProbeView | null {
  if (!isObj(probe)) return null;
  let action = 'no handler';
  if (isObj(probe.httpGet)) action = `${str(probe.httpGet.scheme) ?? 'HTTP'} GET ${str(probe.httpGet.host) ?? ''}${port(probe.httpGet.port)}${str(probe.httpGet.path) ?? '/'}`;
  else if (isObj(probe.tcpSocket)) action = `TCP ${str(probe.tcpSocket.host) ?? ''}${port(probe.tcpSocket.port)}`;
  else if (isObj(probe.exec)) action = `exec ${(Array.isArray(probe.exec.command) ? probe.exec.command : []).map(String).join(' ')}`;
  else if (isObj(probe.grpc)) action = `gRPC ${port(probe.grpc.port)}${str(probe.grpc.service) ? ` ${str(probe.grpc.service) ?? ''}` : ''}`;
  const timing = [
    `delay ${num(probe.initialDelaySeconds) ?? 0}s`,
    `every ${num(probe.periodSeconds) ?? 10}s`,
    `timeout ${num(probe.timeoutSeconds) ?? 1}s`,
    `${num(probe.failureThreshold) ?? 3} failures`,
  ].join(', ');
  return { kind, action, timing };
}

function quantities(v: unknown): Record<string, string> {
  if (!isObj(v)) return {};
  const out: Record<string, string> = {};
  for (const [k, q] of Object.entries(v)) if (typeof q === 'string' || typeof q === 'number') setOwn(out, k, String(q));
  return out;
}

/** Every container of a pod with its status, in the order init, regular, ephemeral. */
export function containerViews(pod: KubeObject): ContainerView[] {
  const spec = isObj(pod.spec) ? pod.spec : {};
  const status = isObj(pod.status) ? pod.status : {};
  const groups: [ContainerKind, unknown, unknown][] = [
    ['init', spec.initContainers, status.initContainerStatuses],
    ['regular', spec.containers, status.containerStatuses],
    ['ephemeral', spec.ephemeralContainers, status.ephemeralContainerStatuses],
  ];
  return groups.flatMap(([kind, containers, statuses]) => {
    const byName = new Map(list(statuses).map((s) => [String(s.name ?? ''), s]));
    return list(containers).map((c): ContainerView => {
      const name = String(c.name ?? '');
      const s = byName.get(name);
      const resources = isObj(c.resources) ? c.resources : {};
      const probes = (
        [
          ['startup', c.startupProbe],
          ['liveness', c.livenessProbe],
          ['readiness', c.readinessProbe],
        ] as const
      ).flatMap(([k, p]) => {
        const v = probeView(k, p);
        return v ? [v] : [];
      });
      return {
        name,
        kind,
        image: str(s?.image) ?? str(c.image) ?? '',
        imageID: str(s?.imageID),
        ready: typeof s?.ready === 'boolean' ? s.ready : undefined,
        started: typeof s?.started === 'boolean' ? s.started : undefined,
        restartCount: num(s?.restartCount) ?? 0,
        state: stateView(s?.state) ?? { phase: 'unknown' },
        lastState: stateView(s?.lastState),
        probes,
        requests: quantities(resources.requests),
        limits: quantities(resources.limits),
      };
    });
  });
}
