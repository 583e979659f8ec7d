// Read-only text of the object with line numbers. The Edit issue swaps this for Monaco: keep the props small.

export interface ObjectTextViewProps {
  text: string;
  /** Accessible name, e.g. "YAML of pod web-1". */
  label: string;
  language: 'yaml' | 'json';
}

export function ObjectTextView({ text, label, language }: ObjectTextViewProps) {
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  const numbers = lines.map((_, i) => i + 1).join('\n');
  return (
    <div className="flex min-w-0 overflow-auto rounded border border-slate-200 bg-slate-50 font-mono text-[12px] leading-5">
      <pre aria-hidden="true" className="sticky left-0 shrink-0 select-none border-r border-slate-200 bg-slate-100 px-2 py-2 text-right text-slate-400">
        {numbers}
      </pre>
      <pre role="region" aria-label={label} data-testid={`object-${language}`} data-language={language} className="min-w-0 flex-1 px-3 py-2 text-slate-800">
        <code>{lines.join('\n')}</code>
      </pre>
    </div>
  );
}
