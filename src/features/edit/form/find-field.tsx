// "Find field": a field by name (`image`) or path (`spec.template.spec.containers`), offered from the schema.
import { useState } from 'react';
import type { FormField, FormModel } from '../../../k8s/openapi/form-model';

export interface FindFieldProps {
  model: FormModel;
  onFound: (field: FormField) => void;
}

export function FindField({ model, onFound }: FindFieldProps) {
  const [query, setQuery] = useState('');
  const hits = query.trim().length < 2 ? [] : model.search(query, 3000).filter((f) => !f.serverSet).slice(0, 8);
  const pick = (field: FormField) => {
    onFound(field);
    setQuery('');
  };
  return (
    <div className="relative">
      <input
        type="search"
        aria-label="Find field"
        placeholder="Find field (image, spec.replicas)…"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          const first = hits[0];
          if (e.key === 'Enter' && first) pick(first);
          if (e.key === 'Escape') setQuery('');
        }}
        className="w-72 rounded border border-slate-300 px-2 py-0.5 text-xs"
      />
      {hits.length > 0 && (
        <ul aria-label="Fields found" className="absolute z-10 mt-0.5 w-96 rounded border border-slate-200 bg-white py-0.5 shadow">
          {hits.map((f) => (
            <li key={f.schemaPath.join('.')}>
              <button type="button" onClick={() => pick(f)} className="block w-full truncate px-2 py-0.5 text-left font-mono text-xs text-slate-700 hover:bg-indigo-50">
                {f.schemaPath.join('.')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
