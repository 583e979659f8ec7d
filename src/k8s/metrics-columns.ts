// CPU and Memory columns for pod and node lists from a PodMetricsList / NodeMetricsList (kubectl top's numbers).
// Pure, for the resource table to append: list the metrics with the table's namespace and selectors, then look rows up.
import { formatCpu, formatMemory, totalUsage } from './metrics.js';

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

/** Indexes a PodMetricsList or NodeMetricsList; unreadable items are skipped. */
export function metricsCells(list: unknown): MetricsCells {
  const cells = new Map<string, readonly [string, string]>();
  const items = typeof list === 'object' && list !== null && Array.isArray((list as { items?: unknown }).items) ? (list as { items: unknown[] }).items : [];
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const meta = (item as { metadata?: { name?: unknown; namespace?: unknown } }).metadata;
    if (typeof meta?.name !== 'string') continue;
    const { cpu, memory } = totalUsage(item);
    cells.set(key(typeof meta.namespace === 'string' ? meta.namespace : null, meta.name), [cpu === null ? '' : formatCpu(cpu), memory === null ? '' : formatMemory(memory)]);
  }
  return cells;
}

/** The two cells of one row: empty strings where metrics-server has nothing (pending or finished pods). */
export function rowMetrics(cells: MetricsCells, namespace: string | null, name: string): readonly [string, string] {
  return cells.get(key(namespace, name)) ?? ['', ''];
}
