// What to compare with: another context, namespace or name for the same kind, chosen before anything is read.
import { useState, type FormEvent } from 'react';
import { useContexts } from '../../data/contexts-query';
import { buildApiPath, gvrOf, toUiPath } from '../../k8s/paths';
import { sideLabel, type Side } from './compare-sides';

const INPUT = 'rounded border border-slate-300 bg-white px-2 py-1 font-mono text-sm';

export function CompareTargetForm({ left, onCompare }: { left: Side; onCompare: (rightUiPath: string) => void }) {
  const contexts = useContexts().data?.contexts ?? [];
  const [context, setContext] = useState(left.context);
  const [namespace, setNamespace] = useState(left.path.namespace ?? '');
  const [name, setName] = useState(left.path.name ?? '');
  const isObject = left.path.name !== null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const apiPath = buildApiPath({ ...gvrOf(left.path), namespace: left.path.namespace !== null ? namespace.trim() || null : null, name: isObject ? name.trim() : null, subresource: null });
    onCompare(toUiPath(context, apiPath));
  };
  const same = context === left.context && namespace === (left.path.namespace ?? '') && (!isObject || name === left.path.name);
  return (
    <form onSubmit={submit} aria-label="Compare with" className="max-w-xl space-y-3 p-6 text-sm">
      <h1 className="text-sm font-semibold text-slate-900">Compare {sideLabel(left)} with</h1>
      <label className="flex items-center gap-2">
        <span className="w-24 text-slate-600">Context</span>
        <select value={context} onChange={(e) => setContext(e.target.value)} className={INPUT}>
          {contexts.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      {left.path.namespace !== null && (
        <label className="flex items-center gap-2">
          <span className="w-24 text-slate-600">Namespace</span>
          <input value={namespace} onChange={(e) => setNamespace(e.target.value)} spellCheck={false} className={INPUT} />
        </label>
      )}
      {isObject && (
        <label className="flex items-center gap-2">
          <span className="w-24 text-slate-600">Name</span>
          <input value={name} onChange={(e) => setName(e.target.value)} spellCheck={false} className={INPUT} />
        </label>
      )}
      <button type="submit" disabled={same || (isObject && name.trim() === '')} className="rounded border border-indigo-300 bg-white px-3 py-1 font-medium text-indigo-700 hover:bg-indigo-50 disabled:opacity-50">
        Compare
      </button>
      {same && <p className="text-xs text-slate-500">Choose another context, namespace or name.</p>}
    </form>
  );
}
