// On a pod's page: each declared container port, forwardable to 127.0.0.1 through the kubeglass server.
import type { KubeObject } from '../../k8s/kube-object';
import { containerPorts } from './forward-targets';
import { PortForwardRow } from './port-forward-row';

export function PodPortForwardPanel({ context, pod, forwardsHref }: { context: string; pod: KubeObject; forwardsHref: string }) {
  const ports = containerPorts(pod).filter((p) => p.protocol === 'TCP');
  const namespace = pod.metadata.namespace ?? 'default';
  const name = pod.metadata.name ?? '';
  return (
    <section aria-label="Port forward" data-testid="port-forward-panel" className="border-b border-slate-200 px-4 py-3">
      <div className="mb-1 flex items-center gap-2 text-xs">
        <h2 className="font-semibold uppercase tracking-wide text-slate-500">Port forward</h2>
        <a href={forwardsHref} className="text-indigo-700 hover:underline">
          all forwards
        </a>
      </div>
      {ports.length === 0 ? (
        <p className="text-xs text-slate-500">No container declares a TCP port (spec.containers[].ports).</p>
      ) : (
        <ul>
          {ports.map((p) => (
            <PortForwardRow key={`${p.container}/${p.port}`} context={context} namespace={namespace} pod={name} port={p.port} name={p.name} label={`${p.container} ${p.name ? `${p.name} ` : ''}${p.port}/TCP`} />
          ))}
        </ul>
      )}
    </section>
  );
}
