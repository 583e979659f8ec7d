// Watch storm generator for benchmarks: writes pod status changes (and optionally creates and deletes pods)
// straight into the store at a fixed rate, so watches, resourceVersions and the watch cache see ordinary
// writes while the HTTP front is not the bottleneck (the demo cluster takes ~350 writes/s over HTTP).
import { randomUUID } from 'node:crypto';
import { storageKey } from '../resources/registry.js';
import { rfc3339 } from '../resources/duration.js';
import type { KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { objectKey } from '../store/store.js';
import type { Store } from '../store/store.js';

/** Annotation holding the write's wall-clock time (ms since the epoch), for event-to-screen latency. */
export const STORM_EMITTED_AT = 'kubeglass.dev/storm-emitted-at';
/** Label of pods the storm created (churn), so it deletes only its own. */
export const STORM_POD_LABEL = 'kubeglass.dev/storm';

const PODS = storageKey({ group: '', resource: 'pods' });
/** restartCount values start here so a storm value never equals a seeded one. */
const FIRST_SEQUENCE = 100_000;
const TICK_MS = 5;
/** Emission log entries kept (sequence, pod, emittedAt); older ones are dropped. */
const LOG_CAPACITY = 500_000;
/** Storm-created pods kept alive while churning: at this count the storm deletes before it creates again. */
const CHURN_POOL = 200;

export interface StormSpec {
  eventsPerSecond: number;
  seconds: number;
  /** Only pods of this namespace (default: every namespace). */
  namespace?: string;
  /** "namespace/name" of pods that get `focusShare` of the modifications (the rows a benchmark watches). */
  focus?: string[];
  /** Share of modifications aimed at `focus` (0..1, default 0.5 when focus is given). */
  focusShare?: number;
  /** Share of events that create or delete a pod instead of modifying one (0..1, default 0). */
  churn?: number;
}

export interface StormProgress {
  running: boolean;
  spec: StormSpec | null;
  startedAt: number | null;
  elapsedMs: number;
  emitted: number;
  modified: number;
  created: number;
  deleted: number;
  /** emitted / elapsed seconds. */
  achievedPerSecond: number;
  /** Events behind schedule right now, and the most it ever was (in events and ms of schedule). */
  lagEvents: number;
  maxLagEvents: number;
  maxLagMs: number;
  /** Events emitted in each whole second since the start. */
  perSecond: number[];
  /** The sequence number (restartCount) of the first event of this run and the next one to be used. */
  firstSequence: number;
  nextSequence: number;
  /** Log index of this run's first event (read it with logSince) and of the next one. */
  firstLogIndex: number;
  nextLogIndex: number;
}

/** One emitted event: its sequence (the pod's new restartCount, or 0 for create/delete), pod, type and time. */
export type StormLogEntry = [sequence: number, pod: string, type: 'MODIFIED' | 'ADDED' | 'DELETED', emittedAt: number];

/** Checks a POST body; returns the spec or the reason it is refused. */
export function parseStormSpec(raw: unknown): StormSpec | string {
  if (!isPlainObject(raw)) return 'expected a JSON object {"eventsPerSecond": N, "seconds": N, ...}';
  const rate = raw.eventsPerSecond ?? 1000;
  const seconds = raw.seconds ?? 30;
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0 || rate > 50_000) return '"eventsPerSecond" must be a number in (0, 50000]';
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0 || seconds > 86_400) return '"seconds" must be a number in (0, 86400]';
  const spec: StormSpec = { eventsPerSecond: rate, seconds };
  if (raw.namespace !== undefined) {
    if (typeof raw.namespace !== 'string' || raw.namespace === '') return '"namespace" must be a non-empty string';
    spec.namespace = raw.namespace;
  }
  if (raw.focus !== undefined) {
    if (!Array.isArray(raw.focus) || raw.focus.some((p) => typeof p !== 'string' || !p.includes('/'))) return '"focus" must be a list of "namespace/name" strings';
    spec.focus = raw.focus as string[];
  }
  for (const share of ['focusShare', 'churn'] as const) {
    const value = raw[share];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !(value >= 0 && value <= 1)) return `"${share}" must be a number between 0 and 1`;
    spec[share] = value;
  }
  return spec;
}

function firstContainerStatus(pod: KubeObject): Record<string, unknown> | undefined {
  const status = isPlainObject(pod.status) ? pod.status : undefined;
  const first = status && Array.isArray(status.containerStatuses) ? status.containerStatuses[0] : undefined;
  return isPlainObject(first) ? first : undefined;
}

/** The generator of one cluster; one storm at a time (a new start replaces a running one). */
export class Storm {
  private timer: NodeJS.Timeout | undefined;
  private spec: StormSpec | null = null;
  private startedAt: number | null = null;
  private endedAt: number | null = null;
  private counts = { emitted: 0, modified: 0, created: 0, deleted: 0 };
  private lag = { now: 0, max: 0 };
  private perSecond: number[] = [];
  private sequence = FIRST_SEQUENCE;
  private firstSequence = FIRST_SEQUENCE;
  private firstLogIndex = 0;
  private readonly log: StormLogEntry[] = [];
  private logOffset = 0;
  private targets: string[] = [];
  private focus: string[] = [];
  private focusCursor = 0;
  private readonly created: string[] = [];
  private template: KubeObject | undefined;

  constructor(
    private readonly store: Store,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Starts a storm (stopping one that runs); throws when no pod can be modified. */
  start(spec: StormSpec): StormProgress {
    this.stop();
    const pods = this.store.collection(PODS).objects;
    this.targets = [...pods.entries()]
      .filter(([, pod]) => (spec.namespace === undefined || pod.metadata.namespace === spec.namespace) && firstContainerStatus(pod) !== undefined)
      .map(([key]) => key);
    if (this.targets.length === 0) throw new Error(`no pod with a container status${spec.namespace !== undefined ? ` in namespace "${spec.namespace}"` : ''} to modify`);
    this.focus = (spec.focus ?? []).filter((key) => firstContainerStatus(pods.get(key) ?? { metadata: {} }) !== undefined);
    this.template = pods.get(this.targets[0] ?? '');
    this.spec = spec;
    this.startedAt = this.clock();
    this.endedAt = null;
    this.counts = { emitted: 0, modified: 0, created: 0, deleted: 0 };
    this.lag = { now: 0, max: 0 };
    this.perSecond = [];
    this.firstSequence = this.sequence;
    this.firstLogIndex = this.logOffset + this.log.length;
    this.timer = setInterval(() => this.tick(), TICK_MS);
    return this.progress();
  }

  /** Stops the running storm (if any). */
  stop(): void {
    if (this.timer === undefined) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.endedAt = this.clock();
  }

  progress(): StormProgress {
    const end = this.endedAt ?? this.clock();
    const elapsedMs = this.startedAt === null ? 0 : end - this.startedAt;
    const rate = this.spec?.eventsPerSecond ?? 1;
    return {
      running: this.timer !== undefined,
      spec: this.spec,
      startedAt: this.startedAt,
      elapsedMs,
      ...this.counts,
      achievedPerSecond: elapsedMs > 0 ? (this.counts.emitted * 1000) / elapsedMs : 0,
      lagEvents: this.lag.now,
      maxLagEvents: this.lag.max,
      maxLagMs: (this.lag.max / rate) * 1000,
      perSecond: [...this.perSecond],
      firstSequence: this.firstSequence,
      nextSequence: this.sequence,
      firstLogIndex: this.firstLogIndex,
      nextLogIndex: this.logOffset + this.log.length,
    };
  }

  /** Log entries from index `from` (entries count from the generator's start), at most `limit`. */
  logSince(from: number, limit: number): { from: number; next: number; entries: StormLogEntry[] } {
    const start = Math.max(from, this.logOffset);
    const entries = this.log.slice(start - this.logOffset, start - this.logOffset + limit);
    return { from: start, next: start + entries.length, entries };
  }

  private tick(): void {
    const spec = this.spec;
    if (!spec || this.startedAt === null) return;
    const now = this.clock();
    const elapsed = Math.min(now - this.startedAt, spec.seconds * 1000);
    const due = Math.floor((spec.eventsPerSecond * elapsed) / 1000);
    // Catch up on a late tick, but never block the event loop for more than ~1/4 s of schedule.
    const burst = Math.min(due - this.counts.emitted, Math.max(1, Math.ceil(spec.eventsPerSecond / 4)));
    for (let i = 0; i < burst; i++) this.emitOne(spec);
    this.lag.now = due - this.counts.emitted;
    this.lag.max = Math.max(this.lag.max, this.lag.now);
    if (elapsed >= spec.seconds * 1000 && this.counts.emitted >= due) this.stop();
  }

  private emitOne(spec: StormSpec): void {
    const now = this.clock();
    const second = Math.floor((now - (this.startedAt ?? now)) / 1000);
    this.perSecond[second] = (this.perSecond[second] ?? 0) + 1;
    this.counts.emitted++;
    const churn = spec.churn ?? 0;
    if (churn > 0 && Math.random() < churn) {
      // Below the pool size churn creates; at it, each create follows a delete, so the pod count stays level.
      if (this.created.length >= CHURN_POOL) this.deleteOne(now);
      else this.createOne(spec, now);
      return;
    }
    this.modifyOne(spec, now);
  }

  private pickTarget(spec: StormSpec): string | undefined {
    const share = spec.focusShare ?? 0.5;
    if (this.focus.length > 0 && Math.random() < share) {
      this.focusCursor = (this.focusCursor + 1) % this.focus.length;
      return this.focus[this.focusCursor];
    }
    return this.targets[Math.floor(Math.random() * this.targets.length)];
  }

  private modifyOne(spec: StormSpec, now: number): void {
    for (let attempt = 0; attempt < 4; attempt++) {
      const key = this.pickTarget(spec);
      const pod = key !== undefined ? this.store.collection(PODS).objects.get(key) : undefined;
      const status = pod && isPlainObject(pod.status) ? pod.status : undefined;
      const statuses = status && Array.isArray(status.containerStatuses) ? status.containerStatuses : undefined;
      const first = statuses?.[0];
      if (!pod || !status || !statuses || !isPlainObject(first) || key === undefined) continue;
      const sequence = this.sequence++;
      // restartCount is the Restarts column: every event changes what the pod Table shows.
      const changed: KubeObject = {
        ...pod,
        metadata: { ...pod.metadata, annotations: { ...pod.metadata.annotations, [STORM_EMITTED_AT]: String(now) } },
        status: { ...status, containerStatuses: [{ ...first, restartCount: sequence }, ...statuses.slice(1)] },
      };
      this.store.update(PODS, changed);
      this.counts.modified++;
      this.record([sequence, key, 'MODIFIED', now]);
      return;
    }
  }

  private createOne(spec: StormSpec, now: number): void {
    const template = this.template;
    if (!template) return;
    const namespace = spec.namespace ?? template.metadata.namespace ?? 'default';
    const name = `storm-${randomUUID().slice(0, 8)}`;
    const pod: KubeObject = {
      ...template,
      metadata: {
        name,
        namespace,
        uid: randomUUID(),
        creationTimestamp: rfc3339(now),
        labels: { app: 'storm', [STORM_POD_LABEL]: 'true' },
        annotations: { [STORM_EMITTED_AT]: String(now) },
      },
    };
    this.store.create(PODS, pod);
    const key = objectKey(namespace, name);
    this.created.push(key);
    this.counts.created++;
    this.record([0, key, 'ADDED', now]);
  }

  private deleteOne(now: number): void {
    const key = this.created.shift();
    if (key === undefined) return;
    const slash = key.indexOf('/');
    if (this.store.delete(PODS, key.slice(0, slash), key.slice(slash + 1)) === undefined) return;
    this.counts.deleted++;
    this.record([0, key, 'DELETED', now]);
  }

  private record(entry: StormLogEntry): void {
    this.log.push(entry);
    if (this.log.length > LOG_CAPACITY * 1.25) {
      const drop = this.log.length - LOG_CAPACITY;
      this.log.splice(0, drop);
      this.logOffset += drop;
    }
  }
}
