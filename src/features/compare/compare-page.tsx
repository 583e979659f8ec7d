// Compare an object (or a list) with the same in another context or namespace, or with another object of its kind:
// what matters by default (status and server-set fields on demand); the URL holds the whole comparison.
import { compareHref, parseCompareSearch } from '../../k8s/compare/compare-link';
import { CompareTargetForm } from './compare-target-form';
import { sideLabel, sideOf } from './compare-sides';
import type { CompareTools } from './compare-tools';
import { ListComparison } from './list-comparison';
import { ObjectComparison } from './object-comparison';

export interface ComparePageProps {
  context: string;
  search: string;
  onNavigate: (to: string) => void;
  tools: CompareTools;
}

export function ComparePage({ context, search, onNavigate, tools }: ComparePageProps) {
  const sides = parseCompareSearch(search);
  const left = sideOf(sides.left);
  const right = sideOf(sides.right);
  if (!left) {
    return (
      <p role="alert" className="p-6 text-sm text-slate-700">
        Nothing to compare: the link names no object or list (<span className="font-mono">left=/c/&#123;context&#125;/apis/...</span>).
      </p>
    );
  }
  if (!right) return <CompareTargetForm left={left} onCompare={(rightUiPath) => onNavigate(compareHref(context, { ...sides, right: rightUiPath }))} />;
  if ((left.path.name === null) !== (right.path.name === null)) {
    return (
      <p role="alert" className="p-6 text-sm text-slate-700">
        One side is a list and the other an object: compare two objects, or two lists.
      </p>
    );
  }
  const list = left.path.name === null;
  return (
    <section aria-label="Comparison" className="flex min-h-0 flex-1 flex-col overflow-auto">
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-4 py-3">
        <h1 className="text-sm font-semibold text-slate-900">
          <a href={`${sides.left}`} className="hover:underline">{sideLabel(left)}</a> ↔ <a href={`${sides.right}`} className="hover:underline">{sideLabel(right)}</a>
        </h1>
        <label className="ml-auto flex items-center gap-1 text-xs text-slate-600">
          <input type="checkbox" checked={sides.everything} onChange={(e) => onNavigate(compareHref(context, { ...sides, everything: e.target.checked }))} />
          Show status and server-set fields
        </label>
        <a href={compareHref(context, { ...sides, right: null })} className="rounded border border-slate-200 px-2 py-0.5 text-xs font-medium text-slate-600 hover:bg-slate-50">
          Compare with another…
        </a>
      </header>
      {list ? <ListComparison left={left} right={right} everything={sides.everything} /> : <ObjectComparison left={left} right={right} everything={sides.everything} tools={tools} />}
    </section>
  );
}
