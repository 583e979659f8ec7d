// A collection as the server prints it (Table), kept live by a watch.
import { useEffect } from 'react';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { useLiveTable } from '../../data/use-live-table';
import type { ApiPath } from '../../k8s/paths';
import { useUiStore } from '../../stores/ui-store';
import { ResourceTable } from './resource-table';
import { WatchStateBadge } from './watch-state-badge';

export interface ResourceListPageProps {
  context: string;
  /** Collection API path, e.g. /api/v1/namespaces/default/pods. */
  apiPath: string;
  path: ApiPath;
  labelSelector?: string;
  fieldSelector?: string;
}

function scopeLabel(path: ApiPath, namespaced: boolean): string {
  if (path.namespace !== null) return `namespace ${path.namespace}`;
  return namespaced ? 'all namespaces' : 'cluster';
}

export function ResourceListPage({ context, apiPath, path, labelSelector, fieldSelector }: ResourceListPageProps) {
  const { query, watchState, problem, retry } = useLiveTable({ context, path: apiPath, labelSelector, fieldSelector });
  const wide = useUiStore((s) => s.wide);
  const setWide = useUiStore((s) => s.setWide);
  const data = query.data;
  const rows = data?.table.rows ?? [];
  const namespaced = path.namespace !== null || rows.some((row) => Boolean(row.object?.metadata.namespace));
  const showNamespace = path.namespace === null && namespaced;
  const groupVersion = path.group ? `${path.group}/${path.version}` : path.version;
  const scope = scopeLabel(path, namespaced);
  const error = query.error ?? problem;

  useEffect(() => {
    document.title = `${path.resource} · ${path.namespace ?? (namespaced ? 'all' : 'cluster')} · ${context} — Kubeglass`;
  }, [path.resource, path.namespace, namespaced, context]);

  return (
    <section aria-labelledby="resource-list-title" className="flex h-full min-h-0 flex-col">
      <header className="flex h-11 shrink-0 items-center gap-3 border-b border-slate-200 px-4">
        <h1 id="resource-list-title" className="text-sm font-semibold text-slate-900">
          {path.resource}
        </h1>
        <span className="font-mono text-xs text-slate-400">{groupVersion}</span>
        <span className="text-xs text-slate-500" data-testid="list-scope">
          {scope}
        </span>
        {(labelSelector || fieldSelector) && (
          <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-600">
            {[labelSelector, fieldSelector].filter(Boolean).join(' · ')}
          </span>
        )}
        {data && (
          <span className="text-xs text-slate-400 tabular-nums" data-testid="row-count">
            {rows.length} {rows.length === 1 ? 'item' : 'items'}
          </span>
        )}
        <div className="ml-auto flex items-center gap-2">
          <WatchStateBadge state={watchState} />
          <button
            type="button"
            aria-pressed={wide}
            data-testid="wide-toggle"
            onClick={() => setWide(!wide)}
            title="Show the columns kubectl prints with -o wide"
            className={`rounded border px-2 py-0.5 text-xs font-medium ${
              wide ? 'border-indigo-300 bg-indigo-50 text-indigo-700' : 'border-slate-200 text-slate-600 hover:bg-slate-50'
            }`}
          >
            Wide
          </button>
        </div>
      </header>

      {data && data.warnings.length > 0 && (
        <ul data-testid="api-warnings" className="border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-xs text-amber-800">
          {data.warnings.map((warning) => (
            <li key={warning}>Warning: {warning}</li>
          ))}
        </ul>
      )}

      <div className="min-h-0 flex-1 overflow-auto">
        {error !== null && error !== undefined && (
          <div className="p-4">
            <KubeErrorPanel error={error} title={query.error ? `Listing ${path.resource}` : `Watching ${path.resource}`} onRetry={retry} />
          </div>
        )}
        {!data && !error && (
          <div role="status" data-testid="loading" className="flex items-center gap-2 p-4 text-sm text-slate-500">
            <span aria-hidden="true" className="h-3 w-3 animate-spin rounded-full border-2 border-slate-300 border-t-slate-600" />
            Loading {path.resource}…
          </div>
        )}
        {data && (
          <>
            <ResourceTable key={apiPath} table={data.table} wide={wide} showNamespace={showNamespace} label={path.resource} />
            {rows.length === 0 && (
              <p data-testid="empty-state" className="px-4 py-6 text-sm text-slate-500">
                No {path.resource} in {scope}.
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
