import { revealHidden } from '../../components/ui/reveal-hidden';
import { LiveAge } from './live-age';
import { TableHead } from './table-head';

export interface Condition {
  type?: string;
  status?: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
}

/** status.conditions of any object, when it has them. */
export function conditionsOf(status: unknown): Condition[] {
  const conditions = typeof status === 'object' && status !== null ? (status as { conditions?: unknown }).conditions : undefined;
  return Array.isArray(conditions) ? conditions.filter((c): c is Condition => typeof c === 'object' && c !== null) : [];
}

// Conditions where True is the bad news (node MemoryPressure, NetworkUnavailable, a Job's Failed).
const ABNORMAL_WHEN_TRUE = /(Pressure|Unavailable|Failed|Failure)$/;

/** Green when the condition reads healthy, red when not, amber for Unknown. */
export function conditionStyle(condition: Condition): string {
  if (condition.status !== 'True' && condition.status !== 'False') return 'text-amber-700';
  const healthy = (condition.status === 'True') !== ABNORMAL_WHEN_TRUE.test(condition.type ?? '');
  return healthy ? 'text-emerald-700' : 'text-red-700';
}

export function ConditionsTable({ conditions }: { conditions: Condition[] }) {
  return (
    <table data-testid="conditions" className="w-full text-left text-[13px]">
      <caption className="pb-1 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">Conditions</caption>
      <TableHead columns={['Type', 'Status', 'Reason', 'Message', 'Last transition']} />
      <tbody>
        {conditions.map((c, i) => (
          <tr key={`${c.type ?? ''}-${i}`} className="border-t border-slate-100 align-top">
            <td className="py-1 pr-3 font-medium text-slate-800">{c.type}</td>
            <td className={`py-1 pr-3 ${conditionStyle(c)}`}>{c.status}</td>
            <td className="py-1 pr-3 break-words text-slate-700">{revealHidden(c.reason ?? '')}</td>
            {/* anywhere, not break-word: a table sizes columns by min-content, which only `anywhere` lets wrap. */}
            <td className="py-1 pr-3 text-slate-600 [overflow-wrap:anywhere]">{revealHidden(c.message ?? '')}</td>
            <td className="py-1 whitespace-nowrap text-slate-600">
              <LiveAge timestamp={c.lastTransitionTime} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
