// Filters the kind's fields by path, name or description; each hit links to its field.
import { useMemo } from 'react';
import type { ExplainModel } from '../../k8s/openapi/explain-model';
import { FieldBadges } from './field-facts';

const MAX_HITS = 200;

export interface FieldSearchProps {
  model: ExplainModel;
  query: string;
  onQueryChange: (query: string) => void;
  hrefOf: (path: readonly string[]) => string;
}

export function FieldSearch({ model, query, onQueryChange, hrefOf }: FieldSearchProps) {
  const hits = useMemo(() => model.search(query), [model, query]);
  return (
    <div className="space-y-1">
      <input
        type="search"
        aria-label="Search fields"
        placeholder="Search fields by path, name or description…"
        value={query}
        onChange={(e) => onQueryChange(e.target.value)}
        className="h-8 w-full rounded border border-slate-300 px-2 text-sm focus:border-indigo-400 focus:outline-none"
      />
      {query.trim() && (
        <div data-testid="explain-search-results" className="rounded border border-slate-200 bg-white">
          <p className="border-b border-slate-100 px-2 py-1 text-xs text-slate-500" role="status">
            {hits.length === 0 ? `No field matches “${query.trim()}”.` : `${hits.length > MAX_HITS ? `First ${MAX_HITS} of ${hits.length}` : hits.length} matching ${hits.length === 1 ? 'field' : 'fields'}`}
          </p>
          <ul>
            {hits.slice(0, MAX_HITS).map((f) => (
              <li key={f.path.join('.')} data-testid="explain-search-hit" className="flex items-baseline gap-1.5 px-2 py-0.5 text-sm hover:bg-slate-50">
                <a href={hrefOf(f.path)} className="font-mono text-slate-900 hover:underline">
                  {f.path.join('.')}
                </a>
                <span className="shrink-0 font-mono text-xs text-emerald-700">&lt;{f.type}&gt;</span>
                <FieldBadges field={f} />
                <span className="min-w-0 flex-1 truncate text-xs text-slate-500" title={f.description}>
                  {f.description}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
