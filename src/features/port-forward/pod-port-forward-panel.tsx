// On a pod's page: each declared container port, forwardable to 127.0.0.1 through the kubeglass server.
import type { KubeObject } from '../../k8s/kube-object';
import { containerPorts } from './forward-targets';
import { PortForwardSection } from './port-forward-section';
import { PortForwardRow } from './port-forward-row';

export function PodPortForwardPanel({ context, pod, forwardsHref }: { context: string; pod: KubeObject; forwardsHref: string }) {
  const ports = containerPorts(pod).filter((p) => p.protocol === 'TCP');
  const namespace = pod.metadata.namespace ?? 'default';
  const name = pod.metadata.name ?? '';
  return (
    <PortForwardSection forwardsHref={forwardsHref}>
      {ports.length === 0 ? (
        <p className="text-xs text-slate-500">No container declares a TCP port (spec.containers[].ports).</p>
      ) : (
        <ul>
          {ports.map((p) => (
            <PortForwardRow key={`${p.container}/${p.port}`} context={context} namespace={namespace} pod={name} port={p.port} name={p.name} label={`${p.container} ${p.name ? `${p.name} ` : ''}${p.port}/TCP`} />
          ))}
        </ul>
      )}
    </PortForwardSection>
  );
}
