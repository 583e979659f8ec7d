// Per container of a pod: state with reason and message, restarts, the last state with its exit code, image and
// image ID, probes, requests and limits. Live with the pod's watch, like the rest of the page.
import type { KubeObject } from '../../k8s/kube-object';
import { containerViews, type ContainerStateView, type ContainerView } from './container-status';
import { LiveAge } from './live-age';

const STATE_CLASS: Record<ContainerStateView['phase'], string> = {
  running: 'bg-emerald-100 text-emerald-800',
  waiting: 'bg-amber-100 text-amber-800',
  terminated: 'bg-slate-200 text-slate-700',
  unknown: 'bg-slate-100 text-slate-500',
};

function StateLine({ state, testId }: { state: ContainerStateView; testId: string }) {
  const failed = state.phase === 'terminated' && state.exitCode !== undefined && state.exitCode !== 0;
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5" data-testid={testId}>
      <span className={`rounded px-1.5 py-0.5 text-[11px] font-medium ${failed ? 'bg-red-100 text-red-800' : STATE_CLASS[state.phase]}`}>
        {state.phase === 'unknown' ? 'not reported' : state.phase}
        {state.reason ? `: ${state.reason}` : ''}
      </span>
      {state.exitCode !== undefined && <span className="text-xs text-slate-600">exit code {state.exitCode}{state.signal ? `, signal ${state.signal}` : ''}</span>}
      {state.startedAt && (
        <span className="text-xs text-slate-500">
          started <LiveAge timestamp={state.startedAt} /> ago
        </span>
      )}
      {state.finishedAt && (
        <span className="text-xs text-slate-500">
          finished <LiveAge timestamp={state.finishedAt} /> ago
        </span>
      )}
      {state.message && <p className="w-full whitespace-pre-wrap break-words text-xs text-slate-700">{state.message}</p>}
    </div>
  );
}

function Quantities({ title, values }: { title: string; values: Record<string, string> }) {
  const entries = Object.entries(values);
  return (
    <span className="text-xs text-slate-600">
      <span className="text-slate-400">{title} </span>
      {entries.length === 0 ? <span className="text-slate-400">none</span> : entries.map(([k, v]) => `${k} ${v}`).join(', ')}
    </span>
  );
}

function ContainerCard({ c }: { c: ContainerView }) {
  return (
    <li className="rounded border border-slate-200 p-2" data-testid="container-status" data-container={c.name}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-[13px] font-semibold text-slate-900">{c.name}</span>
        {c.kind !== 'regular' && <span className="rounded bg-indigo-50 px-1 text-[11px] text-indigo-700">{c.kind}</span>}
        {c.ready !== undefined && (
          <span className={`text-[11px] ${c.ready ? 'text-emerald-700' : 'text-amber-700'}`} data-testid="container-ready">
            {c.ready ? 'ready' : 'not ready'}
          </span>
        )}
        <span className={`text-[11px] ${c.restartCount > 0 ? 'font-semibold text-red-700' : 'text-slate-500'}`} data-testid="container-restarts">
          {c.restartCount} {c.restartCount === 1 ? 'restart' : 'restarts'}
        </span>
      </div>
      <div className="mt-1 space-y-1">
        <StateLine state={c.state} testId="container-state" />
        {c.lastState && (
          <div className="flex items-start gap-2">
            <span className="pt-0.5 text-[11px] text-slate-400">last</span>
            <StateLine state={c.lastState} testId="container-last-state" />
          </div>
        )}
        <div className="font-mono text-[11px] text-slate-600" data-testid="container-image">
          {c.image}
          {c.imageID && <span className="block truncate text-slate-400" title={c.imageID}>{c.imageID}</span>}
        </div>
        <div className="flex flex-wrap gap-x-4">
          <Quantities title="requests" values={c.requests} />
          <Quantities title="limits" values={c.limits} />
        </div>
        {c.probes.length > 0 && (
          <ul className="text-xs text-slate-600" data-testid="container-probes">
            {c.probes.map((p) => (
              <li key={p.kind}>
                <span className="text-slate-400">{p.kind} </span>
                <span className="font-mono">{p.action}</span> <span className="text-slate-400">({p.timing})</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

export function ContainerStatusPanel({ pod }: { pod: KubeObject }) {
  const containers = containerViews(pod);
  if (containers.length === 0) return null;
  return (
    <section aria-label="Containers" className="border-b border-slate-200 px-4 py-3" data-testid="containers-section">
      <h2 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Containers</h2>
      <ul className="grid grid-cols-1 gap-2 lg:grid-cols-2">
        {containers.map((c) => (
          <ContainerCard key={`${c.kind}/${c.name}`} c={c} />
        ))}
      </ul>
    </section>
  );
}
