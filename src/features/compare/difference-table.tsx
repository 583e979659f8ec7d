// The fields where two objects differ, each side's value as text.
import type { Difference } from '../../k8s/compare/differences';

function valueText(value: unknown): string {
  if (value === undefined) return '(not set)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function DifferenceTable({ differences, leftLabel, rightLabel }: { differences: readonly Difference[]; leftLabel: string; rightLabel: string }) {
  return (
    <table className="w-full table-fixed text-left text-xs" aria-label="Differences" data-testid="differences">
      <thead>
        <tr className="text-slate-500">
          <th scope="col" className="w-2/5 py-1 pr-2 font-semibold">Field</th>
          <th scope="col" className="py-1 pr-2 font-semibold">{leftLabel}</th>
          <th scope="col" className="py-1 font-semibold">{rightLabel}</th>
        </tr>
      </thead>
      <tbody>
        {differences.map((d) => (
          <tr key={d.path} className="border-t border-slate-100 align-top" data-testid="difference">
            <td className="py-1 pr-2 font-mono break-all">{d.path}</td>
            <td className="py-1 pr-2 font-mono break-all text-red-800">{valueText(d.left)}</td>
            <td className="py-1 font-mono break-all text-emerald-800">{valueText(d.right)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
