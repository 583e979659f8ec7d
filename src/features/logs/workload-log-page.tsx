// Logs of every pod a workload selects (/c/{context}/-/logs?namespace=&labelSelector=&kind=&name=): the pods are
// a live list, so a pod that comes (a rollout, a restart) gets its stream and one that goes keeps its lines.
import { useEffect, useMemo } from 'react';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { useLiveTable } from '../../data/use-live-table';
import { podLogQueryFromSearch, podLogSearch, type PodLogQuery } from '../../k8s/logs';
import { buildApiPath, collectionPath, toUiPath } from '../../k8s/paths';
import { useLogDefaults } from '../../stores/log-preferences-store';
import { useSnapshot } from '../../data/snapshot-query';
import type { KubeObject } from '../../k8s/kube-object';
import { ALL, ALL_CONTAINERS, ContainerPicker } from './container-picker';
import { LogScreen } from './log-screen';
import { defaultContainer, podContainers } from './pod-containers';
import type { LogSource } from './use-log-streams';

export interface WorkloadLogPageProps {
  context: string;
  search: string;
  onReplaceUrl: (to: string) => void;
}

const KEPT = ['namespace', 'labelSelector', 'kind', 'name', 'workload'] as const;

/** The pod template of a workload, shaped as a pod for the container helpers. */
function workloadTemplate(workload: KubeObject | undefined): KubeObject | undefined {
  const template = (workload?.spec as { template?: { metadata?: KubeObject['metadata']; spec?: unknown } } | undefined)?.template;
  return template ? { metadata: template.metadata ?? {}, spec: template.spec } : undefined;
}

/** The URL of a workload's logs (for links from its page). */
export function workloadLogsUrl(context: string, w: { namespace: string; labelSelector: string; kind: string; name: string; workloadPath: string; container?: string }): string {
  const q = new URLSearchParams({ namespace: w.namespace, labelSelector: w.labelSelector, kind: w.kind, name: w.name, workload: w.workloadPath });
  if (w.container) q.set('container', w.container);
  return `/c/${encodeURIComponent(context)}/-/logs?${q.toString()}`;
}

export function WorkloadLogPage({ context, search, onReplaceUrl }: WorkloadLogPageProps) {
  const params = new URLSearchParams(search);
  const namespace = params.get('namespace') ?? '';
  const labelSelector = params.get('labelSelector') ?? '';
  const kind = params.get('kind') ?? 'Workload';
  const name = params.get('name') ?? '';
  const workloadPath = params.get('workload') ?? '';
  const query = podLogQueryFromSearch(search, useLogDefaults());
  // The containers a workload's pods run are its template's: the picker offers them before any pod is listed.
  const workload = useSnapshot<KubeObject>(context, workloadPath, false);
  const template = useMemo(() => workloadTemplate(workload.data), [workload.data]);
  const containers = useMemo(() => podContainers(template), [template]);
  const all = params.get(ALL) === 'true';
  const container = query.container !== '' ? query.container : defaultContainer(template, containers);
  const podsPath = collectionPath({ group: '', version: 'v1', resource: 'pods' }, namespace);
  const pods = useLiveTable({ context, path: podsPath, labelSelector: labelSelector || undefined });
  const podNames = (pods.query.data?.table.rows ?? []).map((r) => r.object?.metadata?.name ?? '').filter((n) => n !== '');

  useEffect(() => {
    document.title = `${kind} ${name} logs · ${context} — Kubeglass`;
  }, [kind, name, context]);

  // A new array each render is fine: the streams are keyed by what the sources say, not by identity.
  const podPathOf = (pod: string) => buildApiPath({ group: '', version: 'v1', namespace, resource: 'pods', name: pod, subresource: null });
  const sources: LogSource[] = all
    ? podNames.flatMap((pod) => containers.map((c) => ({ label: `${pod}/${c.name}`, podPath: podPathOf(pod), container: c.name })))
    : podNames.map((pod) => ({ label: containers.length > 1 ? `${pod}/${container}` : pod, podPath: podPathOf(pod), container }));

  const replace = (q: PodLogQuery, allContainers = all) => {
    const extra: Record<string, string> = {};
    for (const k of KEPT) {
      const v = params.get(k);
      if (v !== null) extra[k] = v;
    }
    if (allContainers) extra[ALL] = 'true';
    onReplaceUrl(`/c/${encodeURIComponent(context)}/-/logs${podLogSearch(q, extra)}`);
  };
  const picker = containers.length > 0 && (
    <ContainerPicker
      containers={containers}
      value={all ? ALL_CONTAINERS : container}
      onChange={(value) => (value === ALL_CONTAINERS ? replace({ ...query, container: '' }, true) : replace({ ...query, container: value }, false))}
    />
  );

  return (
    <article aria-labelledby="log-title" className="flex h-full min-h-0 flex-col">
      <header className="flex min-h-11 shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 px-4 py-2">
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600">{kind} logs</span>
        <h1 id="log-title" className="font-mono text-sm font-semibold text-slate-900" data-testid="log-title">
          {workloadPath ? (
            <a href={toUiPath(context, workloadPath)} className="text-indigo-700 hover:underline">
              {name}
            </a>
          ) : (
            name
          )}
        </h1>
        <span className="text-xs text-slate-500">in {namespace}</span>
        <a href={`${toUiPath(context, podsPath)}?labelSelector=${encodeURIComponent(labelSelector)}`} className="font-mono text-[11px] text-indigo-700 hover:underline" data-testid="log-pod-count">
          {podNames.length} {podNames.length === 1 ? 'pod' : 'pods'} · {labelSelector || 'every pod'}
        </a>
      </header>
      {pods.query.error ? (
        <div className="p-4">
          <KubeErrorPanel error={pods.query.error} title={`Listing the pods of ${kind} ${name}`} />
        </div>
      ) : (
        <LogScreen context={context} sources={sources} query={query} onQueryChange={(q) => replace(q)} picker={picker || undefined} downloadName={name} view={all ? '*' : container} />
      )}
    </article>
  );
}
