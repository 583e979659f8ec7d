// Columns that are not in the server's Table: CPU and Memory from metrics.k8s.io (sorted by the quantity) on pod
// and node lists when it answers, and a Logs link on pod rows.
import { parseQuantity } from '../../k8s/metrics';
import { METRICS_COLUMNS, type MetricsCells } from '../../k8s/metrics-columns';
import type { TableRow } from '../../k8s/table';
import type { SortKey } from './sort-rows';
import type { VisibleColumn } from './visible-columns';

/** Not a Table cell: kept apart from the Namespace column's -1 so widths and filters never mix them. */
export const METRICS_CELL = -2;
export const LOGS_CELL = -3;

const NO_METRICS: readonly [string, string] = ['', ''];

export function withMetricsColumns(columns: VisibleColumn[]): VisibleColumn[] {
  return [
    ...columns,
    ...METRICS_COLUMNS.map((m, i) => ({
      id: `__metrics:${m.name}`,
      title: m.name,
      description: m.description,
      cellIndex: METRICS_CELL,
      numeric: true,
      age: false,
      name: false,
      namespace: false,
      metric: i === 0 ? (0 as const) : (1 as const),
    })),
  ];
}

/** A row's [cpu, memory] texts; one shared empty pair so memoized rows without metrics stay equal. */
export function metricsOfRow(cells: MetricsCells, row: TableRow, name: string): readonly [string, string] {
  const namespace = row.object?.metadata.namespace;
  return cells.get(namespace ? `${namespace}/${name}` : name) ?? NO_METRICS;
}

/** The sort key of a metrics cell (`250m (12%)`): cores or bytes, null when empty (sorts last). */
export function metricSortKey(text: string): SortKey {
  return text ? parseQuantity(text.split(' ')[0]) : null;
}

export function withLogsColumn(columns: VisibleColumn[]): VisibleColumn[] {
  return [
    ...columns,
    { id: '__logs', title: 'Logs', description: "The pod's log (pods/log)", cellIndex: LOGS_CELL, numeric: false, age: false, name: false, namespace: false, logs: true },
  ];
}
