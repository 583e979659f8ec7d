import { useState } from 'react';
import { revealHidden } from '../../components/ui/reveal-hidden';

const MAX_VALUE_CHARS = 60;

function Chip({ name, value, testId }: { name: string; value: string; testId: string }) {
  const [expanded, setExpanded] = useState(false);
  const text = revealHidden(value);
  const long = text.length > MAX_VALUE_CHARS;
  const shown = long && !expanded ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
  return (
    <li
      data-testid={testId}
      data-key={name}
      title={long ? value : undefined}
      className="flex max-w-full items-baseline rounded border border-slate-200 bg-white px-1.5 py-0.5 font-mono text-[12px] text-slate-700"
    >
      {/* Only the text truncates: the more/less button stays in view however long the key is. */}
      <span className={`min-w-0 ${expanded ? 'whitespace-pre-wrap [overflow-wrap:anywhere]' : 'truncate'}`}>
        <span className="text-slate-500">{revealHidden(name)}</span>
        {value !== '' && <span className="text-slate-400">=</span>}
        <span>{shown}</span>
      </span>
      {long && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-label={expanded ? `Collapse ${name}` : `Show all of ${name}`}
          onClick={() => setExpanded(!expanded)}
          className="ml-1 shrink-0 rounded px-1 text-[11px] font-sans text-indigo-600 hover:bg-indigo-50"
        >
          {expanded ? 'less' : 'more'}
        </button>
      )}
    </li>
  );
}

/** Labels or annotations as key=value chips (text only); long values truncated with the whole value on hover or expand. */
export function MetadataChips({ title, entries, testId }: { title: string; entries: Record<string, string> | undefined; testId: string }) {
  const pairs = Object.entries(entries ?? {});
  return (
    <div>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      {pairs.length === 0 ? (
        <p className="mt-1 text-xs text-slate-400">none</p>
      ) : (
        <ul aria-label={title} className="mt-1 flex flex-wrap gap-1">
          {pairs.map(([key, value]) => (
            <Chip key={key} name={key} value={String(value)} testId={testId} />
          ))}
        </ul>
      )}
    </div>
  );
}
