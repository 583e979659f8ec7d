// CPU and Memory columns for pod and node lists from a PodMetricsList / NodeMetricsList (kubectl top's numbers).
// Pure, for the resource table to append: list the metrics with the table's namespace and selectors, then look rows up.
import { formatCpu, formatMemory, parseQuantity, totalUsage } from './metrics.js';

export interface MetricsColumn {
  name: 'CPU' | 'Memory';
  /** What the header's title says. */
  description: string;
}

export const METRICS_COLUMNS: readonly MetricsColumn[] = [
  { name: 'CPU', description: 'CPU usage from metrics.k8s.io (sum of the containers, millicores)' },
  { name: 'Memory', description: 'Memory working set from metrics.k8s.io (sum of the containers)' },
];

/** The metrics list to GET beside a pod or node list; null for other resources. */
export function metricsListPath(resource: string, group: string, namespace: string | null): string | null {
  if (group !== '' || (resource !== 'pods' && resource !== 'nodes')) return null;
  const scope = resource === 'pods' && namespace !== null ? `/namespaces/${encodeURIComponent(namespace)}` : '';
  return `/apis/metrics.k8s.io/v1beta1${scope}/${resource}`;
}

/** namespace/name (or name) -> [cpu, memory] cell texts. */
export type MetricsCells = ReadonlyMap<string, readonly [string, string]>;

const key = (namespace: string | null | undefined, name: string) => (namespace ? `${namespace}/${name}` : name);

/** A node's allocatable CPU (cores) and memory (bytes), what kubectl top nodes divides by. */
export type Allocatable = ReadonlyMap<string, { cpu: number | null; memory: number | null }>;

const itemsOf = (list: unknown): unknown[] =>
  typeof list === 'object' && list !== null && Array.isArray((list as { items?: unknown }).items) ? (list as { items: unknown[] }).items : [];

/** Indexes a NodeList's status.allocatable by node name; unreadable items are skipped. */
export function allocatableOf(nodes: unknown): Allocatable {
  const out = new Map<string, { cpu: number | null; memory: number | null }>();
  for (const item of itemsOf(nodes)) {
    const node = item as { metadata?: { name?: unknown }; status?: { allocatable?: Record<string, unknown> } };
    if (typeof node.metadata?.name !== 'string') continue;
    const a = node.status?.allocatable ?? {};
    out.set(node.metadata.name, { cpu: parseQuantity(a.cpu), memory: parseQuantity(a.memory) });
  }
  return out;
}

/** `250m (12%)`: the usage, and its share of the allocatable where known (kubectl top nodes' CPU% and MEMORY%). */
function withShare(text: string, usage: number | null, allocatable: number | null | undefined): string {
  if (usage === null || !allocatable) return text;
  return `${text} (${Math.round((usage / allocatable) * 100)}%)`;
}

/** Indexes a PodMetricsList or NodeMetricsList (with the nodes' allocatable, shares too); unreadable items are skipped. */
export function metricsCells(list: unknown, allocatable?: Allocatable): MetricsCells {
  const cells = new Map<string, readonly [string, string]>();
  for (const item of itemsOf(list)) {
    if (typeof item !== 'object' || item === null) continue;
    const meta = (item as { metadata?: { name?: unknown; namespace?: unknown } }).metadata;
    if (typeof meta?.name !== 'string') continue;
    const { cpu, memory } = totalUsage(item);
    const of = allocatable?.get(meta.name);
    const cpuText = cpu === null ? '' : withShare(formatCpu(cpu), cpu, of?.cpu);
    const memoryText = memory === null ? '' : withShare(formatMemory(memory), memory, of?.memory);
    cells.set(key(typeof meta.namespace === 'string' ? meta.namespace : null, meta.name), [cpuText, memoryText]);
  }
  return cells;
}

/** The two cells of one row: empty strings where metrics-server has nothing (pending or finished pods). */
export function rowMetrics(cells: MetricsCells, namespace: string | null, name: string): readonly [string, string] {
  return cells.get(key(namespace, name)) ?? ['', ''];
}
