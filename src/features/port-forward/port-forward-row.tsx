// One port that can be forwarded: a local port field and Forward, or, while forwarded, its local address, Open and Stop.
import { useId, useState } from 'react';
import { GatedAction } from '../../components/ui/access-control';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { useAccess } from '../../data/access-query';
import { usePortForwards, useStartPortForward, useStopPortForward } from '../../data/port-forwards-query';
import { forwardUrl, looksLikeHttp } from '../../k8s/port-forwards';

export interface PortForwardRowProps {
  context: string;
  namespace: string;
  pod: string;
  port: number;
  /** What the port is, as the page names it ("web 8080/TCP"). */
  label: string;
  name?: string;
  appProtocol?: string;
}

const BUTTON = 'rounded border border-indigo-300 bg-white px-2 py-0.5 font-medium text-indigo-700 hover:bg-indigo-50';

export function PortForwardRow({ context, namespace, pod, port, label, name, appProtocol }: PortForwardRowProps) {
  const inputId = useId();
  const [localPort, setLocalPort] = useState('');
  const access = useAccess(context, { verb: 'create', group: '', resource: 'pods', subresource: 'portforward', namespace, name: pod });
  const forwards = usePortForwards();
  const start = useStartPortForward();
  const stop = useStopPortForward();
  const active = (forwards.data ?? []).find((f) => f.context === context && f.namespace === namespace && f.pod === pod && f.port === port && !f.ended);
  const chosen = localPort.trim();
  const invalid = chosen !== '' && !(/^\d+$/.test(chosen) && Number(chosen) >= 1 && Number(chosen) <= 65535);
  const forward = () => {
    if (invalid) return;
    start.mutate({ context, namespace, pod, port, ...(chosen !== '' ? { localPort: Number(chosen) } : {}) });
  };
  return (
    <li className="py-1" data-testid="port-forward-row" data-port={port}>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="font-mono text-slate-700">{label}</span>
        {active ? (
          <>
            <span className="font-mono text-emerald-700" data-testid="port-forward-address">
              {active.localAddress}:{active.localPort}
            </span>
            {looksLikeHttp(port, name, appProtocol) && (
              <a href={forwardUrl(active)} target="_blank" rel="noreferrer noopener" className="text-indigo-700 underline" data-testid="port-forward-open">
                Open
              </a>
            )}
            <button type="button" onClick={() => stop.mutate(active.id)} className={BUTTON} data-testid="port-forward-stop">
              Stop
            </button>
          </>
        ) : (
          <>
            <label htmlFor={inputId} className="text-slate-600">
              local port
            </label>
            <input
              id={inputId}
              value={localPort}
              onChange={(e) => setLocalPort(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') forward();
              }}
              inputMode="numeric"
              placeholder={String(port)}
              aria-invalid={invalid || undefined}
              className="w-20 rounded border border-slate-300 bg-white px-1 py-0.5 font-mono"
              data-testid="port-forward-local-port"
            />
            <GatedAction
              access={access}
              action={`create pods/portforward in "${namespace}"`}
              onClick={forward}
              title={`Listen on 127.0.0.1:${chosen || `${port} (or a free port)`} and forward to ${pod}:${port}`}
              className={BUTTON}
              testId="port-forward-start"
            >
              {start.isPending ? 'Forwarding…' : 'Forward'}
            </GatedAction>
            {invalid && <span className="text-amber-700">a port is a number from 1 to 65535</span>}
          </>
        )}
      </div>
      {start.isError && !active && (
        <div className="mt-1">
          <KubeErrorPanel error={start.error} title={`Forwarding port ${port} of ${pod}`} onRetry={forward} testId="port-forward-error" />
        </div>
      )}
    </li>
  );
}
