// On a Service's page: each port forwarded to a Running, Ready pod its selector picks, at the resolved targetPort.
import { useQuery } from '@tanstack/react-query';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { k8sKeys } from '../../data/query-keys';
import { fetchJson, kubeUrl } from '../../k8s/api-client';
import type { KubeList, KubeObject } from '../../k8s/kube-object';
import { readyPod, resolveTargetPort, servicePorts, serviceSelector } from './forward-targets';
import { PortForwardSection } from './port-forward-section';
import { PortForwardRow } from './port-forward-row';

export function ServicePortForwardPanel({ context, service, forwardsHref }: { context: string; service: KubeObject; forwardsHref: string }) {
  const namespace = service.metadata.namespace ?? 'default';
  const selector = serviceSelector(service);
  const pods = useQuery({
    queryKey: k8sKeys.servicePods(context, namespace, selector ?? ''),
    queryFn: async ({ signal }) =>
      (await fetchJson<KubeList>(kubeUrl(context, `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods`, { labelSelector: selector ?? '' }), { signal })).body.items ?? [],
    enabled: selector !== null,
  });
  const ports = servicePorts(service).filter((p) => p.protocol === 'TCP');
  const pod = pods.data ? readyPod(pods.data) : null;
  let body;
  if (selector === null) body = <p className="text-xs text-slate-500">This Service has no selector: it picks no pods to forward to.</p>;
  else if (pods.isError) body = <KubeErrorPanel error={pods.error} title="Listing the Service's pods" onRetry={() => void pods.refetch()} testId="service-forward-error" />;
  else if (!pods.data) body = <p className="text-xs text-slate-500">Looking for a ready pod…</p>;
  else if (!pod) body = <p className="text-xs text-amber-700">No Running, Ready pod matches {selector}: there is nothing to forward to.</p>;
  else
    body = (
      <>
        <p className="text-xs text-slate-500">
          to pod <span className="font-mono">{pod.metadata.name}</span>
        </p>
        <ul>
          {ports.map((p) => {
            const target = resolveTargetPort(pod, p.targetPort);
            const label = `${p.name ? `${p.name} ` : ''}${p.port} → ${String(p.targetPort)}`;
            if (target === null)
              return (
                <li key={p.port} className="py-1 text-xs text-amber-700">
                  {label}: no container of {pod.metadata.name} names a port {String(p.targetPort)}
                </li>
              );
            return <PortForwardRow key={p.port} context={context} namespace={namespace} pod={pod.metadata.name ?? ''} port={target} name={p.name} appProtocol={p.appProtocol} label={label} />;
          })}
        </ul>
      </>
    );
  return (
    <PortForwardSection forwardsHref={forwardsHref}>
      {body}
    </PortForwardSection>
  );
}
