// CPU and memory of a pod's containers against their requests and limits, from metrics.k8s.io; only where the cluster
// serves it (metrics-server): otherwise nothing shows. Read again every 15 s, metrics-server's scrape interval.
import { useQuery } from '@tanstack/react-query';
import { useDiscovery } from '../../data/discovery-query';
import { objectQueryOptions } from '../../data/object-query';
import { KubeApiError } from '../../k8s/kube-api-error';
import type { KubeObject } from '../../k8s/kube-object';
import { containerUsage, formatCpu, formatMemory, POD_METRICS_GVR_KEY, usageShare, type ResourceUsage } from '../../k8s/metrics';

const REFRESH_MS = 15_000;

function UsageCell({ u, format, testId }: { u: ResourceUsage; format: (n: number) => string; testId: string }) {
  const share = usageShare(u);
  const over = share !== null && share.share > 1;
  const percent = share === null ? null : Math.round(share.share * 100);
  return (
    <td className="py-1 pr-4 align-top" data-testid={testId}>
      <div className="font-mono text-xs text-slate-800">
        {u.usage === null ? '—' : format(u.usage)}
        {percent !== null && ' '}
        {percent !== null && (
          <span className={over ? 'text-red-700' : 'text-slate-500'}>
            ({percent}% of {share?.of})
          </span>
        )}
      </div>
      {share !== null && (
        <div className="mt-0.5 h-1.5 w-32 overflow-hidden rounded bg-slate-200" aria-hidden="true">
          <div className={`h-full ${over ? 'bg-red-500' : 'bg-indigo-500'}`} style={{ width: `${Math.min(100, share.share * 100)}%` }} />
        </div>
      )}
      <div className="text-[11px] text-slate-500">
        request {u.request === null ? 'none' : format(u.request)} · limit {u.limit === null ? 'none' : format(u.limit)}
      </div>
    </td>
  );
}

export function PodUsage({ context, pod }: { context: string; pod: KubeObject }) {
  const served = useDiscovery(context).data?.index.byGvr.has(POD_METRICS_GVR_KEY) ?? false;
  const namespace = pod.metadata.namespace ?? 'default';
  const name = pod.metadata.name ?? '';
  const path = `/apis/metrics.k8s.io/v1beta1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(name)}`;
  const metrics = useQuery({ ...objectQueryOptions({ context, path }), enabled: served, staleTime: 0, refetchInterval: REFRESH_MS, retry: false });
  if (!served) return null;
  const rows = containerUsage(pod, metrics.data?.object);
  const error = metrics.error;
  return (
    <section aria-label="Resource usage" data-testid="pod-usage" className="border-b border-slate-200 px-4 py-3">
      <div className="mb-1 flex items-center gap-2">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Resource usage</h2>
        <span className="text-[11px] text-slate-400">metrics.k8s.io, every 15 s</span>
      </div>
      {error ? (
        <p className="text-xs text-slate-500" data-testid="pod-usage-missing">
          {error instanceof KubeApiError && error.code === 404
            ? 'No usage for this pod: metrics-server reports running pods only, once it has scraped them.'
            : `No usage: ${error instanceof Error ? error.message : String(error)}`}
        </p>
      ) : !metrics.data ? (
        <p className="text-xs text-slate-400">Loading usage…</p>
      ) : (
        <table className="text-left text-xs">
          <thead>
            <tr className="text-slate-500">
              <th className="pr-4 font-medium">Container</th>
              <th className="pr-4 font-medium">CPU</th>
              <th className="pr-4 font-medium">Memory</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.name} data-testid="pod-usage-row">
                <td className="py-1 pr-4 align-top font-mono text-slate-900">{r.name}</td>
                <UsageCell u={r.cpu} format={formatCpu} testId="usage-cpu" />
                <UsageCell u={r.memory} format={formatMemory} testId="usage-memory" />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
