// A small segmented tab list (YAML/JSON, Diff/Server object): one selected option, plain labels.
export interface SegmentedTabsProps<T extends string> {
  label: string;
  options: ReadonlyArray<readonly [T, string]>;
  value: T;
  onChange: (value: T) => void;
}

export function SegmentedTabs<T extends string>({ label, options, value, onChange }: SegmentedTabsProps<T>) {
  return (
    <div role="tablist" aria-label={label} className="inline-flex overflow-hidden rounded border border-slate-200">
      {options.map(([id, text]) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={value === id}
          onClick={() => onChange(id)}
          className={`px-3 py-0.5 text-xs font-medium ${value === id ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-50'}`}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
