// Which container's log to show: one by name (init and ephemeral marked), or all of them interleaved.
import type { PodContainer } from './pod-containers';

/** `all=true` in the URL: every container, interleaved by time with a [container] prefix. */
export const ALL = 'all';

/** The picker's value for "every container". */
export const ALL_CONTAINERS = '*all';

export function ContainerPicker({ containers, value, onChange }: { containers: readonly PodContainer[]; value: string; onChange: (value: string) => void }) {
  return (
    <label className="inline-flex items-center gap-1 text-xs text-slate-700">
      Container
      <select className="rounded border border-slate-300 px-1 py-0.5 font-mono text-xs" value={value} onChange={(e) => onChange(e.target.value)} data-testid="log-container">
        {containers.map((c) => (
          <option key={c.name} value={c.name}>
            {c.name}
            {c.kind !== 'regular' ? ` (${c.kind})` : ''}
          </option>
        ))}
        {containers.length > 1 && <option value={ALL_CONTAINERS}>All containers</option>}
      </select>
    </label>
  );
}
