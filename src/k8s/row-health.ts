// How a pod or a workload is doing, judged from the cells the server printed for it (its Table row): a list's rows
// carry metadata only (includeObject=Metadata), so kubectl's own words (STATUS, READY, RESTARTS) are what there is.
import type { TableColumnDefinition, TableRow } from './table';

/** failing: red (the pod cannot run as it is); warning: amber (not ready yet, restarting, short of replicas). */
export type HealthLevel = 'failing' | 'warning';

export interface RowHealth {
  level: HealthLevel;
  /** In words: `CrashLoopBackOff, 7 restarts`, `0/1 ready`. */
  reason: string;
  /** Names of the columns that show it (lower case), to colour those cells. */
  columns: string[];
}

function health(level: HealthLevel, reasons: string[], columns: string[]): RowHealth {
  return { level, reason: reasons.join(', '), columns };
}

export type HealthRule = 'pod' | 'workload';

const WORKLOADS = new Set(['apps/deployments', 'apps/statefulsets', 'apps/replicasets', 'apps/daemonsets', '/replicationcontrollers']);

/** Which rule judges rows of this resource, if any. */
export function healthRuleOf(group: string, resource: string): HealthRule | null {
  if (group === '' && resource === 'pods') return 'pod';
  return WORKLOADS.has(`${group}/${resource}`) ? 'workload' : null;
}

// The reasons kubectl's pod printer shows for a pod (or container) that cannot run as it is.
const FAILING = new Set([
  'Error',
  'Failed',
  'CrashLoopBackOff',
  'ImagePullBackOff',
  'ErrImagePull',
  'ErrImageNeverPull',
  'InvalidImageName',
  'CreateContainerConfigError',
  'CreateContainerError',
  'RunContainerError',
  'StartError',
  'OOMKilled',
  'Evicted',
  'ContainerStatusUnknown',
  'DeadlineExceeded',
  'NodeLost',
  'UnexpectedAdmissionError',
  'PostStartHookError',
  'PreStopHookError',
]);
const QUIET = new Set(['Completed', 'Succeeded', 'Terminating']);
const STARTING = new Set(['Pending', 'ContainerCreating', 'PodInitializing']);

/** A pod starting is not yet a pod stuck: Pending and ContainerCreating turn amber after this long. */
export const STARTING_GRACE_MS = 30_000;

function cellsByName(columns: readonly TableColumnDefinition[], row: TableRow): Map<string, unknown> {
  const cells = new Map<string, unknown>();
  columns.forEach((c, i) => cells.set(c.name.toLowerCase(), row.cells[i]));
  return cells;
}

/** The leading count of a cell: 8 for `8`, `8 (3m ago)`. */
function count(value: unknown): number | null {
  if (typeof value === 'number') return value;
  const match = typeof value === 'string' ? /^(\d+)/.exec(value) : null;
  return match ? Number(match[1]) : null;
}

/** `1/2` as [1, 2]. */
function fraction(value: unknown): [number, number] | null {
  const match = typeof value === 'string' ? /^(\d+)\/(\d+)$/.exec(value) : null;
  return match ? [Number(match[1]), Number(match[2])] : null;
}

function isFailingStatus(status: string): boolean {
  const reason = status.startsWith('Init:') ? status.slice('Init:'.length) : status;
  return FAILING.has(reason) || /^(Signal|ExitCode):/.test(reason) || reason.startsWith('OutOf');
}

function isStarting(status: string): boolean {
  return STARTING.has(status) || /^Init:\d+\/\d+$/.test(status);
}

const restartsText = (n: number) => `${n} ${n === 1 ? 'restart' : 'restarts'}`;

function createdAt(row: TableRow): number {
  return Date.parse(row.object?.metadata.creationTimestamp ?? '');
}

function podHealth(cells: Map<string, unknown>, row: TableRow, now: number): RowHealth | null {
  const status = typeof cells.get('status') === 'string' ? (cells.get('status') as string) : '';
  const ready = fraction(cells.get('ready'));
  const restarts = count(cells.get('restarts')) ?? 0;
  const restarted = restarts > 0 ? [restartsText(restarts)] : [];
  const restartColumns = restarts > 0 ? ['restarts'] : [];
  if (isFailingStatus(status)) return health('failing', [status, ...restarted], ['status', ...restartColumns]);
  if (QUIET.has(status)) return null;
  if (isStarting(status)) {
    const created = createdAt(row);
    if (!Number.isNaN(created) && now - created < STARTING_GRACE_MS) return null;
    return health('warning', [status, ...restarted], ['status', ...restartColumns]);
  }
  const short = ready !== null && ready[0] < ready[1];
  if (!short && restarts === 0 && status !== 'Unknown') return null;
  const unknown = status === 'Unknown';
  const reasons = [...(short && ready ? [`${ready[0]}/${ready[1]} ready`] : []), ...(unknown ? ['status Unknown'] : []), ...restarted];
  return health('warning', reasons, [...(short ? ['ready'] : []), ...(unknown ? ['status'] : []), ...restartColumns]);
}

function workloadHealth(cells: Map<string, unknown>): RowHealth | null {
  const readyCell = cells.get('ready');
  const asFraction = fraction(readyCell);
  const desired = asFraction ? asFraction[1] : count(cells.get('desired'));
  const ready = asFraction ? asFraction[0] : count(readyCell);
  if (desired === null || desired === 0) return null;
  const shortOf = (column: string, value: number | null, words: string) => (value !== null && value < desired ? [{ column, text: `${value}/${desired} ${words}` }] : []);
  const short = [...shortOf('ready', ready, 'ready'), ...shortOf('up-to-date', count(cells.get('up-to-date')), 'up to date'), ...shortOf('available', count(cells.get('available')), 'available')];
  if (short.length === 0) return null;
  return health('warning', short.map((s) => s.text), short.map((s) => s.column));
}

/** The row's health under `rule`, or null when there is nothing to say (healthy, finished, or just started). */
export function rowHealth(rule: HealthRule | null, columns: readonly TableColumnDefinition[], row: TableRow, now: number): RowHealth | null {
  if (rule === null) return null;
  const cells = cellsByName(columns, row);
  return rule === 'pod' ? podHealth(cells, row, now) : workloadHealth(cells);
}

/** When a starting pod's row is to be judged again (its grace ends), or null when time changes nothing. */
export function healthRecheckAt(rule: HealthRule | null, columns: readonly TableColumnDefinition[], row: TableRow, now: number): number | null {
  if (rule !== 'pod') return null;
  const status = cellsByName(columns, row).get('status');
  const created = createdAt(row);
  if (typeof status !== 'string' || !isStarting(status) || Number.isNaN(created)) return null;
  const at = created + STARTING_GRACE_MS;
  return at > now ? at : null;
}

/** The health in words, as a screen reader says it with the row: `failing: CrashLoopBackOff`, `not ready: 0/1 ready`. */
export function healthWords(h: RowHealth): string {
  if (h.level === 'failing') return `failing: ${h.reason}`;
  return `${h.columns.every((c) => c === 'restarts') ? 'restarting' : 'not ready'}: ${h.reason}`;
}
