// What discovery says about the resource type: group, versions (preferred, deprecated), kind, scope, names, verbs.
import { useQueries } from '@tanstack/react-query';
import { deprecationQueryOptions } from '../../data/explain-query';
import { qualifiedName } from '../../k8s/discovery/resource-index';
import type { ApiResource } from '../../k8s/discovery/types';

export interface ExplainHeaderProps {
  context: string;
  resource: ApiResource;
  /** Every served version of the group/resource. */
  versions: ApiResource[];
  /** Link to a version of this resource. */
  hrefOfVersion: (version: string) => string;
  /** OpenAPI document the schema came from. */
  source: 'v2' | 'v3' | null;
}

export function ExplainHeader({ context, resource, versions, hrefOfVersion, source }: ExplainHeaderProps) {
  const deprecations = useQueries({
    queries: versions.map((v) => ({ ...deprecationQueryOptions(context, v), enabled: v.verbs.includes('list') })),
  });
  const facts: Array<[string, string]> = [
    ['group', resource.group === '' ? 'core' : resource.group],
    ['kind', resource.kind],
    ['scope', resource.namespaced ? 'Namespaced' : 'Cluster'],
    ['short names', resource.shortNames.join(', ') || '—'],
    ['categories', resource.categories.join(', ') || '—'],
    ['verbs', resource.verbs.join(', ') || '—'],
    ['subresources', resource.subresources.map((s) => s.name).join(', ') || '—'],
  ];
  const warnings = deprecations.flatMap((q, i) => (q.data ?? []).map((text) => ({ version: versions[i]?.version ?? '', text })));
  return (
    <header data-testid="explain-header" className="space-y-2">
      <h1 className="flex flex-wrap items-baseline gap-2">
        <span className="text-lg font-semibold text-slate-900">{resource.kind}</span>
        <span className="font-mono text-sm text-slate-500">{qualifiedName(resource)}</span>
        {source && <span className="text-xs text-slate-400">from /openapi/{source}</span>}
      </h1>
      <div className="flex flex-wrap items-center gap-1.5 text-xs" aria-label="Versions" role="group">
        <span className="text-slate-500">versions</span>
        {versions.map((v, i) => {
          const deprecated = (deprecations[i]?.data ?? []).length > 0;
          const current = v.version === resource.version;
          return (
            <a
              key={v.version}
              href={hrefOfVersion(v.version)}
              aria-current={current ? 'page' : undefined}
              data-testid="explain-version"
              data-deprecated={deprecated || undefined}
              className={`rounded border px-1.5 py-px font-mono ${current ? 'border-indigo-300 bg-indigo-50 text-indigo-900' : 'border-slate-200 text-slate-700 hover:bg-slate-50'}`}
            >
              {v.version}
              {v.preferredVersion && <span className="ml-1 text-[10px] text-emerald-700">preferred</span>}
              {deprecated && <span className="ml-1 text-[10px] text-amber-700">deprecated</span>}
            </a>
          );
        })}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs sm:grid-cols-[auto_1fr_auto_1fr]">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-500">{term}</dt>
            <dd className="font-mono text-slate-800" data-testid={`explain-${term.replace(' ', '-')}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {warnings.length > 0 && (
        <ul data-testid="explain-deprecations" className="rounded border border-amber-200 bg-amber-50 px-3 py-1.5 text-xs text-amber-900">
          {warnings.map((w) => (
            <li key={`${w.version}:${w.text}`}>
              <span className="font-mono">{w.version}</span>: {w.text}
            </li>
          ))}
        </ul>
      )}
    </header>
  );
}
