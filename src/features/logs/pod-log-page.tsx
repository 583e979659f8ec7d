// A pod's log at the URL of its subresource: /c/{context}/api/v1/namespaces/{ns}/pods/{name}/log?container=...
import { useEffect, useMemo } from 'react';
import { AccessNote } from '../../components/ui/access-control';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { useAccess } from '../../data/access-query';
import { useLiveObject } from '../../data/object-live';
import { attributesFor } from '../../k8s/access/access-review';
import { podLogQueryFromSearch, podLogSearch, type PodLogQuery } from '../../k8s/logs';
import { buildApiPath, toUiPath, type ApiPath } from '../../k8s/paths';
import { useLogDefaults } from '../../stores/log-preferences-store';
import { ALL, ALL_CONTAINERS, ContainerPicker } from './container-picker';
import { defaultContainer, podContainers } from './pod-containers';
import { LogScreen } from './log-screen';
import type { LogSource } from './use-log-streams';

export interface PodLogPageProps {
  context: string;
  /** The log subresource's path: .../pods/{name}/log. */
  path: ApiPath;
  search: string;
  onReplaceUrl: (to: string) => void;
}


export function PodLogPage({ context, path, search, onReplaceUrl }: PodLogPageProps) {
  const podPath = buildApiPath({ ...path, subresource: null });
  const name = path.name ?? '';
  const { query: podQuery } = useLiveObject({ context, path: podPath });
  const pod = podQuery.data?.object;
  const containers = useMemo(() => podContainers(pod), [pod]);
  const query = podLogQueryFromSearch(search, useLogDefaults());
  const all = new URLSearchParams(search).get(ALL) === 'true';
  const access = useAccess(context, attributesFor(path, 'get', { subresource: 'log' }));
  const chosen = query.container !== '' ? query.container : defaultContainer(pod, containers);

  useEffect(() => {
    document.title = `${name} logs · ${context} — Kubeglass`;
  }, [name, context]);

  const sources: LogSource[] = useMemo(() => {
    if (!pod) return [];
    if (all) return containers.map((c) => ({ label: c.name, podPath, container: c.name }));
    return [{ label: chosen || name, podPath, container: chosen }];
  }, [pod, all, containers, podPath, chosen, name]);

  const replace = (q: PodLogQuery, allContainers = all) => onReplaceUrl(`${toUiPath(context, buildApiPath(path))}${podLogSearch(q, allContainers ? { [ALL]: 'true' } : {})}`);

  const picker = (
    <ContainerPicker
      containers={containers}
      value={all ? ALL_CONTAINERS : chosen}
      onChange={(value) => (value === ALL_CONTAINERS ? replace({ ...query, container: '' }, true) : replace({ ...query, container: value }, false))}
    />
  );

  return (
    <article aria-labelledby="log-title" className="flex h-full min-h-0 flex-col">
      <header className="flex min-h-11 shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 px-4 py-2">
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600">Pod log</span>
        <h1 id="log-title" className="font-mono text-sm font-semibold text-slate-900" data-testid="log-title">
          <a href={toUiPath(context, podPath)} className="text-indigo-700 hover:underline" data-testid="log-pod-link">
            {name}
          </a>
        </h1>
        {path.namespace !== null && <span className="text-xs text-slate-500">in {path.namespace}</span>}
        <span className="font-mono text-[11px] text-slate-400" title="The API path this view reads">
          GET {buildApiPath(path)}
        </span>
        <div className="ml-auto">
          <AccessNote access={access} action={`read the logs of pod "${name}"`} testId="log-access" />
        </div>
      </header>
      {podQuery.error ? (
        <div className="p-4">
          <KubeErrorPanel error={podQuery.error} title={`Getting pod ${name}`} />
        </div>
      ) : (
        <LogScreen context={context} sources={sources} query={query} onQueryChange={(q) => replace(q)} picker={picker} downloadName={name} view={all ? '*' : chosen} />
      )}
    </article>
  );
}
