// /c/{context}/-/port-forwards: every forward the kubeglass server holds for this person, in any context, with its
// traffic, a link for HTTP ports, Stop, and why an ended one ended.
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { usePortForwards, useStopPortForward } from '../../data/port-forwards-query';
import { toUiPath } from '../../k8s/paths';
import { forwardUrl, looksLikeHttp, type PortForward } from '../../k8s/port-forwards';

function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

const podPath = (f: PortForward) => toUiPath(f.context, `/api/v1/namespaces/${encodeURIComponent(f.namespace)}/pods/${encodeURIComponent(f.pod)}`);

function ForwardRow({ forward }: { forward: PortForward }) {
  const stop = useStopPortForward();
  const ended = forward.ended;
  return (
    <tr className="border-t border-slate-200 align-top" data-testid="port-forward-item" data-state={ended ? 'ended' : 'listening'} data-id={forward.id}>
      <td className="px-2 py-1 font-mono">
        <a href={podPath(forward)} className="text-indigo-700 hover:underline">
          {forward.context}/{forward.namespace}/{forward.pod}
        </a>
        :{forward.port}
      </td>
      <td className="px-2 py-1 font-mono">
        {forward.localAddress}:{forward.localPort}
        {!ended && looksLikeHttp(forward.port) && (
          <>
            {' '}
            <a href={forwardUrl(forward)} target="_blank" rel="noreferrer noopener" className="font-sans text-indigo-700 underline" data-testid="port-forward-open">
              Open
            </a>
          </>
        )}
      </td>
      <td className="px-2 py-1" data-testid="port-forward-traffic">
        ↑ {bytes(forward.bytesOut)} ↓ {bytes(forward.bytesIn)}
      </td>
      <td className="px-2 py-1">
        {forward.connections} open, {forward.connectionsTotal} in all
      </td>
      <td className="px-2 py-1" data-testid="port-forward-state">
        {ended ? (
          <span className="text-amber-700">
            ended ({ended.reason}): {ended.message}
          </span>
        ) : (
          <span className="text-emerald-700">listening</span>
        )}
        {forward.lastError && <div className="text-red-700">last error from the pod: {forward.lastError}</div>}
      </td>
      <td className="px-2 py-1">
        <button
          type="button"
          onClick={() => stop.mutate(forward.id)}
          className="rounded border border-slate-300 bg-white px-2 py-0.5 font-medium text-slate-700 hover:bg-slate-50"
          data-testid={ended ? 'port-forward-dismiss' : 'port-forward-stop'}
        >
          {ended ? 'Dismiss' : 'Stop'}
        </button>
      </td>
    </tr>
  );
}

export function PortForwardsPage() {
  const forwards = usePortForwards();
  return (
    <div className="p-4 text-sm" data-testid="port-forwards-page">
      <h1 className="mb-1 text-base font-semibold">Port forwards</h1>
      <p className="mb-3 text-xs text-slate-500">
        Each listens on this machine only (127.0.0.1) and goes through the API server&apos;s pods/portforward with your credentials. A forward ends when
        you stop it or its pod goes. Start one from a pod&apos;s or a Service&apos;s page.
      </p>
      {forwards.isError ? (
        <KubeErrorPanel error={forwards.error} title="Listing port forwards" onRetry={() => void forwards.refetch()} />
      ) : !forwards.data ? (
        <p role="status">Loading…</p>
      ) : forwards.data.length === 0 ? (
        <p data-testid="port-forwards-empty">No port forwards.</p>
      ) : (
        <table className="w-full text-left text-xs">
          <thead className="text-slate-500">
            <tr>
              <th className="px-2 py-1 font-medium">Pod:port</th>
              <th className="px-2 py-1 font-medium">Local address</th>
              <th className="px-2 py-1 font-medium">Traffic</th>
              <th className="px-2 py-1 font-medium">Connections</th>
              <th className="px-2 py-1 font-medium">State</th>
              <th className="px-2 py-1 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {forwards.data.map((f) => (
              <ForwardRow key={f.id} forward={f} />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
