// The left navigator: every listable resource discovery reports, grouped by API group, with pins, recents and a filter.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useCrdDiscoveryRefresh } from '../../../data/crd-watch';
import { refreshDiscovery, useDiscovery } from '../../../data/discovery-query';
import type { Gvr } from '../../../k8s/discovery/gvr';
import { KubeApiError } from '../../../k8s/kube-api-error';
import { useUiStore } from '../../../stores/ui-store';
import {
  buildNavigatorGroups,
  filterNavigatorGroups,
  groupLabel,
  isSameResource,
  resolveNavResources,
  resourceListHref,
  type NavGroup,
  type NavResource,
} from './navigator-model';

export interface ResourceNavigatorProps {
  context: string;
  /** Namespace namespaced links go to; null = all namespaces. */
  namespace: string | null;
  /** The resource on screen (any version), to mark its link and remember it as recent. */
  active: Gvr | null;
  /** Goes to a same-origin URL (the router's navigate): Enter in the filter opens its only match. */
  onNavigate: (to: string) => void;
}

/** The one resource the filter leaves, or null when it leaves none or several. */
function onlyMatch(groups: NavGroup[]): NavResource | null {
  const [first, second] = groups.flatMap((g) => g.resources);
  return first && !second ? first : null;
}

export function ResourceNavigator({ context, namespace, active, onNavigate }: ResourceNavigatorProps) {
  const queryClient = useQueryClient();
  const discovery = useDiscovery(context);
  const data = discovery.data;
  useCrdDiscoveryRefresh(context, data?.index);
  const [filter, setFilter] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const pinned = useUiStore((s) => s.pinnedResources);
  const recent = useUiStore((s) => s.recentResources);
  const visitResource = useUiStore((s) => s.visitResource);

  const groups = useMemo(() => (data ? buildNavigatorGroups(data.index, data.discovery) : []), [data]);
  const shown = useMemo(() => filterNavigatorGroups(groups, filter), [groups, filter]);
  const pinnedResources = useMemo(() => resolveNavResources(groups, pinned), [groups, pinned]);
  const recentResources = useMemo(
    () => resolveNavResources(groups, recent.filter((name) => !pinned.includes(name))),
    [groups, recent, pinned],
  );

  const activeName = useMemo(() => {
    for (const g of groups) for (const r of g.resources) if (isSameResource(r.resource, active)) return r.name;
    return null;
  }, [groups, active]);
  useEffect(() => {
    if (activeName) visitResource(activeName);
  }, [activeName, visitResource]);

  const toggleGroup = (group: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(group)) next.delete(group);
      else next.add(group);
      return next;
    });

  const itemProps = { context, namespace, active };
  const filterHintId = useId();
  const filtering = filter.trim() !== '';

  return (
    <nav aria-label="Resources" data-testid="resource-navigator" className="flex w-60 shrink-0 flex-col border-r border-slate-200 bg-slate-50/60">
      <div className="flex items-center gap-1 px-2 pt-2">
        <input
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setFilter('');
            const only = e.key === 'Enter' && filtering ? onlyMatch(shown) : null;
            if (only) onNavigate(resourceListHref(context, only.resource, namespace));
          }}
          aria-describedby={filterHintId}
          aria-label="Filter resources"
          placeholder="Filter: po, deploy, all…"
          data-testid="navigator-filter"
          className="h-7 min-w-0 flex-1 rounded border border-slate-200 bg-white px-2 text-xs text-slate-800 placeholder:text-slate-400 focus:border-indigo-400 focus:outline-none"
        />
        <button
          type="button"
          onClick={() => void refreshDiscovery(queryClient, context)}
          disabled={discovery.isFetching}
          aria-label="Refresh API discovery"
          title="Discover the cluster's resources again"
          data-testid="discovery-refresh"
          className="grid h-7 w-7 place-items-center rounded border border-slate-200 bg-white text-slate-500 hover:bg-slate-100 disabled:text-slate-300"
        >
          {/* Greyed while discovery is asked again (disabled), not spun: an animation draws a frame every vsync. */}
          <span aria-hidden="true" className="inline-block">
            ↻
          </span>
        </button>
      </div>
      <p id={filterHintId} className="sr-only">
        Enter opens the only match.
      </p>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pt-2 pb-4">
        {discovery.isPending && <p className="px-2 py-1 text-xs text-slate-400">Discovering resources…</p>}
        {discovery.isError && <DiscoveryProblem error={discovery.error} onRetry={() => void discovery.refetch()} />}
        {!filtering && pinnedResources.length > 0 && (
          <ResourceSection title="Pinned" testId="pinned-resources" resources={pinnedResources} {...itemProps} qualified />
        )}
        {!filtering && recentResources.length > 0 && (
          <ResourceSection title="Recent" testId="recent-resources" resources={recentResources} {...itemProps} qualified />
        )}
        {data && filtering && shown.length === 0 && (
          <p className="px-2 py-1 text-xs text-slate-400" data-testid="navigator-empty">
            No resource matches “{filter.trim()}”.
          </p>
        )}
        {shown.map((g) => (
          <GroupSection
            key={g.group}
            group={g}
            expanded={filtering || !collapsed.has(g.group)}
            onToggle={() => toggleGroup(g.group)}
            {...itemProps}
          />
        ))}
      </div>
    </nav>
  );
}

function DiscoveryProblem({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const reason = error instanceof KubeApiError ? `${error.code || '—'} ${error.reason}` : 'Error';
  return (
    <div role="alert" data-testid="discovery-error" className="rounded border border-red-200 bg-red-50 px-2 py-1.5 text-xs text-red-900">
      <p className="font-semibold">Discovery failed: {reason}</p>
      <p className="mt-0.5 break-words text-red-800/90">{error.message}</p>
      <button type="button" onClick={onRetry} className="mt-1 font-medium text-red-800 underline">
        Retry
      </button>
    </div>
  );
}

interface ItemContext {
  context: string;
  namespace: string | null;
  active: Gvr | null;
}

function ResourceSection({
  title,
  testId,
  resources,
  qualified,
  ...item
}: ItemContext & { title: string; testId: string; resources: NavResource[]; qualified?: boolean }) {
  return (
    <section className="mb-3" data-testid={testId} aria-label={title}>
      <h2 className="px-2 pb-0.5 text-[11px] font-medium tracking-wide text-slate-400 uppercase">{title}</h2>
      <ul>
        {resources.map((r) => (
          <ResourceItem key={r.name} entry={r} qualified={qualified} {...item} />
        ))}
      </ul>
    </section>
  );
}

function GroupSection({ group, expanded, onToggle, ...item }: ItemContext & { group: NavGroup; expanded: boolean; onToggle: () => void }) {
  const listId = useId();
  const label = groupLabel(group.group);
  return (
    <section className="mb-1" data-testid="api-group" data-group={label} aria-label={`API group ${label}`}>
      <h2>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          onClick={onToggle}
          className="flex w-full items-center gap-1 rounded px-1 py-0.5 text-left text-[11px] font-medium tracking-wide text-slate-500 hover:bg-slate-100"
        >
          <span aria-hidden="true" className={`inline-block w-3 text-slate-400 transition-transform ${expanded ? 'rotate-90' : ''}`}>
            ›
          </span>
          <span className="truncate">{label}</span>
          <span className="ml-auto text-slate-400 tabular-nums">{group.resources.length || ''}</span>
        </button>
      </h2>
      {expanded && (
        <ul id={listId} className="mb-1">
          {group.resources.map((r) => (
            <ResourceItem key={r.name} entry={r} {...item} />
          ))}
          {group.stale.map((gv) => (
            <li key={gv} className="px-2 py-0.5 text-[11px] text-amber-700" data-testid="stale-group-version">
              {gv}: stale (its resources may be missing)
            </li>
          ))}
          {group.failed.map((f) => (
            <li
              key={f.groupVersion}
              data-testid="failed-group-version"
              title={f.error.message}
              className="mx-1 my-0.5 rounded border border-amber-200 bg-amber-50 px-1.5 py-1 text-[11px] text-amber-900"
            >
              <span className="font-mono">{f.groupVersion}</span> unavailable
              <span className="block font-semibold">
                {f.error.code || '—'} {f.error.reason}
              </span>
              <span className="block break-words text-amber-800/90">{f.error.message}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ResourceItem({ entry, qualified, context, namespace, active }: ItemContext & { entry: NavResource; qualified?: boolean }) {
  const [showVersions, setShowVersions] = useState(false);
  const pinned = useUiStore((s) => s.pinnedResources.includes(entry.name));
  const togglePinned = useUiStore((s) => s.togglePinnedResource);
  const r = entry.resource;
  const current = isSameResource(r, active);
  const activeVersion = current && active ? active.version : r.version;
  const versionsId = useId();
  const hasOthers = entry.otherVersions.length > 0;
  return (
    <li data-testid="nav-resource" data-resource={entry.name}>
      <div
        className={`group flex items-center rounded ${
          current ? 'bg-white shadow-sm ring-1 ring-slate-200' : 'hover:bg-slate-100'
        }`}
      >
        <a
          href={resourceListHref(context, r, namespace)}
          aria-current={current ? 'page' : undefined}
          title={`${r.kind} · ${r.groupVersion}${r.namespaced ? '' : ' · cluster-scoped'}`}
          className={`min-w-0 flex-1 truncate px-2 py-0.5 text-[13px] ${current ? 'font-medium text-indigo-700' : 'text-slate-700'}`}
        >
          {qualified ? entry.name : r.resource}
          {r.shortNames.length > 0 && <span className="ml-1.5 font-mono text-[10px] text-slate-400">{r.shortNames.join(',')}</span>}
        </a>
        {hasOthers && (
          <button
            type="button"
            aria-expanded={showVersions}
            aria-controls={showVersions ? versionsId : undefined}
            aria-label={`Versions of ${entry.name}`}
            onClick={() => setShowVersions(!showVersions)}
            className={`shrink-0 rounded px-1 font-mono text-[10px] ${
              activeVersion !== r.version ? 'bg-amber-100 text-amber-800' : 'text-slate-400 hover:bg-slate-200'
            }`}
          >
            {activeVersion}
          </button>
        )}
        <button
          type="button"
          aria-pressed={pinned}
          aria-label={`${pinned ? 'Unpin' : 'Pin'} ${entry.name}`}
          onClick={() => togglePinned(entry.name)}
          className={`shrink-0 px-1 text-xs ${
            pinned ? 'text-amber-500' : 'text-slate-300 opacity-0 group-hover:opacity-100 focus:opacity-100 hover:text-slate-500'
          }`}
        >
          <span aria-hidden="true">{pinned ? '★' : '☆'}</span>
        </button>
      </div>
      {hasOthers && showVersions && (
        <ul id={versionsId} className="mb-0.5 ml-4 border-l border-slate-200 pl-2" aria-label={`Versions of ${entry.name}`}>
          {[r, ...entry.otherVersions].map((v) => {
            const here = current && active?.version === v.version;
            return (
              <li key={v.version}>
                <a
                  href={resourceListHref(context, v, namespace)}
                  aria-current={here ? 'page' : undefined}
                  className={`block rounded px-1 font-mono text-[11px] ${here ? 'text-indigo-700' : 'text-slate-500 hover:bg-slate-100'}`}
                >
                  {v.groupVersion}
                  {v === r ? ' (preferred)' : ''}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}
