// The metrics.k8s.io list beside a pod or node list (kubectl top's numbers), read again every 15 s: metrics-server's
// scrape interval. Indexed for the table's CPU and Memory columns; a failed read simply leaves them out.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { kubeRequest } from '../k8s/api-client';
import { allocatableOf, metricsCells, type MetricsCells } from '../k8s/metrics-columns';
import { k8sKeys } from './query-keys';

export const METRICS_REFRESH_MS = 15_000;

export function metricsListQueryOptions(context: string, metricsListPath: string) {
  return queryOptions({
    queryKey: k8sKeys.metrics(context, metricsListPath),
    queryFn: async ({ signal }): Promise<MetricsCells> => {
      const metrics = (await kubeRequest<unknown>(context, metricsListPath, { signal })).body;
      if (!metricsListPath.endsWith('/v1beta1/nodes')) return metricsCells(metrics);
      // Node usage is also shown as a share of the allocatable, as kubectl top nodes does; without the nodes, none.
      const nodes = await kubeRequest<unknown>(context, '/api/v1/nodes', { signal }).then((r) => r.body, () => null);
      return metricsCells(metrics, nodes === null ? undefined : allocatableOf(nodes));
    },
    staleTime: 0,
    // After a failure (metrics-server starting, 403) ask again, but seldom: the columns are optional.
    refetchInterval: (query) => (query.state.status === 'error' ? 4 * METRICS_REFRESH_MS : METRICS_REFRESH_MS),
    // A 403/404/503 means no columns, not a retry storm beside every list.
    retry: false,
  });
}

/** The metrics cells, or undefined while none are known (not served, not yet read, or refused). */
export function useMetricsCells(context: string, metricsListPath: string | null): MetricsCells | undefined {
  const query = useQuery({ ...metricsListQueryOptions(context, metricsListPath ?? ''), enabled: metricsListPath !== null });
  return metricsListPath === null || query.isError ? undefined : query.data;
}
